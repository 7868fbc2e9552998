#!/usr/bin/env python3
"""Checks the validation corpus's runs and writes the report.

  validate_report.py --root ROOT --corpus DIR --work DIR --report FILE
                     --command TEXT --heapcount PATH [--profile-note TEXT]
                     [--no-windows] [--version=NAME=TEXT ...] PROGRAM...

scripts/validate.sh has built and run every PROGRAM in WORK/PROGRAM: the
steps it took are in `steps` ("STEP ok|fail|skip DETAIL"), the reports of
heapcount's library (linked into the program) in PLATFORM-VARIANT.json and
the program's output in .out
(PLATFORM: linux, windows; VARIANT: before, after (alloc-tidy's fix-its),
hand (a hand-written after.cpp)), alloc-tidy's fixes in fixes.yaml and the
sources as built in original/.

This script checks that every version of a program prints the same on every
platform, that every step worked and that the lines of the program's
`expect` file hold (the format is in examples/README.md; a drop is checked
by `heapcount diff --min-decrease` on the two reports), then writes the
report, whatever the outcome. It prints each failure on stderr, then
"validate: N programs, N passed, N failed" on stdout, and exits 1 when
something failed.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ranking  # noqa: E402 (next to this script)
import proof_table  # noqa: E402

PLATFORMS = ('linux', 'windows')
PLATFORM_NAMES = {'linux': 'Linux', 'windows': 'Windows'}
VARIANT_NAMES = {'after': 'alloc-tidy --fix', 'hand': 'after.cpp (by hand)'}
MEASURES = {'allocs': 'allocations', 'frees': 'frees', 'bytes': 'bytes',
            'peak': 'peak live bytes'}

# Why each step can fail, in the words of the report.
STEP_FAILURES = {
    'build-linux-before': 'the program does not compile (Linux)',
    'build-windows-before': 'the program does not compile (Windows)',
    'run-linux-before': 'the program fails, or is not counted (Linux)',
    'run-windows-before': 'the program fails, or is not counted (Windows)',
    'profile': 'the profile could not be made',
    'tidy': 'alloc-tidy failed',
    'build-linux-after': 'the fix-its do not compile (Linux)',
    'build-windows-after': 'the fix-its do not compile (Windows)',
    'run-linux-after': 'the fixed program fails, or is not counted (Linux)',
    'run-windows-after': 'the fixed program fails, or is not counted '
                         '(Windows)',
    'build-linux-hand': 'after.cpp does not compile (Linux)',
    'build-windows-hand': 'after.cpp does not compile (Windows)',
    'run-linux-hand': 'after.cpp fails, or is not counted (Linux)',
    'run-windows-hand': 'after.cpp fails, or is not counted (Windows)',
}

EXPECT_DROP = re.compile(
    r'^(?:(?P<variant>hand)\s+)?(?:scope\s+(?P<scope>\S+)|(?P<total>total))'
    r'\s+(?P<measure>allocs|bytes|peak)\s+drop\s*>=\s*'
    r'(?P<percent>\d+(?:\.\d+)?)%$')
EXPECT_FIXITS = re.compile(r'^fixits(?:\s+(?P<check>alloc-\S+))?\s*>=\s*'
                           r'(?P<count>\d+)$')
# `hand makes: CHECK...`: after.cpp makes by hand the changes these checks
# report without a fix-it; the report sets their estimated savings beside
# the measured drop.
EXPECT_HAND_MAKES = re.compile(r'^hand makes:\s*(?P<checks>(?:alloc-\S+\s*)+)$')


def read_text(path):
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            return f.read()
    except OSError:
        return None


def read_json(path):
    text = read_text(path)
    if text is None:
        return None
    try:
        report = json.loads(text)
    except ValueError:
        return None
    return report if report.get('version') == 1 else None


def thousands(value):
    return f'{value:,}'


def change(before, after):
    """The change from BEFORE to AFTER as a signed percentage."""
    if before == after:
        return '0%'
    if before == 0:
        return f'+{thousands(after)}'
    return f'{100.0 * (after - before) / before:+.1f}%'


def markdown(text):
    """TEXT safe inside a Markdown table cell or list item."""
    for char in '\\`*_<>|[]':
        text = text.replace(char, '\\' + char)
    return text


def code(text):
    text = re.sub(r'\s*\n\s*', ' ', text).strip()
    if len(text) > 80:
        text = text[:77] + '...'
    return f'`{text}`' if text else '(deleted)'


class Program:
    def __init__(self, name, args):
        self.name = name
        self.source_dir = os.path.join(args.corpus, name)
        self.work = os.path.join(args.work, name)
        self.heapcount = args.heapcount
        self.platforms = PLATFORMS if args.windows else ('linux',)
        self.failures = []
        self.listed_failures = []
        self.models = []
        self.expectations = []
        self.hand_makes = []
        self.display = display_dir(args.root, args.corpus, name)
        self.read_expect()
        self.steps = self.read_steps()
        self.reports = {}
        self.outputs = {}
        for platform in self.platforms:
            for variant in ('before', 'after', 'hand'):
                base = os.path.join(self.work, f'{platform}-{variant}')
                report = read_json(base + '.json')
                if report is not None:
                    self.reports[platform, variant] = report
                output = read_text(base + '.out')
                if output is not None and report is not None:
                    # Windows' C runtime writes CRLF in text mode.
                    self.outputs[platform, variant] = output.replace('\r\n',
                                                                     '\n')
        self.has_hand = os.path.exists(os.path.join(self.source_dir,
                                                    'after.cpp'))
        self.diagnostics = self.read_fixes()

    def fail(self, message, listed=True):
        """Records a failure; LISTED: also a line of its own in the report
        (an expect line's result is already on the expect line's)."""
        self.failures.append(message)
        if listed:
            self.listed_failures.append(message)

    def read_expect(self):
        path = os.path.join(self.source_dir, 'expect')
        text = read_text(path)
        if text is None:
            self.fail(f'cannot read {path}')
            return
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            if line.startswith('models:'):
                self.models.append(line[len('models:'):].strip())
            elif line.startswith('args:') or line.startswith('option:'):
                continue
            elif EXPECT_HAND_MAKES.match(line):
                self.hand_makes += EXPECT_HAND_MAKES.match(line).group(
                    'checks').split()
            elif EXPECT_DROP.match(line) or EXPECT_FIXITS.match(line):
                self.expectations.append((number, line))
            else:
                self.fail(f'expect:{number}: cannot read "{line}" (see '
                          'examples/README.md for the format)')

    def read_steps(self):
        steps = {}
        for line in (read_text(os.path.join(self.work, 'steps')) or
                     '').splitlines():
            name, status, detail = (line.split(' ', 2) + ['', ''])[:3]
            steps[name] = (status, detail.strip())
            if status == 'fail':
                self.fail(f'{STEP_FAILURES.get(name, name)}: {detail}')
        if 'build-linux-before' not in steps:
            self.fail('the harness did not run (no steps recorded)')
        tidy = steps.get('tidy')
        if tidy and tidy[0] == 'ok':
            match = re.search(r'applied (\d+) of (\d+)', tidy[1])
            if match and match.group(1) != match.group(2):
                self.fail(f'alloc-tidy applied only {match.group(1)} of '
                          f'{match.group(2)} fix-its (the others conflict)')
        return steps

    def read_fixes(self):
        """The diagnostics of fixes.yaml: (check, path, offset, line,
        message, replacements, no-fix-it note, measured saving or None), in
        alloc-tidy's order (file, offset)."""
        text = read_text(os.path.join(self.work, 'fixes.yaml'))
        if not text:
            return []
        try:
            document = yaml.safe_load(text) or {}
        except yaml.YAMLError as e:
            self.fail(f'cannot read alloc-tidy\'s fixes.yaml ({e})')
            return []
        sources = {}
        result = []
        for diagnostic in document.get('Diagnostics') or []:
            message = diagnostic.get('DiagnosticMessage', {})
            path = message.get('FilePath', '')
            name = os.path.basename(path)
            if name not in sources:
                sources[name] = read_text(os.path.join(self.work, 'original',
                                                       name)) or ''
            offset = int(message.get('FileOffset', 0))
            line = sources[name].count('\n', 0, offset) + 1
            replacements = [r.get('ReplacementText', '')
                            for r in message.get('Replacements') or []]
            no_fix = next((note.get('Message', '')
                           for note in diagnostic.get('Notes') or []
                           if note.get('Message', '').startswith('no fix-it')),
                          '')
            saving = ranking.measured_saving(
                note.get('Message', '') for note in diagnostic.get('Notes')
                or [])
            result.append((diagnostic.get('DiagnosticName', ''), name, offset,
                           line, message.get('Message', ''), replacements,
                           no_fix, saving))
        result.sort(key=lambda d: (d[1], d[2], d[0], d[4]))
        return result

    # --- the checks --------------------------------------------------------

    def check_outputs(self):
        def compare(first, second, what, labels=('before', 'after')):
            a, b = self.outputs.get(first), self.outputs.get(second)
            if a is None or b is None or a == b:
                return
            a_lines, b_lines = a.splitlines(), b.splitlines()
            number = 0
            while (number < len(a_lines) and number < len(b_lines) and
                   a_lines[number] == b_lines[number]):
                number += 1
            left = a_lines[number] if number < len(a_lines) else '(end)'
            right = b_lines[number] if number < len(b_lines) else '(end)'
            self.fail(f'{what}: line {number + 1} is "{left}" {labels[0]} '
                      f'and "{right}" {labels[1]}')

        for platform in self.platforms:
            place = PLATFORM_NAMES[platform]
            compare((platform, 'before'), (platform, 'after'),
                    f'the fix-its change the output ({place})')
            compare((platform, 'before'), (platform, 'hand'),
                    f'after.cpp changes the output ({place})')
        if 'windows' in self.platforms:
            compare(('linux', 'before'), ('windows', 'before'),
                    'the output differs between the platforms',
                    ('on Linux', 'on Windows'))

    def value(self, platform, variant, scope, measure):
        report = self.reports.get((platform, variant))
        if report is None:
            return None
        if scope is None:
            key = 'peak_live_bytes' if measure == 'peak' else measure
            return report['total'].get(key)
        return report.get('scopes', {}).get(scope, {}).get(measure)

    def diff_budget(self, platform, variant, scope, measure, percent):
        """Checks a drop with `heapcount diff --min-decrease` on the two
        reports: returns (passed, why it could not be checked)."""
        command = [self.heapcount, 'diff', '--format', 'json',
                   '--min-decrease', f'{measure}={percent}%']
        if scope is not None:
            command += ['--scope', scope]
        command += [os.path.join(self.work, f'{platform}-before.json'),
                    os.path.join(self.work, f'{platform}-{variant}.json')]
        run = subprocess.run(command, capture_output=True, text=True,
                             check=False)
        if run.returncode not in (0, 1):
            return False, run.stderr.strip() or \
                f'heapcount diff exited with status {run.returncode}'
        ok = json.loads(run.stdout)['budget']['ok']
        return run.returncode == 0 and ok, ''

    def check_expectations(self):
        """Evaluates every expect line; returns (line, results, passed)."""
        results = []
        for number, line in self.expectations:
            fixits = EXPECT_FIXITS.match(line)
            if fixits:
                check = fixits.group('check')
                count = sum(1 for d in self.diagnostics if d[5] and
                            (check is None or d[0] == check))
                passed = count >= int(fixits.group('count'))
                results.append((line, f'{count}', passed))
                if not passed:
                    self.fail(f'expect:{number}: "{line}" does not hold: '
                              f'{count} fix-it{"" if count == 1 else "s"}',
                              listed=False)
                continue
            match = EXPECT_DROP.match(line)
            variant = match.group('variant') or 'after'
            scope, measure = match.group('scope'), match.group('measure')
            if scope is not None and measure == 'peak':
                self.fail(f'expect:{number}: "{line}": a scope has no peak '
                          '(only the total has one)', listed=False)
                results.append((line, 'no peak for a scope', False))
                continue
            wanted = float(match.group('percent'))
            measured, passed = [], True
            for platform in self.platforms:
                before = self.value(platform, 'before', scope, measure)
                after = self.value(platform, variant, scope, measure)
                place = PLATFORM_NAMES[platform]
                if before is None or after is None:
                    ran = ((platform, 'before') in self.reports and
                           (platform, variant) in self.reports)
                    measured.append(f'{place}: ' + (
                        f'no scope {scope} in the report' if ran else
                        'no count (the program did not run)'))
                    passed = False
                    continue
                holds, why = self.diff_budget(
                    platform, variant, scope, measure, match.group('percent'))
                if why:
                    measured.append(f'{place}: {why}')
                elif before == 0:
                    measured.append(f'{place}: none before')
                else:
                    dropped = 100.0 * (before - after) / before
                    measured.append(f'{place} {dropped:.1f}%')
                passed = passed and holds
            text = ', '.join(measured)
            results.append((line, text, passed))
            if not passed:
                self.fail(f'expect:{number}: "{line}" does not hold: {text}',
                          listed=False)
        return results

    def check_hand_makes(self):
        """A `hand makes:` line needs the profile's estimate for the change
        after.cpp makes: a failure when the profile was made and none of the
        named checks' findings without a fix-it carries one."""
        profile = self.steps.get('profile')
        if (self.hand_makes and profile and profile[0] == 'ok' and
                not self.hand_predicted()):
            self.fail(f'no finding of {", ".join(self.hand_makes)} without '
                      'a fix-it has a measured saving (a note "heapcount\'s '
                      'profile: ... would save about N allocations"), so the '
                      'change after.cpp makes has no estimate')

    # --- the report --------------------------------------------------------

    def before_allocs(self):
        """The measured allocations: the whole Linux run before the
        fix-its."""
        return self.value('linux', 'before', None, 'allocs')

    def hand_predicted(self):
        """The measured findings whose change after.cpp makes by hand."""
        return [d for d in self.diagnostics if d[0] in self.hand_makes and
                not d[5] and d[7] is not None]

    def hand_lines(self):
        if not self.hand_makes or not self.has_hand:
            return []
        predicted = self.hand_predicted()
        checks = ', '.join(self.hand_makes)
        if not predicted:
            return [f'Predicted and measured: no finding of {checks} has an '
                    'estimate from the profile (**FAILED**).', '']
        estimate = sum(d[7] for d in predicted)
        which = '; '.join(f'{d[1]}:{d[3]}: about {thousands(d[7])}'
                          for d in predicted)
        measured = []
        for platform in self.platforms:
            before = self.value(platform, 'before', None, 'allocs')
            hand = self.value(platform, 'hand', None, 'allocs')
            if before is not None and hand is not None:
                measured.append(f'{thousands(before)} − {thousands(hand)} = '
                                f'**{thousands(before - hand)}** fewer '
                                f'allocations on {PLATFORM_NAMES[platform]}')
        return [f'Predicted and measured: after.cpp makes by hand the change '
                f'{checks} suggests without a fix-it. The profile\'s '
                f'estimate: about **{thousands(estimate)}** allocations saved '
                f'({which}). Measured over the whole run, before − by hand: ' +
                ('; '.join(measured) or 'no count') + '.', '']

    def ranked_lines(self):
        profile = self.steps.get('profile')
        if not profile or profile[0] != 'ok':
            return []
        ranked = ranking.by_saving(self.diagnostics, saving_of)
        unmeasured = len(self.diagnostics) - len(ranked)
        out = [f'Ranked by measured saving ({len(ranked)} of '
               f'{len(self.diagnostics)} findings measured; the savings are '
               'the checks\' estimates from the profile, the measured drops '
               'are in the tables above):', '']
        for number, (check, name, _, line, message, replacements, _,
                     saving) in enumerate(ranked, 1):
            fix = 'fix-it' if replacements else 'no fix-it'
            out.append(f'{number}. about {thousands(saving)}: `{check}` '
                       f'{self.display}/{name}:{line} ({fix}): '
                       f'{markdown(message)}')
        if not ranked:
            out.append('- none')
        if unmeasured:
            out += ['', f'Not measured by the profile: {unmeasured} '
                    f'finding{"" if unmeasured == 1 else "s"}.']
        out.append('')
        return out


    def table(self, variant):
        scopes = []
        for platform in self.platforms:
            for v in ('before', variant):
                for scope in self.reports.get((platform, v), {}).get(
                        'scopes', {}):
                    if scope not in scopes:
                        scopes.append(scope)
        rows = []
        for scope in scopes:
            # A scope that only frees (a teardown) is shown by its frees.
            counts = [self.value(p, v, scope, m) for p in self.platforms
                      for v in ('before', variant) for m in ('allocs', 'frees')]
            if not any(counts[0::2]) and any(counts[1::2]):
                rows.append((scope, 'frees'))
            else:
                rows += [(scope, 'allocs'), (scope, 'bytes')]
        rows += [(None, m) for m in ('allocs', 'bytes', 'peak')]
        header = '| scope | measure |'
        rule = '|---|---|'
        for platform in self.platforms:
            place = PLATFORM_NAMES[platform]
            header += f' {place} before | {place} after | change |'
            rule += '---:|---:|---:|'
        lines = [header, rule]
        for scope, measure in rows:
            cells = [f'`{scope}`' if scope else '**total**',
                     MEASURES[measure]]
            for platform in self.platforms:
                before = self.value(platform, 'before', scope, measure)
                after = self.value(platform, variant, scope, measure)
                cells.append('—' if before is None else thousands(before))
                cells.append('—' if after is None else thousands(after))
                cells.append('—' if before is None or after is None
                             else change(before, after))
            lines.append('| ' + ' | '.join(cells) + ' |')
        return lines

    def section(self, expectation_results, args):
        out = [f'## {self.name}', '']
        if self.models:
            out += [' '.join(self.models), '']
        status = ('all checks hold' if not self.failures else
                  f'**FAILED** ({len(self.failures)} failed '
                  f'check{"s" if len(self.failures) > 1 else ""})')
        out += [f'Source: `{self.display}/`; {status}.', '']
        # The header says why no program was profiled; here only what
        # happened to this one when it was.
        profile = self.steps.get('profile')
        if profile and profile[0] == 'ok':
            out += ['Profile: made by `heapcount --profile` and given to '
                    'every check (the global option ProfileFile).', '']
        elif profile and profile[0] == 'fail':
            out += [f'Profile: **FAILED** ({markdown(profile[1])}).', '']
        variants = ['after'] + (['hand'] if self.has_hand else [])
        for variant in variants:
            what = ('after alloc-tidy\'s fix-its' if variant == 'after' else
                    'after the hand-written change (after.cpp)')
            out += [f'Heap calls before and {what}:', '']
            out += self.table(variant) + ['']
            if variant == 'hand':
                out += self.hand_lines()
        out += ['Checks:', '']
        def same(first, second):
            a, b = self.outputs.get(first), self.outputs.get(second)
            if a is None or b is None:
                return 'not measured'
            return 'yes' if a == b else '**NO**'

        for platform in self.platforms:
            place = PLATFORM_NAMES[platform]
            for variant in variants:
                out.append(f'- {place}: {VARIANT_NAMES[variant]} prints the '
                           'same as before: ' +
                           same((platform, 'before'), (platform, variant)))
        if 'windows' in self.platforms:
            out.append('- Linux and Windows print the same: ' +
                       same(('linux', 'before'), ('windows', 'before')))
        for line, measured, passed in expectation_results:
            out.append(f'- `{line}`: {markdown(measured)}: '
                       f'{"holds" if passed else "**FAILED**"}')
        for failure in self.listed_failures:
            out.append(f'- **FAILED**: {markdown(failure)}')
        out.append('')
        fixed = [d for d in self.diagnostics if d[5]]
        unfixed = [d for d in self.diagnostics if not d[5]]
        out += [f'Fix-its applied ({len(fixed)}):', '']
        for check, name, _, line, message, replacements, _, _ in fixed:
            out.append(f'- `{check}` {self.display}/{name}:{line}: '
                       f'{markdown(message)} (fix: '
                       f'{"; ".join(code(r) for r in replacements)})')
        if not fixed:
            out.append('- none')
        out.append('')
        if unfixed:
            out += [f'Reported without a fix-it ({len(unfixed)}):', '']
            for check, name, _, line, message, _, no_fix, _ in unfixed:
                out.append(f'- `{check}` {self.display}/{name}:{line}: '
                           f'{markdown(message)}'
                           f'{" (" + markdown(no_fix) + ")" if no_fix else ""}')
            out.append('')
        out += self.ranked_lines()
        return out


