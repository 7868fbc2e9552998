#!/usr/bin/env python3
"""Precision of the alloc-* checks on real projects, from labelled findings.

  scripts/precision.py [options] [PROJECT...]

Runs alloc-tidy with every alloc-* check (or --checks GLOBS) at its default
options (change one with --option alloc-CHECK.NAME=VALUE) over every C++ translation unit
(.cc, .cpp, .cxx) of the projects that scripts/real-projects.sh prepared (DIR/NAME/project.json, DIR
being --projects-dir, else $ALLOC_TIDY_PROJECTS_DIR, else
/work/real-projects), with --header-filter set to the project's sources.

Each warning is one finding, keyed by its file (relative to the project's
sources), line, check and the first words of its message with template
arguments dropped: a header's finding reported by many units, or a class
template's by each instantiation, is one finding.

A finding's label comes from LABELS/NAME.tsv (LABELS is --labels, default
test/real-code/labels of this checkout), one line a finding, tab-separated:

  FILE:LINE  CHECK  KEY-WORDS  LABEL  WHY

LABEL is TP (a saving the maintainer would accept, fix-it correct), FP (a
false claim, no saving, or the advice breaks the code) or MEH (true but not
worth a change); WHY is a few words. Lines starting with '#' are comments.

Printed: per project and in total, per check, the findings, TP, FP, MEH,
unlabelled, TP / all and TP / (TP + FP); then every finding without a label
(new, or whose message changed) and every labelled TP that is no longer
found (a loss of recall). --review FILE writes all findings of the run as a
labels file, with the labels known so far filled in and each finding's
static rank last, to label the new ones and copy back. --markdown FILE
writes the tables in Markdown.

Then the labels by static rank: the rank alloc-run gives a finding when no
profile measured it (docs/ci.md, "Ranking without a profile"), read from
the file the checks log it to, with the share worth a change among the
findings ranked at least that high.

Data members are decided as alloc-run decides them, from the facts of
every unit of the project (docs/ci.md, "Data members across the
database"): a member that no single unit could decide is a finding when
every unit's code allows the change, and a unit's own finding is withdrawn
when another unit's code rules it out. --single-unit measures each unit
alone, as clang-tidy with the plugin and alloc-clangd without a facts file
see it. The table's title says how many findings the decisions added and
withdrew.

Exit status: 0 when every unit was analysed, 1 when a unit could not be
(the table then says how many, as its findings are missing), 2 on a usage or
set-up error. --strict also fails (1) on unlabelled findings or lost TPs.
"""

import argparse
import concurrent.futures
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROG = 'precision'
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
from compile_db import CXX_SUFFIXES, load_database  # noqa: E402

LABELS = ('TP', 'FP', 'MEH')
KEY_WORDS = 8

# alloc-tidy: "file:line:col: warning: message [alloc-check]"
WARNING_RE = re.compile(
    r'^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): warning: (?P<msg>.*) '
    r'\[(?P<check>alloc-[\w-]+)(?:,[^\]]*)?\]$', re.M)
ERROR_RE = re.compile(r'^(?:.+?:\d+:\d+: )?(?:fatal )?error: .*$', re.M)


def die(message):
    print(f'{PROG}: error: {message}', file=sys.stderr)
    sys.exit(2)


def key_words(message):
    """The first words of MESSAGE, template arguments dropped, so that the
    instantiations of one template and small changes of the figures at the
    end of a message keep one key."""
    text = message
    while True:
        stripped = re.sub(r'<[^<>]*>', '', text)
        if stripped == text:
            break
        text = stripped
    return ' '.join(text.split()[:KEY_WORDS])


def comparable(words):
    """KEY-WORDS as findings and labels are matched: a number among them
    (a count of calls, of elements) stands for any, since a finding in a
    header that several units report gives each unit's own figure."""
    return re.sub(r'\d+', '#', words)


class Finding:
    def __init__(self, where, check, words, message):
        self.where = where  # FILE:LINE, FILE relative to the sources
        self.check = check
        self.words = words
        self.message = message
        self.rank = None  # the static rank the check logged, if any

    @property
    def key(self):
        return (self.where, self.check, comparable(self.words))


