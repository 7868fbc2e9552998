"""SARIF 2.1.0 output: the rules (from the checks' pages in docs/), the
results with their locations, fixes and measured savings, and the log of a
run, as GitHub code scanning and Azure DevOps read it (docs/ci.md)."""

import os
import re
from pathlib import Path
from urllib.parse import quote, urljoin

from .positions import Positions
from .profiles import measured_saving, ranked

SARIF_SCHEMA = ('https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/'
                'schemas/sarif-schema-2.1.0.json')


def rule_name(check):
    """The rule's friendly name, a Pascal-case identifier as SARIF
    recommends: alloc-deque-as-array -> DequeAsArray, and
    bugprone-use-after-move -> BugproneUseAfterMove."""
    if check.startswith('alloc-'):
        check = check[len('alloc-'):]
    return ''.join(word[:1].upper() + word[1:]
                   for word in re.split(r'[^A-Za-z0-9]+', check))


def doc_intro(page):
    """The opening paragraphs of a check's page, between its title and its
    first section, each on one line."""
    paragraphs = []
    for block in re.split(r'\n\s*\n', page):
        if block.lstrip().startswith('#'):
            if paragraphs:
                break
        elif block.strip():
            paragraphs.append(' '.join(block.split()))
    return paragraphs


def first_sentence(text):
    # A sentence ends at a full stop followed by a capital, so that `e.g.`
    # or a period inside code does not end it. An opening that introduces a
    # list ends with a colon; alone, it ends with a full stop.
    match = re.match(r'(.*?[.!?])\s+(?=[A-Z])', text)
    sentence = match.group(1) if match else text
    return sentence[:-1] + '.' if sentence.endswith(':') else sentence


def absolute_links(markdown, base):
    """MARKDOWN with its relative link targets resolved against BASE, the
    page's own URI: a code-scanning service shows the help away from the
    page, where `../ci.md` or `#options` would lead nowhere."""
    lines, fenced = [], False
    for line in markdown.splitlines(keepends=True):
        if line.lstrip().startswith(('```', '~~~')):
            fenced = not fenced
        elif not fenced:
            line = re.sub(r'(\]\()([^()\s]+)(\))',
                          lambda m: m.group(1) + urljoin(base, m.group(2)) +
                          m.group(3), line)
        lines.append(line)
    return ''.join(lines)


def rule_for(check, docs, docs_uri):
    """The reportingDescriptor of CHECK, whose page is in DOCS (the docs/
    folder, at DOCS_URI in the log). GitHub code scanning requires a
    shortDescription, fullDescription and help for every rule and shows the
    help (as Markdown) beside each alert; Azure DevOps requires a name."""
    doc = docs / 'checks' / f'{check}.md'
    help_uri = None
    if check.startswith('alloc-') and doc.is_file():
        help_uri = f'{docs_uri}checks/{check}.md'
        page = absolute_links(doc.read_text(encoding='utf-8'), help_uri)
        intro = doc_intro(page) or [check]
        short = first_sentence(intro[0])
        full = ' '.join(intro)
        rule_help = {'text': page, 'markdown': page}
    else:
        if (check.startswith('clang-diagnostic-') or
                check == 'clang-tidy-config'):
            short = f'clang diagnostic {check}'
        else:
            short = f'clang-tidy check {check}'
            module, _, name = check.partition('-')
            help_uri = ('https://clang.llvm.org/extra/clang-tidy/checks/'
                        f'{module}/{name}.html')
        full = short
        rule_help = {'text': f'{short}.'}
        if help_uri:
            rule_help = {'text': f'{short}: see {help_uri}',
                         'markdown': f'{short}: see [its documentation]'
                                     f'({help_uri}).'}
    rule = {'id': check, 'name': rule_name(check),
            'shortDescription': {'text': short},
            'fullDescription': {'text': full}}
    if help_uri:
        rule['helpUri'] = help_uri
    rule['help'] = rule_help
    return rule


def artifact_location(path, root):
    """A SARIF artifactLocation: a URI reference, so a space or a letter
    outside ASCII is percent-encoded ('my%20file.cpp', UTF-8 bytes)."""
    rel = os.path.relpath(path, root)
    if not rel.startswith('..'):
        return {'uri': quote(Path(rel).as_posix(), safe='/'),
                'uriBaseId': 'SRCROOT'}
    return {'uri': Path(path).as_uri()}