def saving_of(diagnostic):
    return diagnostic[7]


def ranked_section(programs):
    """The section "Ranked by the profile": per program and across the
    corpus, the share of the measured allocations that the first ten
    findings remove by the checks' estimates, ranked by measured saving and
    in alloc-tidy's order."""
    top = ranking.TOP
    out = ['## Ranked by the profile', '',
           f'What the first {top} findings would remove, ranked by measured '
           f'saving against the first {top} in alloc-tidy\'s order (file, '
           'then offset; across the corpus, the programs in the order of '
           'this report). A finding\'s saving is the number its check '
           'writes in its note "heapcount\'s profile: ... would save about '
           'N allocations": the check\'s estimate from the program\'s '
           'profile, not a measurement of the fixed program (the measured '
           'drops are in each program\'s tables). An unmeasured finding '
           'counts 0. The share is the sum of the ten estimates over the '
           'program\'s allocations before the fix-its (the whole Linux run); '
           'estimates of two findings can count the same allocations, so '
           'the sums are not capped.', '',
           f'| program | allocations before | findings (measured) | top {top} '
           f'by measured saving | first {top} in static order |',
           '|---|---:|---:|---:|---:|']
    corpus, total = [], 0

    def row(name, findings, allocs):
        result = ranking.shares(findings, saving_of, allocs)
        return (f'| {name} | {"—" if allocs is None else thousands(allocs)} '
                f'| {len(findings)} ({result["measured"]}) | '
                f'{thousands(result["ranked"])} '
                f'({ranking.percent(result["ranked_share"])}) | '
                f'{thousands(result["static"])} '
                f'({ranking.percent(result["static_share"])}) |')

    profiled = [p for p in programs
                if p.steps.get('profile', ('',))[0] == 'ok']
    if not profiled:
        return out[:2] + ['No program was profiled.', '']
    for program in profiled:
        allocs = program.before_allocs()
        out.append(row(f'[{program.name}](#{program.name})',
                       program.diagnostics, allocs))
        corpus += program.diagnostics
        total += allocs or 0
    out.append(row('**corpus**', corpus, total))
    out += ['', 'The same comparison on a real project profiled by its own '
            'test suite (ninja and `ninja_test`) is in '
            '[profile-real.md](profile-real.md), generated by `make '
            'profile-real` (`scripts/profile-real.py`).', '']
    return out