def read_labels(path):
    """{key: (label, why)} of a labels file; a missing file has none."""
    labels = {}
    if not os.path.isfile(path):
        return labels
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line.strip() or line.startswith('#'):
                continue
            fields = line.split('\t')
            if len(fields) < 4 or fields[3] not in LABELS:
                die(f'{path}:{number}: expected FILE:LINE, CHECK, KEY-WORDS, '
                    f'{"/".join(LABELS)} and WHY separated by tabs')
            key = (fields[0], fields[1], comparable(fields[2]))
            labels[key] = (fields[3], fields[4] if len(fields) > 4 else '')
    return labels


def line_of(path, offset):
    try:
        with open(path, 'rb') as f:
            return f.read(offset).count(b'\n') + 1
    except OSError:
        return 0


def write_database_facts(facts_file, database, units):
    """The facts line that names the compile database and its units, as
    alloc-run writes it: the decisions need the facts of every unit."""
    with open(database, 'rb') as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with open(facts_file, 'a') as f:
        f.write(json.dumps({'version': 2, 'kind': 'database',
                            'path': os.path.realpath(database),
                            'sha256': digest,
                            'units': [os.path.realpath(u) for u in units]})
                + '\n')


def units_wanting_records(facts_file, decisions):
    """The units whose facts in FACTS_FILE want a record of a function's
    parameters (wanted-parameter) that DECISIONS holds, fill-only
    parameters or view arguments."""
    with open(decisions) as f:
        decided = json.load(f)
    recorded = {p['function'] for p in decided.get('parameters', [])}
    recorded |= {v['function'] for v in decided.get('view-arguments', [])
                 if v.get('building')}
    wanted = []
    with open(facts_file) as f:
        for line in f:
            if '"wanted-parameter"' not in line:
                continue
            fact = json.loads(line)
            if fact.get('function') in recorded and \
                    fact.get('unit') not in wanted:
                wanted.append(fact['unit'])
    return wanted


def decide_members(args, facts_file, findings, relative):
    """alloc-run's member decisions over every unit's facts, applied to
    FINDINGS: (added, withdrawn)."""
    out = facts_file + '.decisions.json'
    run = subprocess.run([args.alloc_tidy, f'--merge-member-facts={out}',
                          facts_file], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, errors='replace')
    if run.returncode != 0:
        die(f'cannot decide data members across units: {run.stdout.strip()}')
    with open(out) as f:
        members = json.load(f)['members']
    added = withdrawn = 0
    for member in members:
        place = f"{relative(member['file'])}:{member['line']}"
        for key in [k for k in findings
                    if k[0] == place and k[1] == member['check']]:
            del findings[key]
            withdrawn += 1
        finding = member.get('finding')
        if member['action'] in ('fix', 'warn') and finding:
            message = finding['DiagnosticMessage']
            where = (f"{relative(message['FilePath'])}:"
                     f"{line_of(message['FilePath'], message['FileOffset'])}")
            new = Finding(where, member['check'], key_words(message['Message']),
                          message['Message'])
            findings[new.key] = new
            added += 1
    # A finding both withdrawn and added back is neither.
    both = min(added, withdrawn)
    return added - both, withdrawn - both