def physical_location(node, root, positions):
    location = {'artifactLocation': artifact_location(node['FilePath'], root)}
    pos = positions.position(node['FilePath'], node.get('FileOffset', 0))
    if pos:
        location['region'] = {'startLine': pos[0], 'startColumn': pos[1]}
    return {'physicalLocation': location}


def sarif_fix(diag, root, positions):
    changes = {}
    for node in [diag['DiagnosticMessage']] + list(diag.get('Notes') or []):
        for repl in node.get('Replacements') or []:
            path = repl['FilePath']
            region = {'byteOffset': repl['Offset'],
                      'byteLength': repl['Length']}
            pos = positions.position(path, repl['Offset'])
            if pos:
                region['startLine'], region['startColumn'] = pos
            changes.setdefault(path, []).append({
                'deletedRegion': region,
                'insertedContent': {'text': repl['ReplacementText']}})
    if not changes:
        return None
    return {
        'description': {'text': f"fix-it of {diag['DiagnosticName']}"},
        'artifactChanges': [
            {'artifactLocation': artifact_location(path, root),
             'replacements': repls} for path, repls in changes.items()]}


def tool_version(version_output):
    """(version, full name) from `alloc-tidy --version`: alloc-tidy's own
    version and the LLVM it was built for; another clang-tidy given with
    --alloc-tidy has only the LLVM version."""
    ours = re.search(r'alloc-tidy version (\S+), built for LLVM (\S+)',
                     version_output)
    if ours:
        return ours.group(1), (f'alloc-tidy {ours.group(1)} '
                               f'(LLVM {ours.group(2)})')
    llvm = re.search(r'version (\S+)', version_output)
    if llvm:
        return llvm.group(1), f'alloc-tidy (LLVM {llvm.group(1)})'
    return 'unknown', 'alloc-tidy'


def unit_notification(path, text, root, level='error'):
    """A toolExecutionNotification about one unit."""
    return {'level': level, 'message': {'text': text},
            'locations': [{'physicalLocation': {
                'artifactLocation': artifact_location(path, root)}}]}


SARIF_LEVELS = {'Error': 'error', 'Warning': 'warning', 'Remark': 'note'}


# The rank of an alloc-* finding whose check logged no static estimate
# (lib/analysis/decisions/StaticRank.h: NeutralStaticRank).
NEUTRAL_STATIC_RANK = 50


def static_rank_places(evidence):
    """{(check, real path, offset): (rank, why)} from the static ranks the
    checks logged beside their evidence (ALLOC_TIDY_PROFILE_EVIDENCE); the
    highest when several units rank one finding (a header's)."""
    places = {}
    for line in evidence:
        if 'staticRank' in line and line.get('file'):
            place = (line.get('check'), os.path.realpath(line['file']),
                     line.get('offset'))
            rank = (line['staticRank'], line.get('why', ''))
            if place not in places or rank[0] > places[place][0]:
                places[place] = rank
    return places


def static_rank_of(diag, places):
    """(rank, why) that \p places holds for \p diag, or None."""
    message = diag['DiagnosticMessage']
    if not places or not message.get('FilePath'):
        return None
    return places.get((diag['DiagnosticName'],
                       os.path.realpath(message['FilePath']),
                       message.get('FileOffset', 0)))


def sarif_result(diag, rule_index, root, positions, static_rank=None):
    """One clang-tidy diagnostic (with a location) as a SARIF result;
    \p static_rank: its (rank, why), if its check logged one."""
    message = diag['DiagnosticMessage']
    level = SARIF_LEVELS.get(diag.get('Level'), 'warning')
    result = {'ruleId': diag['DiagnosticName'], 'ruleIndex': rule_index,
              'level': level, 'message': {'text': message['Message']}}
    result['locations'] = [physical_location(message, root, positions)]
    related = []
    for note in diag.get('Notes') or []:
        if not note.get('FilePath'):
            continue
        location = physical_location(note, root, positions)
        location['id'] = len(related)
        location['message'] = {'text': note['Message']}
        related.append(location)
    if related:
        result['relatedLocations'] = related
    fix = sarif_fix(diag, root, positions)
    if fix:
        result['fixes'] = [fix]
    saving = measured_saving(diag)
    if saving is not None:
        result['properties'] = {'measuredAllocations': saving}
    if static_rank is not None:
        result.setdefault('properties', {}).update(
            staticRank=static_rank[0], staticRankReason=static_rank[1])
    return result


