#!/usr/bin/env python3
"""alloc-run: alloc-tidy over a compile database, in parallel, with a cache.

  alloc-run -p BUILD_DIR [options] [FILE...]
  alloc-run merge OUT IN1 IN2... [--member-facts FACTS...]
                                     (SARIF .sarif/.json or YAML .yaml/.yml)

One alloc-tidy process per translation unit; its --export-fixes YAML is the
result (diagnostics, notes, levels, replacements) and its text output is kept
for the text report. Results are cached in BUILD_DIR/.alloc-run-cache: a
translation unit whose preprocessed input, command, alloc-tidy binary, checks
and configuration are unchanged is not analysed again. Data members are
decided from the facts of every unit (BUILD_DIR/alloc-member-facts.json);
sharded runs write theirs with --member-facts for merge. With --profile,
the checks read heapcount profiles, and findings are ranked by the
allocations the profiles say their fix would save. See docs/ci.md.

Exit status: 0 clean, 1 when alloc-tidy reported an error (including a
warning turned into one by --warnings-as-errors) or failed, 2 on bad usage.

This script holds the selection of units, the text and YAML output, merge
and the command line; the rest is in the package alloc_run_lib beside it
(its __init__.py lists the modules).
"""

import argparse
import concurrent.futures
import contextlib
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
import urllib.request
from urllib.parse import urlparse

import yaml

# The package alloc_run_lib is beside this script, in the source tree as in
# the build and install trees. Python puts the script's directory on its path
# unless told not to (-P, -I, PYTHONSAFEPATH), so it is put there here; no
# bytecode, so that an install tree keeps only the files installed.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
sys.dont_write_bytecode = True
from alloc_run_lib.database import load_database  # noqa: E402
from alloc_run_lib.explain import (  # noqa: E402
    EXPLAIN_DEFAULT, add_explanation_to_sarif, explain_sites,
    print_explanation)
from alloc_run_lib.findings import (  # noqa: E402
    diagnostic_key, without_template_arguments)
from alloc_run_lib.members import (  # noqa: E402
    MEMBER_FACTS_FILE, DecisionError, IncompleteFacts, apply_member_decisions,
    database_facts, decide_from_lines, decide_members, matches_globs,
    units_wanting_parameters, write_facts)
from alloc_run_lib.positions import Positions  # noqa: E402
from alloc_run_lib.profiles import (  # noqa: E402
    is_stale, measured_saving, profile_files, ranked, read_profile)
from alloc_run_lib.runner import Runner, Stopped  # noqa: E402
from alloc_run_lib.sarif import (  # noqa: E402
    physical_location, rank_sarif_results, rule_for, sarif_result,
    static_rank_places, to_sarif, tool_version)
from alloc_run_lib.usage import PROG, UsageError, fail_usage  # noqa: E402

# Replaced by the build (tools/alloc-run/CMakeLists.txt); from the source
# tree the docs are found beside the script.
DOCS_DIR = '@ALLOC_RUN_DOCS_DIR@'


# --- selecting units ---------------------------------------------------------

def git_top_level(directory):
    """The top of the git work tree that holds \p directory, or None."""
    try:
        top = subprocess.run(['git', '-C', directory, 'rev-parse',
                              '--show-toplevel'], capture_output=True,
                             text=True, check=False)
    except OSError:
        return None
    if top.returncode == 0 and top.stdout.strip():
        return os.path.normpath(top.stdout.strip())
    return None


def source_root(args, units):
    """The root of relative paths (SARIF, shards, --changed-since) and why:
    --source-root, else the git work tree of the database's sources, else
    the directory that holds them all. Never the current directory: run
    from elsewhere, the shards and the SARIF paths must not change."""
    if args.source_root:
        return os.path.abspath(args.source_root), '--source-root'
    directories = sorted({os.path.dirname(u.file) for u in units})
    if directories:
        top = git_top_level(directories[0])
        if top and all(os.path.commonpath([top, d]) == top
                       for d in directories):
            return top, 'the git work tree of the sources'
        return os.path.commonpath(directories), 'the directory of the sources'
    return os.path.abspath(args.build_dir), 'the build directory'


def shard_of(path, root, count):
    rel = os.path.relpath(path, root)
    return int(hashlib.sha256(rel.encode()).hexdigest()[:16], 16) % count