def analyse(args, project, units):
    """{key: Finding} over every unit, the units that failed, and how many
    findings the member decisions across units added and withdrew."""
    source = project['source'].rstrip('/') + '/'
    header_filter = '^' + re.sub(r'([.^$|()\[\]{}*+?\\])', r'\\\1', source)
    config = '{CheckOptions: {' + ', '.join(
        f'{k}: {v}' for k, v in args.option) + '}}'
    work = tempfile.mkdtemp(prefix='precision-')
    facts_file = os.path.join(work, 'facts.jsonl')
    env = dict(os.environ, ALLOC_TIDY_MEMBER_FACTS_OUTPUT=facts_file)

    def relative(path):
        path = os.path.normpath(path)
        real_source = os.path.realpath(source) + '/'
        for root in (source, real_source):
            if path.startswith(root):
                return path[len(root):]
        return path

    evidence_files = []

    def one(unit, decisions=None):
        # Each unit's static ranks, as alloc-run reads them.
        fd, evidence = tempfile.mkstemp(prefix='evidence-', suffix='.jsonl',
                                        dir=work)
        os.close(fd)
        evidence_files.append(evidence)
        command = [args.alloc_tidy, '-p', project['build'], f'--checks=-*,{args.checks}',
                   f'--config={config}', f'--header-filter={header_filter}',
                   '--quiet', unit]
        # As alloc-run's second analysis: other units' records of the
        # functions the unit hands containers to.
        unit_env = dict(env, ALLOC_TIDY_PROFILE_EVIDENCE=evidence)
        if decisions is not None:
            unit_env['ALLOC_TIDY_MEMBER_DECISIONS'] = decisions
        try:
            run = subprocess.run(command, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True,
                                 errors='replace', timeout=args.timeout,
                                 env=unit_env)
            return unit, run.returncode, run.stdout
        except subprocess.TimeoutExpired:
            return unit, None, f'timed out after {args.timeout:g} s'

    findings = {}
    failed = []

    def collect(results):
        for unit, status, output in results:
            # A warning with errors in the unit is still a finding, but the
            # unit did not parse: its findings may be missing.
            if status is None or status < 0 or ERROR_RE.search(output):
                error = ERROR_RE.search(output)
                failed.append((unit, error.group(0) if error else output.strip()[-200:]))
            for m in WARNING_RE.finditer(output):
                rel = relative(m['file'])
                finding = Finding(f'{rel}:{m["line"]}', m['check'],
                                  key_words(m['msg']), m['msg'])
                findings.setdefault(finding.key, finding)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        collect(pool.map(one, units))
    # As alloc-run: decisions across units need every unit's facts.
    decided = None
    if not args.single_unit and not failed and os.path.exists(facts_file):
        write_database_facts(
            facts_file, os.path.join(project['build'], 'compile_commands.json'),
            units)
        decided = decide_members(args, facts_file, findings, relative)
        # The units that wanted records the decisions now hold, analysed
        # again with them: their calls into other units can only gain
        # findings.
        decisions = facts_file + '.decisions.json'
        again = units_wanting_records(facts_file, decisions)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            collect(pool.map(lambda unit: one(unit, decisions), again))
    ranks = static_ranks(evidence_files, relative)
    shutil.rmtree(work, ignore_errors=True)
    for finding in findings.values():
        finding.rank = ranks.get((finding.where, finding.check))
    return findings, failed, decided


def static_ranks(evidence_files, relative):
    """{(FILE:LINE, check): rank} from the static ranks the checks logged
    (ALLOC_TIDY_PROFILE_EVIDENCE); the highest when several units rank one
    finding."""
    ranks = {}
    for path in evidence_files:
        try:
            with open(path, encoding='utf-8') as f:
                lines = [json.loads(line) for line in f if line.strip()]
        except (OSError, ValueError):
            continue
        for line in lines:
            if 'staticRank' not in line:
                continue
            where = (f"{relative(line['file'])}:"
                     f"{line_of(line['file'], line['offset'])}",
                     line['check'])
            ranks[where] = max(ranks.get(where, 0), line['staticRank'])
    return ranks


def tally(findings, labels):
    """{check: {TP, FP, MEH, unlabelled}}"""
    counts = {}
    for key, finding in findings.items():
        row = counts.setdefault(finding.check, dict.fromkeys(LABELS + ('new',), 0))
        row[labels[key][0] if key in labels else 'new'] += 1
    return counts


def ratio(part, whole):
    return f'{100 * part / whole:.0f}%' if whole else '-'


def table_rows(counts):
    rows = []
    total = dict.fromkeys(LABELS + ('new',), 0)
    for check in sorted(counts):
        row = counts[check]
        for k in total:
            total[k] += row[k]
        rows.append((check, row))
    if len(rows) != 1:
        rows.append(('all', total))
    lines = []
    for check, row in rows:
        n = sum(row.values())
        lines.append((check, n, row['TP'], row['FP'], row['MEH'], row['new'],
                      ratio(row['TP'], n), ratio(row['TP'], row['TP'] + row['FP'])))
    return lines


