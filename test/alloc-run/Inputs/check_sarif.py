"""Checks the structure of a SARIF 2.1.0 log that alloc-run writes.

  check_sarif.py FILE

This checks, with plain Python, the parts of the 2.1.0 specification
alloc-run relies on and code-scanning services read: the log's version and
$schema, tool.driver (name, fullName, version, informationUri, rules with
id, Pascal-case name, shortDescription.text, fullDescription.text and
help.text, and for alloc-* rules a helpUri and help.markdown from their
page in docs/checks), results (ruleId and ruleIndex that agree with the
rules, level, message.text, locations with an artifactLocation uri relative
to a declared uriBaseId and a 1-based region), relatedLocations and fixes
(artifactChanges, replacements with deletedRegion and insertedContent). It
prints "sarif: ok, N results, M rules".

It needs nothing but Python, so every test can run it. The official JSON
schema and Microsoft's SARIF Multitool, which also applies GitHub's rules,
are not Debian packages: scripts/install-deps.sh fetches them, and
sarif-schema.test validates the logs with them (validate_schema.py).
"""
import json
import re
import sys

errors = []


def need(condition, what):
    if not condition:
        errors.append(what)
    return condition


def check_artifact(loc, base_ids, where):
    need(isinstance(loc.get('uri'), str) and loc['uri'], f'{where}.uri')
    if 'uriBaseId' in loc:
        need(loc['uriBaseId'] in base_ids, f'{where}.uriBaseId declared')
        need(not loc['uri'].startswith('/'), f'{where}.uri is relative')
    else:
        need(loc['uri'].startswith('file:'), f'{where}.uri is absolute')


def check_region(region, where):
    for key in ('startLine', 'startColumn'):
        if key in region:
            need(isinstance(region[key], int) and region[key] >= 1,
                 f'{where}.{key} >= 1')
    for key in ('byteOffset', 'byteLength', 'charOffset', 'charLength'):
        if key in region:
            need(isinstance(region[key], int) and region[key] >= 0,
                 f'{where}.{key} >= 0')


def check_location(location, base_ids, where):
    physical = location.get('physicalLocation')
    if need(isinstance(physical, dict), f'{where}.physicalLocation'):
        check_artifact(physical.get('artifactLocation', {}), base_ids,
                       f'{where}.artifactLocation')
        if 'region' in physical:
            check_region(physical['region'], f'{where}.region')


with open(sys.argv[1], encoding='utf-8') as f:
    log = json.load(f)
need(log.get('version') == '2.1.0', 'version is 2.1.0')
need('sarif-schema-2.1.0.json' in log.get('$schema', ''), '$schema')
need(isinstance(log.get('runs'), list) and len(log['runs']) == 1, 'one run')
run = log['runs'][0]
driver = run.get('tool', {}).get('driver', {})
need(driver.get('name') == 'alloc-tidy', 'tool.driver.name')
need(isinstance(driver.get('version'), str), 'tool.driver.version')
need(str(driver.get('fullName', '')).startswith('alloc-tidy'),
     'tool.driver.fullName')
need(str(driver.get('informationUri', '')).count(':') >= 1,
     'tool.driver.informationUri')
rules = driver.get('rules', [])
ids = [rule.get('id') for rule in rules]
need(len(ids) == len(set(ids)), 'rule ids are unique')
for i, rule in enumerate(rules):
    need(isinstance(rule.get('id'), str), f'rules[{i}].id')
    need(isinstance(rule.get('name'), str) and
         re.fullmatch(r'[A-Z][A-Za-z0-9]*', rule['name']),
         f'rules[{i}].name is Pascal-case')
    for key in ('shortDescription', 'fullDescription', 'help'):
        need(isinstance(rule.get(key, {}).get('text'), str) and
             rule[key]['text'], f'rules[{i}].{key}.text')
    if rule['id'].startswith('alloc-'):
        need(rule.get('helpUri', '').endswith(f"docs/checks/{rule['id']}.md"),
             f'rules[{i}].helpUri into docs/checks')
        need(rule.get('help', {}).get('markdown', '').startswith(
             f"# {rule['id']}\n"), f'rules[{i}].help.markdown is its page')
base_ids = set(run.get('originalUriBaseIds', {}))
for base in run.get('originalUriBaseIds', {}).values():
    need(base.get('uri', '').endswith('/'), 'a base uri ends with /')
need(run.get('columnKind') in (None, 'utf16CodeUnits', 'unicodeCodePoints'),
     'columnKind')
results = run.get('results')
need(isinstance(results, list), 'results')
for i, result in enumerate(results or []):
    where = f'results[{i}]'
    need(result.get('ruleId') in ids, f'{where}.ruleId is a rule')
    if 'ruleIndex' in result:
        need(0 <= result['ruleIndex'] < len(ids) and
             ids[result['ruleIndex']] == result.get('ruleId'),
             f'{where}.ruleIndex agrees with ruleId')
    need(result.get('level') in ('none', 'note', 'warning', 'error'),
         f'{where}.level')
    need(isinstance(result.get('message', {}).get('text'), str),
         f'{where}.message.text')
    for j, location in enumerate(result.get('locations', [])):
        check_location(location, base_ids, f'{where}.locations[{j}]')
    for j, location in enumerate(result.get('relatedLocations', [])):
        check_location(location, base_ids, f'{where}.relatedLocations[{j}]')
        need(isinstance(location.get('message', {}).get('text'), str),
             f'{where}.relatedLocations[{j}].message')
    for j, fix in enumerate(result.get('fixes', [])):
        changes = fix.get('artifactChanges')
        need(isinstance(changes, list) and changes,
             f'{where}.fixes[{j}].artifactChanges')
        for k, change in enumerate(changes or []):
            w = f'{where}.fixes[{j}].artifactChanges[{k}]'
            check_artifact(change.get('artifactLocation', {}), base_ids,
                           f'{w}.artifactLocation')
            need(isinstance(change.get('replacements'), list) and
                 change['replacements'], f'{w}.replacements')
            for m, repl in enumerate(change.get('replacements') or []):
                need(isinstance(repl.get('deletedRegion'), dict),
                     f'{w}.replacements[{m}].deletedRegion')
                check_region(repl.get('deletedRegion', {}),
                             f'{w}.replacements[{m}].deletedRegion')
                if 'insertedContent' in repl:
                    need(isinstance(repl['insertedContent'].get('text'), str),
                         f'{w}.replacements[{m}].insertedContent.text')
if errors:
    for error in errors:
        print(f'sarif: missing or wrong: {error}')
    sys.exit(1)
print(f'sarif: ok, {len(results)} results, {len(rules)} rules')