def changed_files(ref, root):
    """Absolute paths of files changed since REF in the work tree of the
    git repository that holds ROOT (untracked files included)."""
    def git(*cmd):
        proc = subprocess.run(['git', '-C', root] + list(cmd),
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            fail_usage(f"git {' '.join(cmd)} failed "
                       f"({proc.stderr.strip() or proc.returncode})")
        return proc.stdout

    top = git('rev-parse', '--show-toplevel').strip()
    names = git('diff', '--name-only', '--no-renames', ref, '--').split('\n')
    names += git('ls-files', '--others', '--exclude-standard').split('\n')
    return {os.path.normpath(os.path.join(top, n)) for n in names if n}


def select_units(units, args, runner, root):
    if args.files_positional:
        wanted = {os.path.normpath(os.path.abspath(f))
                  for f in args.files_positional}
        missing = wanted - {u.file for u in units}
        if missing:
            fail_usage(f"'{sorted(missing)[0]}' is not in the compilation "
                       f"database")
        units = [u for u in units if u.file in wanted]
    if args.files:
        try:
            regex = re.compile(args.files)
        except re.error as e:
            fail_usage(f"invalid --files regular expression ({e})")
        units = [u for u in units if regex.search(u.file)]
    if args.changed_since:
        changed = changed_files(args.changed_since, root)
        kept = []
        for unit in units:
            if unit.file in changed:
                kept.append(unit)
                continue
            # A unit whose headers changed, when the cache knows them.
            entry = runner.cache.load(runner.command_key(unit)) \
                if runner.cache else None
            if entry and any(d[0] in changed for d in entry['deps']):
                kept.append(unit)
        units = kept
    if args.shard:
        index, count = args.shard
        units = [u for u in units if shard_of(u.file, root, count) ==
                 index - 1]
    return units


# --- output ------------------------------------------------------------------

def unique_diagnostics(results):
    seen = {}
    for result in results:
        for diag in result.diagnostics:
            seen.setdefault(diagnostic_key(diag), diag)
    return list(seen.values())


# "file:line:col: warning: message [check,...]" starts a finding in the text
# output; its notes and snippet lines follow it.
FINDING_LINE = re.compile(
    r'^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?:warning|error): '
    r'(?P<message>.*) \[(?P<check>[^\],]+)[^\]]*\]$')


# "error: message [check]": a diagnostic without a location (an invalid
# option, a stale profile), which every unit repeats; printed once.
RUN_LINE = re.compile(r'^(?:warning|error): (?P<message>.*) '
                      r'\[(?P<check>[^\],]+)[^\]]*\]$')


def text_blocks(text, directory):
    """\p text in blocks: [key, text] for a finding with its notes and
    source lines, [None, text] for a line of its own ("N warnings
    generated."); relative paths in it are relative to \p directory."""
    blocks = []
    for line in text.splitlines(keepends=True):
        match = FINDING_LINE.match(line.rstrip('\n'))
        if match:
            key = (os.path.normpath(os.path.join(directory, match['file'])),
                   match['line'],
                   match['col'], match['check'],
                   without_template_arguments(match['message']))
            blocks.append([key, line])
        elif RUN_LINE.match(line.rstrip('\n')):
            match = RUN_LINE.match(line.rstrip('\n'))
            blocks.append([('', '', '', match['check'], match['message']),
                           line])
        elif blocks and (line.startswith((' ', '\t')) or
                         re.match(r'^.+?:\d+:\d+: note: ', line)):
            blocks[-1][1] += line
        else:
            blocks.append([None, line])
    return blocks


def unique_blocks(text, seen, directory):
    """text_blocks() of \p text without the findings already in \p seen
    (keys added)."""
    kept = []
    for key, block in text_blocks(text, directory):
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        kept.append((key, block))
    return kept


def unique_text(text, seen, directory):
    """\p text without the findings already in \p seen (keys added);
    relative paths in it are relative to \p directory."""
    return ''.join(block for _, block in unique_blocks(text, seen, directory))


class YamlDumper(yaml.SafeDumper):
    """Writes strings with line breaks in double quotes, as clang-tidy
    does."""


def _represent_str(dumper, value):
    style = '"' if '\n' in value else None
    return dumper.represent_scalar('tag:yaml.org,2002:str', value,
                                   style=style)


YamlDumper.add_representer(str, _represent_str)


def write_yaml(path, diagnostics):
    data = {'MainSourceFile': '', 'Diagnostics': diagnostics}
    with open(path, 'w', encoding='utf-8') as f:
        f.write('---\n')
        yaml.dump(data, f, Dumper=YamlDumper, sort_keys=False,
                  width=10 ** 6, allow_unicode=True)
        f.write('...\n')


def docs_dir():
    # An absolute path in the build tree; relative to this script when
    # installed (bin/../share/doc/alloc-tidy).
    here = Path(__file__).resolve().parent
    if not DOCS_DIR.startswith('@'):
        return here / DOCS_DIR
    return here.parent.parent / 'docs'


def docs_uri_base(args):
    """The URI of the docs/ folder: --docs-uri, or the local one."""
    if args.docs_uri:
        return args.docs_uri.rstrip('/') + '/'
    return docs_dir().resolve().as_uri() + '/'


def enables_no_check(result):
    """Whether alloc-tidy stopped because no check is enabled for the unit
    (no --checks, and no .clang-tidy above it that enables one)."""
    return (result.returncode != 0 and
            'no checks enabled' in result.stderr.lower())


def unit_problems(result):
    """(file, text) when the unit's analysis failed or is incomplete: a
    crash, a lost result, or errors that made the checks stand down (code
    that does not compile, an invalid option). A --warnings-as-errors
    finding is a result, not a problem of the run."""
    if result.failure:
        return [(result.unit.file, result.failure + '; its findings are '
                 'missing')]
    output = result.text + result.stderr
    if enables_no_check(result):
        return [(result.unit.file, f"no check is enabled for "
                 f"'{result.unit.file}': nothing was analysed")]
    if result.returncode != 0 and 'Error while processing' in output:
        return [(result.unit.file, f"'{result.unit.file}' was not analysed "
                 f"completely: it has errors (see the error results, or "
                 f"alloc-tidy's output); its findings may be incomplete")]
    if result.returncode != 0 and not any(
            d.get('Level') == 'Error' for d in result.diagnostics):
        # Exit status 1 with no error to show for it: never a clean run.
        errors = re.findall(r'^(?:.*: )?error: (.*)$', output, re.M)
        return [(result.unit.file, f"alloc-tidy failed on "
                 f"'{result.unit.file}' (exit status {result.returncode}"
                 f"{': ' + errors[0] if errors else ''})")]
    return []


def write_json(path, data):
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(data, f, indent=2)
        f.write('\n')


# --- decided findings as text (the decisions: alloc_run_lib/members.py) ------

def finding_text(diag, positions):
    """A diagnostic in clang-tidy's text form, without the source lines."""
    def where(node):
        pos = positions.position(node['FilePath'], node.get('FileOffset', 0))
        line, column = pos or (0, 0)
        return f"{node['FilePath']}:{line}:{column}"
    message = diag['DiagnosticMessage']
    check = diag['DiagnosticName']
    if diag.get('Level') == 'Error':
        text = [f"{where(message)}: error: {message['Message']} "
                f"[{check},-warnings-as-errors]"]
    else:
        text = [f"{where(message)}: warning: {message['Message']} [{check}]"]
    for note in diag.get('Notes') or []:
        if note.get('FilePath'):
            text.append(f"{where(note)}: note: {note['Message']}")
    return ''.join(line + '\n' for line in text)


def text_key(diag, positions):
    """The key unique_text() gives \p diag's first line."""
    message = diag['DiagnosticMessage']
    line, column = positions.position(message['FilePath'],
                                      message.get('FileOffset', 0)) or (0, 0)
    return (os.path.normpath(message['FilePath']), str(line), str(column),
            diag['DiagnosticName'],
            without_template_arguments(message['Message']))


# --- merge -------------------------------------------------------------------

def parse_merge_args(argv):
    p = Parser(prog=f'{PROG} merge', description='Merges the SARIF logs or '
               'exported fixes of sharded runs into one.')
    p.add_argument('--member-facts', action='extend', nargs='+', default=[],
                   metavar='FILE', help="the shards' member facts (each "
                   "run's --member-facts; put this option last); with those "
                   "of every shard, data members are decided across the "
                   "whole database")
    p.add_argument('--alloc-tidy', dest='tool',
                   help='the alloc-tidy binary (default: beside alloc-run)')
    p.add_argument('--warnings-as-errors', metavar='GLOBS',
                   help='exit 1 when a finding of a member decided across '
                   'shards matches (as the shards were run)')
    p.add_argument('out', metavar='OUT')
    p.add_argument('inputs', metavar='IN', nargs='+')
    return p.parse_args(argv)


def shards_with_facts(inputs):
    """The SARIF logs among \p inputs written by a shard that recorded member
    facts (--member-facts): merging them without those facts would decide
    the members by each unit alone, unseen."""
    found = []
    for path in inputs:
        if not path.endswith('.sarif'):
            continue
        try:
            with open(path, encoding='utf-8') as f:
                run = json.load(f)['runs'][0]
        except (OSError, ValueError, KeyError, IndexError):
            continue  # merge_outputs() says what is wrong with it
        if run.get('properties', {}).get('allocRunMemberFacts'):
            found.append(path)
    return found


def merge_member_decisions(args):
    """The decisions from the shards' member facts, or None without them."""
    if not args.member_facts:
        with_facts = shards_with_facts(args.inputs)
        if with_facts:
            fail_usage(f"cannot decide data members across the shards: "
                       f"'{with_facts[0]}' comes from a shard that wrote "
                       f"member facts, and merge was given none; pass every "
                       f"shard's file with --member-facts")
        return None
    tool = find_tool(args)
    for path in args.member_facts:
        if not os.path.isfile(path):
            fail_usage(f"cannot read --member-facts '{path}'")
    fd, out = tempfile.mkstemp(prefix='alloc-run-', suffix='.json')
    os.close(fd)
    try:
        return decide_members(tool, args.member_facts, out)
    except IncompleteFacts as e:
        if e.missing:
            fail_usage(f'cannot decide data members across the shards: {e}')
        # Units with errors: as in a run over the whole database, each unit
        # decides its members alone.
        print(f'{PROG}: note: data members and records are decided by each '
              f'unit alone: {e}', file=sys.stderr)
        return None
    except DecisionError as e:
        fail_usage(f'cannot decide data members across the shards ({e})')
    finally:
        os.unlink(out)


def merge(argv):
    args = parse_merge_args(argv)
    decisions = merge_member_decisions(args)
    status = merge_outputs(args.out, args.inputs, decisions,
                           args.warnings_as_errors)
    return status


def merge_outputs(out, inputs, decisions, error_globs):
    if out.endswith(('.yaml', '.yml')):
        seen = {}
        for path in inputs:
            try:
                with open(path, encoding='utf-8') as f:
                    data = yaml.safe_load(f) or {}
            except (OSError, yaml.YAMLError) as e:
                fail_usage(f"cannot read '{path}' ({e})")
            # Only exported fixes merge into exported fixes: a SARIF log (JSON
            # is YAML too) would otherwise give an empty, clean-looking file.
            if not isinstance(data, dict) or 'Diagnostics' not in data:
                fail_usage(f"cannot merge '{path}' into '{out}': it is not a "
                           "file of exported fixes (YAML with 'Diagnostics'); "
                           "merge SARIF logs into a .sarif file")
            for diag in data.get('Diagnostics') or []:
                seen.setdefault(diagnostic_key(diag), diag)
        diagnostics, added = list(seen.values()), []
        if decisions is not None:
            diagnostics, _, added, _ = apply_member_decisions(
                diagnostics, decisions, error_globs)
        write_yaml(out, sorted(diagnostics, key=yaml_order))
        return 1 if any(d.get('Level') == 'Error' for d in added) else 0
    merged = None
    rules, results, seen = {}, [], set()
    # A shard that failed makes the whole run fail: its notifications go
    # into the merged log, so code scanning never sees a clean run.
    notifications, successful = [], True
    for path in inputs:
        try:
            with open(path, encoding='utf-8') as f:
                data = json.load(f)
            run = data['runs'][0]
        except (OSError, ValueError, KeyError, IndexError) as e:
            fail_usage(f"cannot read SARIF '{path}' ({e}); exported fixes "
                       "merge into a .yaml file")
        category = run.get('automationDetails', {}).get('id')
        if merged is None:
            merged, first, first_category = data, path, category
        elif category != first_category:
            # One run has one category: shards of different analyses do
            # not make one.
            fail_usage(f"cannot merge '{path}' (category "
                       f"{category or 'none'}) with '{first}' (category "
                       f"{first_category or 'none'})")
        for invocation in run.get('invocations', []):
            successful &= invocation.get('executionSuccessful', True)
            notifications += invocation.get('toolExecutionNotifications', [])
        for rule in run['tool']['driver'].get('rules', []):
            rules.setdefault(rule['id'], rule)
        for result in run.get('results', []):
            # The rank is the share of the largest saving of each shard's
            # run; the merged run ranks its results again.
            key = json.dumps({k: v for k, v in result.items()
                              if k not in ('ruleIndex', 'rank')},
                             sort_keys=True)
            if key not in seen:
                seen.add(key)
                results.append(result)
    if merged is None:
        fail_usage('merge needs at least one input')
    failed_by_member = False
    if decisions is not None:
        results, added = apply_member_decisions_sarif(
            results, rules, merged['runs'][0], decisions, error_globs)
        failed_by_member = any(r['level'] == 'error' for r in added)
    order = sorted(rules)
    for result in results:
        result['ruleIndex'] = order.index(result['ruleId'])
    results = rank_sarif_results(sorted(results, key=sarif_order))
    run = merged['runs'][0]
    run['tool']['driver']['rules'] = [rules[r] for r in order]
    run.get('properties', {}).pop('allocRunMemberFacts', None)
    if not run.get('properties', True):
        run.pop('properties')
    run.pop('results', None)
    run['invocations'] = [{'executionSuccessful': successful}]
    if notifications:
        run['invocations'][0]['toolExecutionNotifications'] = notifications
    run['results'] = results
    merged['runs'] = [run]
    write_json(out, merged)
    return 1 if failed_by_member else 0


def apply_member_decisions_sarif(results, rules, run, decisions, error_globs):
    """apply_member_decisions() on SARIF results: a result of a decided
    member is found by its rule and its location (the member's name)."""
    root_uri = run.get('originalUriBaseIds', {}).get('SRCROOT', {}).get('uri')
    root = Path(urllib.request.url2pathname(urlparse(root_uri).path)) \
        if root_uri else Path('/')
    positions = Positions()
    places = set()
    for member in decisions.get('members', []):
        location = physical_location({'FilePath': member['file'],
                                      'FileOffset': member['offset']},
                                     str(root), positions)
        places.add((member['check'], json.dumps(location, sort_keys=True)))

    def place(result):
        loc = (result.get('locations') or [{}])[0]
        return (result['ruleId'], json.dumps(
            {'physicalLocation': loc.get('physicalLocation')},
            sort_keys=True))
    kept = [r for r in results if place(r) not in places]
    # Rules for checks that no shard reported, from the docs the shards
    # link to.
    information = run['tool']['driver'].get('informationUri', '')
    docs_uri = information[:-len('index.md')] \
        if information.endswith('index.md') \
        else docs_dir().resolve().as_uri() + '/'
    added = []
    for member in decisions.get('members', []):
        finding = member.get('finding')
        if member['action'] not in ('fix', 'warn') or not finding:
            continue
        if matches_globs(finding['DiagnosticName'], error_globs):
            finding['Level'] = 'Error'
        check = finding['DiagnosticName']
        rules.setdefault(check, rule_for(check, docs_dir(), docs_uri))
        added.append(sarif_result(finding, 0, str(root), positions))
    return kept + added, added


def yaml_order(diag):
    m = diag['DiagnosticMessage']
    return (m.get('FilePath', ''), m.get('FileOffset', 0),
            diag['DiagnosticName'], m.get('Message', ''))


def sarif_order(result):
    loc = (result.get('locations') or [{}])[0].get('physicalLocation', {})
    region = loc.get('region', {})
    return (loc.get('artifactLocation', {}).get('uri', ''),
            region.get('startLine', 0), region.get('startColumn', 0),
            result['ruleId'], result['message']['text'])


# --- main --------------------------------------------------------------------

class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print(f'{PROG}: error: {message}', file=sys.stderr)
        sys.exit(2)


def parse_shard(text):
    match = re.fullmatch(r'(\d+)/(\d+)', text)
    if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise argparse.ArgumentTypeError(
            f"invalid shard '{text}': expected I/N with 1 <= I <= N")
    return int(match.group(1)), int(match.group(2))


def parse_jobs(text):
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"invalid job count '{text}'")
    return int(text)