HEADER = ('check', 'findings', 'TP', 'FP', 'MEH', 'unlabelled', 'TP/all',
          'TP/(TP+FP)')


def print_table(title, counts, out):
    print(f'== {title}', file=out)
    rows = table_rows(counts)
    widths = [max(len(str(r[i])) for r in rows + [HEADER]) for i in range(len(HEADER))]
    for row in [HEADER] + rows:
        print('  '.join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                        for i, (v, w) in enumerate(zip(row, widths))), file=out)


def markdown(title, counts):
    lines = [f'### {title}', '', '| ' + ' | '.join(HEADER) + ' |',
             '|' + '---|' + '---:|' * (len(HEADER) - 1)]
    for row in table_rows(counts):
        lines.append('| ' + ' | '.join(str(v) for v in row) + ' |')
    return '\n'.join(lines) + '\n'


NEUTRAL_RANK = 50  # lib/analysis/decisions/StaticRank.h


def rank_lines(everything):
    """The labels by static rank, highest first, with the share worth a
    change among the findings ranked at least that high: how well the rank
    alone puts the findings worth a change first. A finding whose check
    logs no rank has the neutral one."""
    by_rank = {}
    for finding, label in everything.values():
        rank = finding.rank if finding.rank is not None else NEUTRAL_RANK
        row = by_rank.setdefault(rank, dict.fromkeys(LABELS + ('new',), 0))
        row[label[0] if label else 'new'] += 1
    lines = ['| static rank | findings | TP | FP | MEH | unlabelled | TP/all | '
             'at least this rank: findings | TP/all |',
             '|---:|---:|---:|---:|---:|---:|---:|---:|---:|']
    seen = worth = 0
    for rank in sorted(by_rank, reverse=True):
        row = by_rank[rank]
        n = sum(row.values())
        seen += n
        worth += row['TP']
        lines.append(f"| {rank} | {n} | {row['TP']} | {row['FP']} | "
                     f"{row['MEH']} | {row['new']} | {ratio(row['TP'], n)} | "
                     f"{seen} | {ratio(worth, seen)} |")
    return lines