def display_dir(root, corpus, name):
    relative = os.path.relpath(os.path.join(corpus, name), root)
    return name if relative.startswith('..') else relative


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--root', required=True)
    parser.add_argument('--corpus', required=True)
    parser.add_argument('--work', required=True)
    parser.add_argument('--report', required=True)
    parser.add_argument('--command', required=True)
    parser.add_argument('--heapcount', required=True)
    parser.add_argument('--profile-note', default='')
    parser.add_argument('--proof-results', help='make profile-proof\'s '
                        'results (default: ROOT/docs/proof-results.json)')
    parser.add_argument('--no-windows', dest='windows', action='store_false')
    parser.add_argument('--version', action='append', default=[])
    parser.add_argument('programs', nargs='+')
    args = parser.parse_args()

    programs = [Program(name, args) for name in args.programs]
    sections = []
    for program in programs:
        program.check_outputs()
        program.check_hand_makes()
        results = program.check_expectations()
        sections += program.section(results, args)

    failed = [p for p in programs if p.failures]
    versions = dict(v.split('=', 1) for v in args.version)
    out = ['# Validation: heap calls before and after the fix-its', '',
           f'Generated by `make validate` (`{args.command}`): do not edit, '
           'run it again. Each program of the corpus is built linked with '
           'heapcount\'s counting library (as a test links '
           '`AllocTidy::heapcount`: no `heapcount` command, no preloading), '
           'run, fixed by `alloc-tidy --fix` with every `alloc-*` '
           'check, built and run again' +
           (', on Linux and with mingw-w64 under Wine.' if args.windows else
            ', on Linux only (Windows was not measured).') +
           ' Each drop its `expect` file asks for is a budget checked by '
           '`heapcount diff --min-decrease MEASURE=N% [--scope NAME]` on '
           'the reports of the two runs.'
           ' The programs and the format of their `expect` files are '
           'described in `examples/README.md`.', '']
    out += ['Toolchain: ' + '; '.join(
        f'{name}: {markdown(text)}' for name, text in versions.items()
        if text) + '.', '']
    if args.profile_note:
        out += [f'Profile: {markdown(args.profile_note)}.', '']
    out += ['| program | allocations, Linux |' +
            (' allocations, Windows |' if args.windows else '') +
            ' checks |',
            '|---|---:|' + ('---:|' if args.windows else '') + '---|']
    for program in programs:
        cells = [f'[{program.name}](#{program.name})']
        for platform in program.platforms:
            before = program.value(platform, 'before', None, 'allocs')
            cell = []
            for variant in ('after', 'hand'):
                if variant == 'hand' and not program.has_hand:
                    continue
                after = program.value(platform, variant, None, 'allocs')
                label = '' if variant == 'after' else 'by hand '
                cell.append('—' if before is None or after is None else
                            f'{label}→ {thousands(after)} '
                            f'({change(before, after)})')
            cells.append('—' if before is None else
                         thousands(before) + ' ' + '; '.join(cell))
        cells.append('pass' if not program.failures else
                     f'**FAILED** ({len(program.failures)})')
        out.append('| ' + ' | '.join(cells) + ' |')
    out.append('')
    out += ranked_section(programs)
    out += sections
    # The proof on real programs (make profile-proof) is kept from its
    # results file: make validate does not run it.
    out += [''] + proof_table.section(proof_table.read_results(
        args.proof_results or proof_table.default_results_path(args.root)))
    # Sections written by hand after the proof's (measurements by hand, the
    # kinds of each workload's allocations) are the report's too: kept.
    out += hand_written_tail(args.report)
    try:
        os.makedirs(os.path.dirname(args.report) or '.', exist_ok=True)
        with open(args.report, 'w', encoding='utf-8') as f:
            f.write('\n'.join(out).rstrip('\n') + '\n')
    except OSError as e:
        print(f'validate: error: cannot write the report {args.report} ({e})',
              file=sys.stderr)
        return 2
    for program in failed:
        for failure in program.failures:
            print(f'validate: FAILED: {program.name}: {failure}',
                  file=sys.stderr)
    shown = os.path.relpath(args.report, args.root)
    if shown.startswith('..'):
        shown = args.report
    print(f'validate: {len(programs)} programs, '
          f'{len(programs) - len(failed)} passed, {len(failed)} failed '
          f'(report: {shown})')
    return 1 if failed else 0


def hand_written_tail(report):
    """The lines of \p report after the proof's section (proof_table.END),
    which no script writes; none when the file or the marker is absent."""
    try:
        with open(report, encoding='utf-8') as f:
            text = f.read()
    except OSError:
        return []
    at = text.find(proof_table.END)
    if at < 0:
        return []
    # One empty line between the sections, however many the file had.
    tail = text[at + len(proof_table.END):].strip('\n')
    return [''] + tail.split('\n') if tail.strip() else []


if __name__ == '__main__':
    try:
        sys.exit(main())
    except Exception as e:  # a bug here must not read as a failed check
        print(f'validate: error: validate_report.py failed '
              f'({type(e).__name__}: {e})', file=sys.stderr)
        sys.exit(2)