def parse_count(text):
    # The checks read MinProfiledAllocations up to 2^32 - 1.
    if not re.fullmatch(r'[0-9]+', text) or int(text) > 0xFFFFFFFF:
        raise argparse.ArgumentTypeError(
            f"invalid count '{text}': expected a whole number from 0 to "
            f"4294967295")
    return int(text)


def parse_args(argv):
    p = Parser(prog=PROG, description='Runs alloc-tidy over a compilation '
               'database in parallel, with a cache of results.')
    p.add_argument('-p', dest='build_dir', required=True,
                   help='the build directory with compile_commands.json')
    p.add_argument('files_positional', nargs='*', metavar='FILE',
                   help='only these files of the database')
    p.add_argument('--checks', help="passed to alloc-tidy (e.g. '-*,alloc-*')")
    p.add_argument('--config', help='passed to alloc-tidy')
    p.add_argument('--config-file', help='passed to alloc-tidy')
    p.add_argument('--warnings-as-errors', help='passed to alloc-tidy')
    p.add_argument('--extra-arg', action='append', default=[])
    p.add_argument('--extra-arg-before', action='append', default=[])
    p.add_argument('-j', '--jobs', type=parse_jobs, default=os.cpu_count(),
                   help='parallel alloc-tidy processes (default: all cores)')
    p.add_argument('--files', metavar='REGEX',
                   help='only files whose path matches REGEX')
    p.add_argument('--changed-since', metavar='GIT_REF',
                   help='only files changed since GIT_REF (and units whose '
                   'cached headers changed)')
    p.add_argument('--shard', type=parse_shard, metavar='I/N',
                   help='only the I-th of N stable shards of the units')
    p.add_argument('--source-root', help='root of relative paths in SARIF '
                   'and of shard assignment (default: the git work tree of '
                   'the sources)')
    p.add_argument('--sarif', metavar='FILE', help='write SARIF 2.1.0')
    p.add_argument('--sarif-category', metavar='NAME',
                   help='the analysis category (automationDetails.id) in '
                   'SARIF; by default none, left to the uploader')
    p.add_argument('--export-fixes', metavar='FILE',
                   help='write the fixes as clang-tidy YAML')
    p.add_argument('--docs-uri', metavar='URL', help='where docs/ is '
                   'published, for the rules\' helpUri in SARIF (default: '
                   'the local docs/ folder as a file: URI)')
    p.add_argument('--cache-dir', help='default BUILD_DIR/.alloc-run-cache')
    p.add_argument('--no-cache', action='store_true')
    p.add_argument('--alloc-tidy', dest='tool',
                   help='the alloc-tidy binary (default: beside alloc-run)')
    p.add_argument('--no-whole-program', dest='whole_program',
                   action='store_false',
                   help='decide data members from each unit alone, not '
                   'from the facts of every unit of the database')
    p.add_argument('--member-facts', metavar='FILE',
                   help="write the units' member facts (for 'alloc-run "
                   "merge --member-facts' after sharded runs)")
    p.add_argument('--profile', action='append', default=[],
                   metavar='FILE', help='a heapcount profile for the checks '
                   '(repeatable: several runs count as one); findings are '
                   'ranked by the allocations their fix would save')
    p.add_argument('--explain', type=parse_count, default=EXPLAIN_DEFAULT,
                   metavar='N', help='with --profile, the profiles\' N '
                   'busiest sites, each with the finding that removes it or '
                   'why none does, and the allocation coverage (default '
                   f'{EXPLAIN_DEFAULT}; 0 for none)')
    p.add_argument('--min-profiled-allocations', type=parse_count,
                   metavar='N', help='silence findings whose code the '
                   'profiles cover but that made fewer than N allocations '
                   '(0 reports everything)')
    p.add_argument('--stats', action='store_true',
                   help='print how many units were analysed and replayed')
    p.add_argument('--progress', choices=['auto', 'always', 'never'],
                   default='auto')
    args = p.parse_args(argv)
    if args.no_cache and args.cache_dir:
        p.error('--cache-dir and --no-cache exclude each other')
    args.build_dir = os.path.abspath(args.build_dir)
    if not os.path.isdir(args.build_dir):
        fail_usage(f"no compilation database (compile_commands.json) in "
                   f"'{args.build_dir}' (no such directory)")
    if args.config_file is not None and not os.path.isfile(args.config_file):
        fail_usage(f"cannot read --config-file '{args.config_file}'")
    if args.sarif_category is not None:
        args.sarif_category = args.sarif_category.strip('/')
        if not args.sarif_category:
            p.error('--sarif-category must not be empty')
    if args.cache_dir is None:
        args.cache_dir = os.path.join(args.build_dir, '.alloc-run-cache')
    args.profile = [os.path.abspath(path) for path in args.profile]
    for path in args.profile:
        read_profile(path)
    return args