def main():
    parser = argparse.ArgumentParser(
        prog=PROG, description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument('names', metavar='PROJECT', nargs='*')
    parser.add_argument('--projects-dir', default=os.environ.get(
        'ALLOC_TIDY_PROJECTS_DIR', '/work/real-projects'))
    parser.add_argument('--bin-dir', default=os.environ.get(
        'ALLOC_TIDY_BIN_DIR', os.path.join(ROOT, 'build', 'bin')))
    parser.add_argument('--alloc-tidy')
    parser.add_argument('--labels', default=os.path.join(ROOT, 'test', 'real-code', 'labels'))
    parser.add_argument('--option', action='append', default=[], metavar='KEY=VALUE')
    parser.add_argument('--checks', default='alloc-*',
                        help='the checks to run (a clang-tidy glob list; default alloc-*): '
                             'labels of other checks are then not counted as lost')
    parser.add_argument('-j', '--jobs', type=int, default=2)
    parser.add_argument('--timeout', type=float, default=900)
    parser.add_argument('--review', metavar='FILE')
    parser.add_argument('--markdown', metavar='FILE')
    parser.add_argument('--strict', action='store_true')
    parser.add_argument('--single-unit', action='store_true',
                        help='decide data members from each unit alone')
    args = parser.parse_args()

    options = []
    for item in args.option:
        key, sep, value = item.partition('=')
        if not sep or not key.startswith('alloc-') or '.' not in key:
            die(f"--option takes alloc-CHECK.NAME=VALUE, not '{item}'")
        options.append((key, value))
    args.option = options
    if args.jobs < 1:
        die('--jobs takes a whole number of at least 1')
    args.alloc_tidy = args.alloc_tidy or os.path.join(args.bin_dir, 'alloc-tidy')
    if not os.access(args.alloc_tidy, os.X_OK):
        die(f'{args.alloc_tidy} is not an executable (build first, or --bin-dir)')

    projects = []
    if os.path.isdir(args.projects_dir):
        for name in sorted(os.listdir(args.projects_dir)):
            path = os.path.join(args.projects_dir, name, 'project.json')
            if os.path.isfile(path) and (not args.names or name in args.names):
                with open(path) as f:
                    projects.append(json.load(f))
    for name in args.names:
        if name not in {p['name'] for p in projects}:
            print(f'skipped: {name} not prepared (scripts/real-projects.sh {name})')
    if not projects:
        print(f'{PROG}: no project is prepared in {args.projects_dir} '
              '(scripts/real-projects.sh)')
        return 0

    def checked(check):
        """Whether CHECK is among --checks (a list of globs, '-' removes)."""
        enabled = False
        for glob in args.checks.split(','):
            glob = glob.strip()
            negative = glob.startswith('-')
            if fnmatch.fnmatchcase(check, glob.lstrip('-')):
                enabled = not negative
        return enabled

    everything = {}
    failures = 0
    unlabelled = []
    lost = []
    markdown_parts = []
    review = []
    for project in projects:
        name = project['name']
        try:
            _, units = load_database(project['build'])
        except (OSError, ValueError) as e:
            die(f'cannot read the compile database of {name}: {e}')
        # The checks are about C++: C and assembly units (ccache's bundled
        # BLAKE3, its Windows-only mktemp.c) are left out.
        units = [u for u in units if u.endswith(CXX_SUFFIXES)]
        labels_path = os.path.join(args.labels, f'{name}.tsv')
        labels = read_labels(labels_path)
        findings, failed, decided = analyse(args, project, units)
        failures += len(failed)
        counts = tally(findings, labels)
        title = f'{name} ({len(units)} units, {len(findings)} findings'
        if decided and any(decided):
            title += (f'; across units: {decided[0]} added, {decided[1]} '
                      f'withdrawn')
        title += f', {len(failed)} units not analysed)' if failed else ')'
        print_table(title, counts, sys.stdout)
        for unit, why in failed:
            print(f'  not analysed: {unit}: {why}')
        markdown_parts.append(markdown(title, counts))
        for key, finding in sorted(findings.items()):
            everything[(name,) + key] = (finding, labels.get(key))
            label = labels.get(key)
            review.append((name, finding, label))
            if label is None:
                unlabelled.append((name, finding))
        for key, (label, why) in sorted(labels.items()):
            if label == 'TP' and key not in findings and checked(key[1]):
                lost.append((name, key, why))

    total = {}
    for (_, _, _, _), (finding, label) in everything.items():
        row = total.setdefault(finding.check, dict.fromkeys(LABELS + ('new',), 0))
        row[label[0] if label else 'new'] += 1
    if len(projects) > 1:
        print_table(f'all projects ({len(everything)} findings)', total, sys.stdout)
        markdown_parts.append(markdown(f'all projects ({len(everything)} findings)', total))
    for name, finding in unlabelled:
        print(f'unlabelled: {name}: {finding.where}\t{finding.check}\t{finding.words}'
              f'\t({finding.message})')
    for name, key, why in lost:
        print(f'lost TP: {name}: {key[0]}\t{key[1]}\t{key[2]} ({why})')
    if failures:
        print(f'{PROG}: {failures} units could not be analysed: their findings '
              'are missing from the table')

    if everything:
        ranked = rank_lines(everything)
        print('== by static rank (alloc-run ranks unmeasured findings so)')
        print('\n'.join(ranked))
        markdown_parts.append('### by static rank\n\n' + '\n'.join(ranked) + '\n')
    if args.review:
        with open(args.review, 'w') as f:
            f.write('# FILE:LINE\tCHECK\tKEY-WORDS\tLABEL\tWHY\t(message)'
                    '\tSTATIC RANK\n')
            for name, finding, label in review:
                mark, why = label if label else ('', '')
                rank = '' if finding.rank is None else finding.rank
                f.write(f'{name}\t{finding.where}\t{finding.check}\t{finding.words}'
                        f'\t{mark}\t{why}\t{finding.message}\t{rank}\n')
    if args.markdown:
        with open(args.markdown, 'w') as f:
            f.write('\n'.join(markdown_parts))
    if failures or (args.strict and (unlabelled or lost)):
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