def sarif_saving(result):
    return result.get('properties', {}).get('measuredAllocations')


def sarif_static_rank(result):
    """The static rank of \p result: the one its check logged, else the
    neutral one for an alloc-* finding; None for another check's."""
    rank = result.get('properties', {}).get('staticRank')
    if rank is None and result.get('ruleId', '').startswith('alloc-'):
        rank = NEUTRAL_STATIC_RANK
    return rank


def rank_sarif_results(results):
    """\p results ranked (ranked()), each measured one with its rank
    (SARIF 2.1.0's result.rank: 0.0 to 100.0, higher first): its saving as a
    share of the largest of the run. The others keep the default, -1.0, no
    rank. In a run where no result was measured (no profile), each alloc-*
    result's rank is its static rank, the highest first."""
    results = ranked(results, sarif_saving)
    largest = max((sarif_saving(r) for r in results
                   if sarif_saving(r) is not None), default=0)
    if largest == 0 and not any(sarif_saving(r) is not None
                                for r in results):
        for result in results:
            rank = sarif_static_rank(result)
            if rank is None:
                result.pop('rank', None)
            else:
                result['rank'] = float(rank)
        # Stable: equal ranks keep their order (by location).
        return sorted(results, key=lambda r: -r.get('rank', -1.0))
    for result in results:
        saving = sarif_saving(result)
        if saving is None:
            result.pop('rank', None)
        else:
            result['rank'] = round(100.0 * saving / largest, 1) \
                if largest else 0.0
    return results


def to_sarif(diagnostics, root, version, docs, docs_uri, category=None,
             unit_problems=(), unit_notes=(), static_ranks=None):
    """\p docs: the docs/ folder, whose checks' pages are the rules' help,
    at \p docs_uri in the log. \p unit_problems: (file, text) for each
    unit whose analysis failed or is incomplete; they become error
    notifications of an execution that did not succeed, so that a run with
    failures never looks clean. \p unit_notes: (file, text) said about a
    unit that was analysed (a note). \p static_ranks: static_rank_places()
    of the run's evidence.
    A diagnostic without a location (which code scanning rejects as a
    result) is a notification of its level, credited to its check: an error
    (an invalid option) fails the execution, a warning (a stale profile)
    does not, as the exit status goes (docs/ci.md)."""
    positions = Positions()
    notifications = [unit_notification(path, text, root)
                     for path, text in unit_problems]
    notifications += [unit_notification(path, text, root, 'note')
                      for path, text in unit_notes]
    located = []
    for diag in diagnostics:
        if diag['DiagnosticMessage'].get('FilePath'):
            located.append(diag)
        else:
            notifications.append({
                'level': SARIF_LEVELS.get(diag.get('Level'), 'warning'),
                'message': {'text': f"{diag['DiagnosticMessage']['Message']} "
                                    f"[{diag['DiagnosticName']}]"},
                'associatedRule': {'id': diag['DiagnosticName']}})
    diagnostics = located
    checks = sorted({diag['DiagnosticName'] for diag in diagnostics})
    rules = [rule_for(check, docs, docs_uri) for check in checks]
    rule_index = {check: i for i, check in enumerate(checks)}
    results = [sarif_result(diag, rule_index[diag['DiagnosticName']], root,
                            positions, static_rank_of(diag, static_ranks))
               for diag in diagnostics]
    run = {'tool': {'driver': {
        'name': 'alloc-tidy',
        'fullName': version[1],
        'version': version[0],
        'informationUri': docs_uri + 'index.md', 'rules': rules}}}
    if category:
        # "category/", no run id: a code-scanning service keeps the latest
        # analysis of each category. Only on request: GitHub's upload-sarif
        # gives a run without one the category of its job (and matrix
        # entry) or its own `category` input, which an id here would
        # override; Azure DevOps wants the pipeline's identity there.
        run['automationDetails'] = {'id': f'{category}/'}
    run['originalUriBaseIds'] = {
        'SRCROOT': {'uri': Path(root).as_uri() + '/'}}
    run['columnKind'] = 'unicodeCodePoints'
    run['invocations'] = [{'executionSuccessful': not any(
        n['level'] == 'error' for n in notifications)}]
    if notifications:
        run['invocations'][0]['toolExecutionNotifications'] = notifications
    run['results'] = results
    return {'$schema': SARIF_SCHEMA, 'version': '2.1.0', 'runs': [run]}