def find_tool(args):
    if args.tool:
        tool = args.tool
    else:
        tool = os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])),
                            'alloc-tidy')
    if not os.access(tool, os.X_OK):
        fail_usage(f"cannot find alloc-tidy at '{tool}' (use --alloc-tidy)")
    return tool


def show_progress(args):
    if args.progress != 'auto':
        return args.progress == 'always'
    return sys.stderr.isatty() and os.environ.get('CI', '').lower() != 'true'


def print_unit(result, printed_findings):
    sys.stdout.write(unique_text(result.text, printed_findings,
                                 result.unit.directory))
    sys.stdout.flush()
    print_unit_stderr(result)


def print_unit_stderr(result):
    """A unit's errors as alloc-tidy wrote them, and alloc-run's notes on
    it."""
    # Said once for the whole run, at its end.
    if result.stderr and result.returncode != 0 and not enables_no_check(
            result):
        sys.stderr.write(result.stderr)
    for note in result.notes:
        print(f'{PROG}: note: {note}', file=sys.stderr)


def plural(count, noun):
    """'1 finding', '2 findings'."""
    return f'{count} {noun}' + ('' if count == 1 else 's')


@contextlib.contextmanager
def stopping_pool(runner, jobs):
    """A thread pool for the units that stops with alloc-run: on SIGTERM
    or SIGINT (Stopped, KeyboardInterrupt) the running alloc-tidy processes
    are terminated and the units not started are dropped, and the workers
    finish, removing their temporary files, before the exception goes on."""
    pool = concurrent.futures.ThreadPoolExecutor(jobs)
    try:
        yield pool
    except BaseException as e:
        runner.stop(e.signum if isinstance(e, Stopped) else signal.SIGINT)
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def on_stop_signal(signum, _frame):
    # Once: a second signal must not interrupt the clean-up.
    signal.signal(signum, signal.SIG_IGN)
    raise Stopped(signum)


def narrowed_note(args, selected, total, results):
    """What a run over part of the database (FILE, --files,
    --changed-since) leaves undone: the decisions across units, when the
    units recorded data members to decide."""
    if not args.whole_program or args.shard or selected == total or \
            not any(r.facts for r in results):
        return None
    how = ', '.join(name for name, given in (
        ('FILE', args.files_positional), ('--files', args.files),
        ('--changed-since', args.changed_since)) if given)
    return (f'note: {selected} of the {total} units of the compile '
            f'database analysed ({how}): data members and records are '
            f'decided by each unit alone; the decisions across units need a '
            f'run over the whole database')


def print_ranked(held, decided, printed_findings, savings, positions):
    """The held units' text and the findings decided across units
    (\p decided), measured findings first (ranked()); a unit's errors go to
    stderr as print_unit() writes them."""
    blocks = []
    for ready in held:
        blocks += unique_blocks(ready.text, printed_findings,
                                ready.unit.directory)
        print_unit_stderr(ready)
    for diag in decided:
        blocks.append((text_key(diag, positions),
                       finding_text(diag, positions)))
    for _, block in ranked(blocks, lambda block: savings.get(block[0])):
        # A unit's last line may lack its line break: not in the middle.
        sys.stdout.write(block if block.endswith('\n') else block + '\n')
    sys.stdout.flush()


TOP_FINDINGS = 10


def print_measurements(args, diagnostics, root, positions):
    """With --profile, the findings of the largest measured saving; with
    --profile or --stats, how many findings the profiles measured and how
    many are in files they saw in another version. Findings silenced as
    cold (--min-profiled-allocations) are not reported, so not counted."""
    # A diagnostic without a location (a stale profile's warning) is about
    # the run, not a finding.
    findings = [d for d in diagnostics
                if d['DiagnosticMessage'].get('FilePath')]
    measured = [(measured_saving(d), d) for d in findings]
    measured = ranked([m for m in measured if m[0] is not None],
                      lambda m: m[0])
    stale = sum(1 for d in diagnostics if is_stale(d))
    if args.profile and measured:
        print(f'{PROG}: top {min(len(measured), TOP_FINDINGS)} findings by '
              f'measured saving:', file=sys.stderr)
        width = len(f'{measured[0][0]:,}')
        for saving, diag in measured[:TOP_FINDINGS]:
            message = diag['DiagnosticMessage']
            line, column = positions.position(
                message['FilePath'], message.get('FileOffset', 0)) or (0, 0)
            place = os.path.relpath(message['FilePath'], root)
            if place.startswith('..'):
                place = message['FilePath']
            text = message['Message']
            if len(text) > 72:
                text = text[:69] + '...'
            print(f'{PROG}:   {saving:>{width},}  {place}:{line}:{column}  '
                  f"{diag['DiagnosticName']}  {text}", file=sys.stderr)
    if args.profile or (args.stats and (profile_files(args) or measured or
                                        stale)):
        print(f'{PROG}: {len(measured)} of {plural(len(findings), "finding")} '
              f'with a measured saving; {stale} in files the profiles saw in '
              f'another version (stale)', file=sys.stderr)


def analyse_again(runner, args, again, results, held, decisions):
    """\p again (results of units that handed containers to functions of
    other units) replaced by analyses with the whole program's
    \p decisions; a unit whose second analysis fails keeps its first."""
    with stopping_pool(runner, args.jobs) as pool:
        redone = dict(zip(
            (id(r) for r in again),
            pool.map(lambda r: runner.analyse_with_decisions(r.unit,
                                                             decisions),
                     again)))
    replaced = {}
    for first in again:
        second = redone[id(first)]
        if second.failure or second.returncode not in (0, 1):
            why = second.failure or f'exit status {second.returncode}'
            print(f"{PROG}: note: '{first.unit.file}' keeps the findings of "
                  f"its first analysis: analysing it again with the other "
                  f"units' records failed ({why})", file=sys.stderr)
            continue
        # The first analysis's facts and cache entry stand: the second
        # only judges calls into other units.
        second.facts = first.facts
        second.cached = first.cached
        replaced[id(first)] = second
    return ([replaced.get(id(r), r) for r in results],
            [replaced.get(id(r), r) for r in held])


def main(argv):
    if argv and argv[0] == 'merge':
        if len(argv) < 3:
            fail_usage('usage: alloc-run merge OUT IN1 [IN2...] '
                       '[--member-facts FILE...]')
        return merge(argv[1:])
    args = parse_args(argv)
    tool = find_tool(args)
    units = load_database(args.build_dir)
    database_units = units
    runner = Runner(args, tool)
    root, root_reason = source_root(args, units)
    all_units = len(units)
    units = select_units(units, args, runner, root)
    # Member decisions across units need every unit's facts: a run over
    # part of the database (files, --changed-since) keeps each unit's own
    # decisions; shards leave them to 'merge'.
    whole_program = (args.whole_program and not args.shard and
                     len(units) == all_units)
    # With profiles the findings are ranked by their measured saving: the
    # text waits for every unit, as it does for the member decisions.
    hold = whole_program or bool(profile_files(args))
    progress = show_progress(args)
    start = time.monotonic()
    results = []
    seen_findings = set()
    printed_findings = set()
    failures = []
    held = []
    # Output goes in database order (deterministic logs): a unit's text is
    # printed as soon as every unit before it is done.
    finished = {}
    printed = 0
    with stopping_pool(runner, args.jobs) as pool:
        futures = {pool.submit(runner.run, u): i for i, u in enumerate(units)}
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            results.append(result)
            finished[futures[future]] = result
            seen_findings.update(diagnostic_key(d)
                                 for d in result.diagnostics)
            if progress:
                sys.stderr.write('\r\033[K')
            while printed in finished:
                ready = finished.pop(printed)
                printed += 1
                if hold:
                    held.append(ready)  # printed once members are decided
                else:
                    print_unit(ready, printed_findings)
                if ready.failure:
                    failures.append(ready.failure)
                    print(f'{PROG}: error: {ready.failure}', file=sys.stderr)
            if progress:
                done = len(results)
                elapsed = time.monotonic() - start
                eta = elapsed / done * (len(units) - done)
                sys.stderr.write(f'[{done}/{len(units)}] '
                                 f'{len(seen_findings)} findings, '
                                 f'ETA {eta:.0f}s')
                sys.stderr.flush()
    if progress:
        sys.stderr.write('\r\033[K')
    for note in runner.notes:
        print(f'{PROG}: {note}', file=sys.stderr)
    order = {u.file: i for i, u in enumerate(units)}
    results.sort(key=lambda r: order[r.unit.file])
    diagnostics = unique_diagnostics(results)
    problems = [p for r in results for p in unit_problems(r)]
    facts = [line for r in results for line in r.facts]
    if facts:
        facts.insert(0, database_facts(args.build_dir, database_units))
    if args.member_facts:
        write_facts(args.member_facts, facts)
    added, replaced, member_note = [], [], None
    if whole_program and problems:
        member_note = (f'note: data members and records are decided by each '
                       f'unit alone: '
                       f'{len(problems)} of {len(results)} units '
                       f'{"was" if len(problems) == 1 else "were"} not '
                       f'analysed completely, and a decision across units '
                       f'needs the facts of all of them')
    elif whole_program and facts:
        # Without facts (no member check ran) the decisions a full run left
        # for the editor stay as they are.
        try:
            decisions = decide_from_lines(
                tool, facts, os.path.join(args.build_dir, MEMBER_FACTS_FILE))
        except IncompleteFacts as e:
            # A unit whose checks wrote nothing (another .clang-tidy turns the
            # member checks off there): no decision across units.
            decisions = None
            member_note = (f'note: data members and records are decided by '
                           f'each unit alone: {e}')
        except (DecisionError, OSError) as e:
            decisions = None
            failure = f'cannot decide data members across units ({e})'
            failures.append(failure)
            problems.append((args.build_dir, failure))
            print(f'{PROG}: error: {failure}', file=sys.stderr)
        if decisions is not None:
            again = units_wanting_parameters(results, decisions)
            analysed_again = len(again)
            if again:
                results, held = analyse_again(
                    runner, args, again, results, held,
                    os.path.join(args.build_dir, MEMBER_FACTS_FILE))
                diagnostics = unique_diagnostics(results)
            diagnostics, removed, added, replaced = apply_member_decisions(
                diagnostics, decisions, args.warnings_as_errors)
            # The units' text of a replaced finding is printed as the
            # decision has it.
            positions = Positions()
            printed_findings.update(text_key(d, positions)
                                    for d in removed + replaced)
            decided = len(decisions.get('members', []))
            what = ('data member or record' if decided == 1 else
                    'data members and records')
            member_note = (f'{decided} {what} decided across '
                           f'{plural(len(results), "unit")}: '
                           f'{plural(len(added), "finding")} '
                           f'no single unit could make, {len(removed)} '
                           f'withdrawn')
            if analysed_again:
                member_note += (f'; {plural(analysed_again, "unit")} '
                                f'analysed again with the records of '
                                f'functions other units define')
    positions = Positions()
    savings = {text_key(d, positions): measured_saving(d) for d in diagnostics
               if d['DiagnosticMessage'].get('FilePath')}
    if any(saving is not None for saving in savings.values()):
        print_ranked(held, replaced + added, printed_findings, savings,
                     positions)
    else:
        for ready in held:
            print_unit(ready, printed_findings)
        for diag in replaced + added:
            sys.stdout.write(finding_text(diag, positions))
        sys.stdout.flush()
    if args.export_fixes:
        write_yaml(args.export_fixes, sorted(diagnostics, key=yaml_order))
    evidence = [line for r in results for line in r.evidence]
    explained = explain_sites(args, diagnostics, evidence, root) \
        if args.profile else None
    if args.sarif:
        sarif = to_sarif(diagnostics, root,
                         tool_version(runner.tool_identity[3]), docs_dir(),
                         docs_uri_base(args), args.sarif_category, problems,
                         [(r.unit.file, n) for r in results for n in r.notes],
                         static_rank_places(evidence))
        run = sarif['runs'][0]
        if args.member_facts and facts:
            # 'merge' refuses this log without the facts that go with it.
            run['properties'] = {'allocRunMemberFacts': True}
        run['results'] = rank_sarif_results(
            sorted(run['results'], key=sarif_order))
        add_explanation_to_sarif(run, explained, root, positions)
        write_json(args.sarif, sarif)
    cached = sum(r.cached for r in results)
    errors = sum(1 for r in results if r.returncode != 0 or r.failure)
    errors += sum(1 for d in added if d.get('Level') == 'Error')
    if args.stats:
        # A diagnostic without a location (an option's error, a stale
        # profile) is about the run, not a finding.
        findings = sum(1 for d in diagnostics
                       if d['DiagnosticMessage'].get('FilePath'))
        not_analysed = sum(1 for r in results if not r.analysed)
        print(f'{PROG}: {plural(len(results), "translation unit")}: '
              f'{len(results) - cached - not_analysed} analysed, {cached} '
              f'from cache'
              f'{f", {not_analysed} not analysed" if not_analysed else ""}; '
              f'{plural(findings, "finding")}; {errors} with errors',
              file=sys.stderr)
        print(f'{PROG}: source root {root} ({root_reason})', file=sys.stderr)
    if member_note and (args.stats or member_note.startswith('note:')):
        print(f'{PROG}: {member_note}', file=sys.stderr)
    narrowed = narrowed_note(args, len(units), all_units, results)
    if narrowed:
        print(f'{PROG}: {narrowed}', file=sys.stderr)
    print_measurements(args, diagnostics, root, positions)
    print_explanation(explained, root, positions)
    unchecked = sum(1 for r in results if enables_no_check(r))
    if unchecked:
        print(f'{PROG}: error: no check is enabled for '
              f'{plural(unchecked, "translation unit")} of '
              f'{len(results)}: nothing was analysed there (give --checks, '
              f"e.g. --checks='-*,alloc-*', or a .clang-tidy that enables "
              f'checks)', file=sys.stderr)
    return 1 if errors or failures else 0


if __name__ == '__main__':
    # SIGTERM (a CI job's timeout) stops alloc-run as SIGINT does: its
    # alloc-tidy processes stop and its temporary files go.
    signal.signal(signal.SIGTERM, on_stop_signal)
    try:
        sys.exit(main(sys.argv[1:]))
    except Stopped as e:
        print(f'{PROG}: error: stopped by '
              f'{signal.Signals(e.signum).name}; no results were written',
              file=sys.stderr)
        sys.exit(128 + e.signum)
    except UsageError as e:
        print(f'{PROG}: error: {e}', file=sys.stderr)
        sys.exit(2)
    except OSError as e:
        print(f'{PROG}: error: {e.strerror or e} ({e.filename or ""})',
              file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print(f'{PROG}: error: stopped by SIGINT; no results were written',
              file=sys.stderr)
        sys.exit(130)
