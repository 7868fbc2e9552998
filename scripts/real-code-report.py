#!/usr/bin/env python3
"""Runs every alloc-* front end over every translation unit of real projects.

Issue 11 ("Robustness"): no alloc-* check, no alloc-layout and no
alloc-clangd run may crash or assert on real code, and the fix-its of
`--fix` with every alloc-* check must leave code that still compiles.

  scripts/real-code-report.py [options] [PROJECT...]

The projects are the directories DIR/NAME holding a project.json (written by
scripts/real-projects.sh: name, origin, commit, source and build directories,
CMake arguments); DIR is --projects-dir, else $ALLOC_TIDY_PROJECTS_DIR, else
/work/real-projects. PROJECT names restrict the run to those. For each
project, over every C++ file of its compile database (a "unit"; .cc, .cpp,
.cxx):

  tidy    alloc-tidy --checks='-*,alloc-*', with the options that turn on the
          optional behaviours (CHECK_OPTIONS below), --header-filter set to
          the project's source tree, and --export-fixes, one process a unit;
  layout  alloc-layout -p BUILD UNIT --format=json, one process a unit;
  clangd  alloc-clangd --check=UNIT --check-warnings, with a user
          configuration (XDG_CONFIG_HOME) that adds alloc-* with
          FastCheckFilter: Loose and the same options;
  fix     the project's sources copied to WORK/NAME/fixed/src and configured
          there with its CMake arguments (WORK/NAME/fixed/build); the alloc-*
          fixes that the tidy step exported (not clang's own fix-its of a
          unit with errors) are moved onto the copy and applied with
          clang-apply-replacements -ignore-insert-conflict (as run-clang-tidy
          -fix does: a fix in a header that several units report is applied
          once, insertions at one place all are); then every unit of the copy
          that reads a changed file is compiled again (--compile=syntax: its
          own compile command with -fsyntax-only; --compile=ninja: ninja -k 0
          on the object files). A unit that fails is compiled in the original
          tree too: it counts only when the original compiles.

--option alloc-CHECK.NAME=VALUE changes one of CHECK_OPTIONS (or adds one);
--extra-arg ARG adds a compiler argument to every step (-stdlib=libc++).

A crash is an exit by a signal, a timeout, or output with "PLEASE submit a
bug report", "Stack dump:", an assertion failure or "LLVM ERROR:". An error
is any other failure (e.g. a unit that does not parse; for alloc-clangd, a
clang error in its log or checks that did not complete); errors are listed
but do not change the exit status. Fixes that cannot be applied fail the
run.

Output: per project a table (units, crashes of each tool, errors, findings,
fixes applied, units that no longer compile, time of each step), then the
crashes and compile failures with their logs, and a summary table in
Markdown (--markdown FILE writes it to a file too). Logs are kept in
WORK/NAME (WORK is --work, default DIR/report).

Exit status: 0 when nothing crashed and every fixed unit compiles (also when
no project is prepared: it says so), 1 when a tool crashed, a fixed unit no
longer compiles or the fixes could not be applied, 2 on a usage or set-up
error.

The tools are BIN/alloc-tidy, BIN/alloc-layout and BIN/alloc-clangd, BIN
being --bin-dir, else $ALLOC_TIDY_BIN_DIR, else build/bin of this checkout;
--alloc-tidy, --alloc-layout and --alloc-clangd (or $ALLOC_TIDY,
$ALLOC_LAYOUT, $ALLOC_CLANGD) name each one instead (the tests pass fakes
that crash).
"""

import argparse
import concurrent.futures
import datetime
import filecmp
import hashlib
import json
import os
import platform
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

try:
    import yaml  # python3-yaml: reads and writes the exported fixes
except ImportError:
    yaml = None

PROG = 'real-code-report'
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# scripts/compile_db.py, found from this script's own place
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
from compile_db import (CXX_SUFFIXES, entry_output, load_database,  # noqa: E402
                        syntax_only_command)

# Options that enable every optional behaviour of the checks: the padding
# fix-it (and a warning for any saving), conditional appends counted as an
# upper bound, and the fullest layout notes.
CHECK_OPTIONS = {
    'alloc-padding.ReorderFixIt': 'true',
    'alloc-padding.MinWastedBytes': '1',
    'alloc-padding.LayoutNotes': 'Full',
    'alloc-reserve-in-loop.ConditionalAppends': 'UpperBound',
    'alloc-deque-as-array.StackAdaptors': 'true',
    'alloc-deque-as-array.LayoutNotes': 'Full',
    'alloc-small-string.LayoutNotes': 'Full',
    'alloc-small-vector.LayoutNotes': 'Full',
}

STEPS = ('tidy', 'layout', 'clangd', 'fix')

# The most telling first: an assertion names its condition.
CRASH_PATTERNS = [
    re.compile(r"Assertion [`'].*' failed"),
    re.compile(r'LLVM ERROR: .*'),
    re.compile(r'PLEASE submit a bug report'),
    re.compile(r'Stack dump:'),
]

# alloc-tidy: "file:line:col: warning: message [alloc-check]"
TIDY_WARNING_RE = re.compile(
    r'^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): warning: (?P<msg>.*) '
    r'\[(?P<check>alloc-[\w-]+)(?:,[^\]]*)?\]$', re.M)
DIAG_ERROR_RE = re.compile(r'^(?:.+?:\d+:\d+: )?(?:fatal )?error: .*$', re.M)
# alloc-clangd --check: "E[12:00:00.000] [alloc-check] Line 4: message"
CLANGD_FINDING_RE = re.compile(
    r'^E\[[^\]]*\] \[(?P<check>alloc-[\w-]+)\] Line (?P<line>\d+): (?P<msg>.*)$',
    re.M)
CLANGD_DONE_RE = re.compile(r'All checks completed, (\d+) errors')
# Any diagnostic alloc-clangd --check logs: clang's errors are named by their
# ids (pp_file_not_found), warnings -Wname, checks and clangd's own
# findings with hyphens (alloc-padding, unused-includes).
CLANGD_DIAG_RE = re.compile(r'^E\[[^\]]*\] \[(?P<name>[^\]]+)\] Line \d+: ', re.M)


def clangd_error(run):
    """Whether an alloc-clangd --check run found a real error. Its exit status
    is not enough: it counts every diagnostic with --check-warnings once a
    .clang-tidy of the project says WarningsAsErrors (cppcheck's does)."""
    if run.crash or run.returncode == 0:
        return False
    if not CLANGD_DONE_RE.search(run.output):
        return True  # it stopped before the checks
    return any('-' not in m['name'] for m in CLANGD_DIAG_RE.finditer(run.output))


def warn(message):
    print(f'{PROG}: {message}', file=sys.stderr, flush=True)


def die(message):
    print(f'{PROG}: error: {message}', file=sys.stderr)
    sys.exit(2)


def llvm_regex_escape(text):
    """TEXT as a literal in an LLVM (POSIX extended) regular expression."""
    return re.sub(r'([.^$*+?()\[\]{}|\\])', r'\\\1', text)


def crash_kind(returncode, output, timed_out=False):
    """Why a run counts as a crash, or None."""
    if timed_out:
        return 'timeout'
    if returncode is not None and returncode < 0:
        try:
            return f'signal {signal.Signals(-returncode).name}'
        except ValueError:
            return f'signal {-returncode}'
    for pattern in CRASH_PATTERNS:
        match = pattern.search(output)
        if match:
            return f'"{match.group(0).strip()}"'
    return None


class Run:
    """One tool run on one unit."""

    def __init__(self, unit, returncode, output, seconds, timed_out, log):
        self.unit = unit
        self.returncode = returncode
        self.output = output
        self.seconds = seconds
        self.crash = crash_kind(returncode, output, timed_out)
        self.log = log
        self.error = self.crash is None and returncode != 0


def run_tool(command, unit, log, timeout, cwd=None, env=None):
    start = time.monotonic()
    timed_out = False
    try:
        proc = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, errors='replace', text=True)
        returncode, output = proc.returncode, proc.stdout
    except subprocess.TimeoutExpired as e:
        timed_out = True
        returncode = None
        output = e.stdout or ''
        if isinstance(output, bytes):
            output = output.decode(errors='replace')
    except OSError as e:
        returncode, output = 127, f'cannot run {command[0]}: {e}\n'
    seconds = time.monotonic() - start
    with open(log, 'w') as f:
        f.write(f'$ {shlex.join(command)}\n')
        f.write(output)
        f.write(f'\n[exit status {returncode}{", timed out" if timed_out else ""}'
                f', {seconds:.1f} s]\n')
    return Run(unit, returncode, output, seconds, timed_out, log)


def run_all(jobs, units, make):
    """Runs make(index, unit) for every unit, JOBS at a time, in order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda pair: make(*pair), enumerate(units)))


def log_name(directory, index, unit):
    return os.path.join(directory, f'{index:04d}-{os.path.basename(unit)}.log')


# --- projects and compile databases -----------------------------------------

class Project:
    def __init__(self, path):
        with open(path) as f:
            data = json.load(f)
        self.dir = os.path.dirname(os.path.abspath(path))
        self.name = data['name']
        self.origin = data.get('origin', '')
        self.commit = data.get('commit', '')
        self.source = os.path.abspath(data['source'])
        self.build = os.path.abspath(data['build'])
        self.cmake_args = data.get('cmake_args', [])

    @property
    def label(self):
        commit = f' {self.commit[:12]}' if self.commit else ''
        return f'{self.name} ({self.origin}{commit})' if self.origin else self.name


def first_diagnostic(output, lines=6):
    """The first error of a compiler's output (or of alloc-clangd's log)
    with a few lines after it."""
    text = output.splitlines()
    for i, line in enumerate(text):
        if (re.search(r'\b(fatal )?error: ', line) or
                (line.startswith('E[') and not CLANGD_FINDING_RE.match(line))):
            return '\n'.join(text[i:i + lines])
    return '\n'.join(text[:lines])


# --- the steps -------------------------------------------------------------

class Report:
    """What one project gave."""

    def __init__(self, project, units):
        self.project = project
        self.units = units
        self.times = {}
        self.runs = {}  # step -> [Run]
        self.tidy_findings = {}  # (file, line, col, check, msg) -> 1
        self.clangd_findings = 0
        self.layout_records = set()
        self.fixes = 0
        self.fix_files = []
        # Findings the decisions across the project's units added (members
        # that no single unit could decide) and withdrew; None when they
        # were not made (a unit failed, so some facts are missing).
        self.member_decisions = None
        self.merged_insertions = 0
        self.compile_failures = []  # (unit, diagnostic, log)
        self.compile_skipped_before = []  # units that failed before fixing too
        self.compiled_units = 0
        self.changed = []  # files the fixes changed (relative to the copy)
        self.setup_error = None

    def crashes(self, step):
        return [r for r in self.runs.get(step, []) if r.crash]

    def errors(self, step):
        return [r for r in self.runs.get(step, []) if r.error]

    def findings_by_check(self):
        counts = {}
        for key in self.tidy_findings:
            counts[key[3]] = counts.get(key[3], 0) + 1
        return dict(sorted(counts.items()))

    @property
    def failed(self):
        return (any(self.crashes(step) for step in self.runs) or
                bool(self.compile_failures) or self.setup_error is not None)


def tidy_config():
    options = ', '.join(f'{k}: {v}' for k, v in CHECK_OPTIONS.items())
    return '{CheckOptions: {' + options + '}}'


def step_tidy(args, project, report, work):
    out = os.path.join(work, 'tidy')
    fixes = os.path.join(work, 'tidy-fixes')
    for d in (out, fixes):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    header_filter = '^' + llvm_regex_escape(project.source + '/')

    facts = os.path.join(work, 'member-facts.jsonl')
    if os.path.exists(facts):
        os.unlink(facts)
    env = dict(os.environ, ALLOC_TIDY_MEMBER_FACTS_OUTPUT=facts)

    def one(index, unit):
        command = [args.alloc_tidy, '-p', project.build, '--checks=-*,alloc-*',
                   f'--config={tidy_config()}', f'--header-filter={header_filter}',
                   f'--export-fixes={os.path.join(fixes, f"{index:04d}.yaml")}',
                   '--quiet', unit] + [f'--extra-arg={a}' for a in args.extra_arg]
        return run_tool(command, unit, log_name(out, index, unit), args.timeout,
                        env=env)

    report.runs['tidy'] = run_all(args.jobs, report.units, one)
    for run in report.runs['tidy']:
        for m in TIDY_WARNING_RE.finditer(run.output):
            key = (os.path.normpath(m['file']), int(m['line']), int(m['col']),
                   m['check'], m['msg'])
            report.tidy_findings[key] = 1
    # Data members decided across the project's units, as alloc-run does;
    # only with every unit's facts.
    if not any(r.crash or r.error for r in report.runs['tidy']) and \
            os.path.exists(facts):
        # The compile database and its units, as alloc-run names them.
        with open(os.path.join(project.build, 'compile_commands.json'),
                  'rb') as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        with open(facts, 'a') as f:
            f.write(json.dumps({
                'version': 2, 'kind': 'database',
                'path': os.path.realpath(
                    os.path.join(project.build, 'compile_commands.json')),
                'sha256': digest,
                'units': [os.path.realpath(u) for u in report.units]}) + '\n')
        decide_members(args, project, report, work, facts, fixes)


def decide_members(args, project, report, work, facts, fixes):
    """Applies the member decisions across units to the exported fixes:
    a decided member's findings in the units' files are replaced by the
    decision's, written to FIXES/members.yaml."""
    if not yaml:
        return  # move_fixes() says PyYAML is missing
    decisions_file = os.path.join(work, 'member-decisions.json')
    command = [args.alloc_tidy, f'--merge-member-facts={decisions_file}', facts]
    run = run_tool(command, facts, os.path.join(work, 'member-decisions.log'),
                   args.timeout)
    if run.returncode != 0:
        report.setup_error = (f'the member decisions failed: '
                              f'{first_diagnostic(run.output, 1)}')
        return
    with open(decisions_file) as f:
        members = json.load(f)['members']
    decided = {(m['check'], os.path.realpath(m['file']), m['offset']): m
               for m in members}

    def place(diag):
        message = diag.get('DiagnosticMessage') or {}
        return (diag.get('DiagnosticName'),
                os.path.realpath(message.get('FilePath') or ''),
                message.get('FileOffset'))
    withdrawn = set()
    for name in sorted(os.listdir(fixes)):
        path = os.path.join(fixes, name)
        with open(path) as f:
            data = yaml.safe_load(f) or {}
        diags = data.get('Diagnostics') or []
        kept = [d for d in diags if place(d) not in decided]
        withdrawn.update(place(d) for d in diags if place(d) in decided)
        if len(kept) != len(diags):
            data['Diagnostics'] = kept
            with open(path, 'w') as f:
                yaml.dump(data, f, Dumper=_FixesDumper, explicit_start=True,
                          explicit_end=True, sort_keys=False,
                          allow_unicode=True, width=1 << 30)
    findings = [m['finding'] for m in members
                if m['action'] in ('fix', 'warn') and m.get('finding')]
    with open(os.path.join(fixes, 'members.yaml'), 'w') as f:
        yaml.dump({'MainSourceFile': '', 'Diagnostics': findings}, f,
                  Dumper=_FixesDumper, explicit_start=True, explicit_end=True,
                  sort_keys=False, allow_unicode=True, width=1 << 30)
    added = {place(d) for d in findings}
    actions = [m['action'] for m in members]
    report.member_decisions = {
        'decided': len(members),
        'actions': {a: actions.count(a) for a in ('fix', 'warn', 'silent')},
        'added': len(added - withdrawn), 'withdrawn': len(withdrawn - added)}


def step_layout(args, project, report, work):
    out = os.path.join(work, 'layout')
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)

    def one(index, unit):
        log = log_name(out, index, unit)
        command = [args.alloc_layout, '-p', project.build, unit, '--format=json',
                   '-o', log[:-len('.log')] + '.json'] + [
                       f'--extra-arg={a}' for a in args.extra_arg]
        return run_tool(command, unit, log, args.timeout)

    report.runs['layout'] = run_all(args.jobs, report.units, one)
    for run in report.runs['layout']:
        try:
            with open(run.log[:-len('.log')] + '.json') as f:
                data = json.load(f)
            for record in data.get('records', []):
                report.layout_records.add((record.get('qualifiedName'),
                                           record.get('file'),
                                           record.get('line')))
        except (OSError, ValueError, AttributeError):
            pass


def clangd_config(work, extra_args):
    """A user configuration for alloc-clangd: alloc-* on, Loose, options,
    and the extra compiler arguments."""
    home = os.path.join(work, 'clangd-home')
    os.makedirs(os.path.join(home, 'clangd'), exist_ok=True)
    lines = []
    if extra_args:
        lines += ['CompileFlags:', f'  Add: {json.dumps(extra_args)}']
    lines += ['Diagnostics:', '  ClangTidy:', '    Add: [alloc-*]',
              '    FastCheckFilter: Loose', '    CheckOptions:']
    lines += [f'      {k}: {v}' for k, v in CHECK_OPTIONS.items()]
    with open(os.path.join(home, 'clangd', 'config.yaml'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return home


def step_clangd(args, project, report, work):
    out = os.path.join(work, 'clangd')
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    env = dict(os.environ, XDG_CONFIG_HOME=clangd_config(work, args.extra_arg))

    def one(index, unit):
        command = [args.alloc_clangd, f'--check={unit}',
                   f'--compile-commands-dir={project.build}', '--check-warnings',
                   f'--check-locations={"true" if args.clangd_locations else "false"}']
        return run_tool(command, unit, log_name(out, index, unit), args.timeout,
                        cwd=work, env=env)

    report.runs['clangd'] = run_all(args.jobs, report.units, one)
    for run in report.runs['clangd']:
        run.error = clangd_error(run)
        report.clangd_findings += len(CLANGD_FINDING_RE.findall(run.output))


def configure_copy(project, copy_src, copy_build, log):
    """Copies the sources and configures the copy the way the original was."""
    shutil.rmtree(os.path.dirname(copy_src), ignore_errors=True)
    shutil.copytree(project.source, copy_src, symlinks=True)
    with open(log, 'w') as f:
        cmake = ['cmake', '-S', copy_src, '-B', copy_build] + project.cmake_args
        f.write(f'$ {shlex.join(cmake)}\n')
        f.flush()
        if subprocess.run(cmake, stdout=f, stderr=subprocess.STDOUT).returncode:
            return False
        targets = subprocess.run(['ninja', '-C', copy_build, '-t', 'targets', 'all'],
                                 capture_output=True, text=True).stdout
        # As scripts/real-projects.sh does: only the commands that write
        # headers or sources, not the libraries CMake orders before them,
        # and not custom targets, whose stamps under CMakeFiles/ may be
        # named like headers (uncrustify's format-*.h run the project's
        # own tool, which the copy has not built).
        headers = [line.split(': ')[0] for line in targets.splitlines()
                   if line.endswith(': CUSTOM_COMMAND') and
                   not re.match(r'(.*/)?CMakeFiles/', line) and
                   re.search(r'\.(h|hh|hpp|hxx|inc|def|c|cc|cpp|cxx): ', line)]
        for header in headers:
            command = subprocess.run(['ninja', '-C', copy_build, '-t', 'commands',
                                      '-s', header], capture_output=True,
                                     text=True).stdout.strip()
            os.makedirs(os.path.join(copy_build, os.path.dirname(header)),
                        exist_ok=True)
            f.write(f'$ (in {copy_build}) {command}\n')
            f.flush()
            if not command or subprocess.run(['sh', '-c', command], cwd=copy_build,
                                             stdout=f, stderr=subprocess.STDOUT
                                             ).returncode:
                return False
    return True


class _FixesDumper(yaml.SafeDumper if yaml else object):
    """Writes strings with line breaks double-quoted with escapes, as
    clang-tidy does: PyYAML would fold them into single-quoted lines."""


def _represent_str(dumper, value):
    style = '"' if re.search(r'[\x00-\x1f]', value) else None
    return dumper.represent_scalar('tag:yaml.org,2002:str', value, style=style)


if yaml:
    _FixesDumper.add_representer(str, _represent_str)


def move_fixes(project, src_dir, dst_dir, copy_src, copy_build):
    """The exported fixes rewritten to the copy's paths; returns the count of
    distinct fix-its (deduplicated across units) and the files they touch."""
    paths = sorted([(project.build, copy_build), (project.source, copy_src)],
                   key=lambda p: -len(p[0]))
    pattern = re.compile('|'.join(re.escape(p) for p, _ in paths) +
                         r'''(?=[/'"\s]|$)''', re.M)
    mapping = dict(paths)
    shutil.rmtree(dst_dir, ignore_errors=True)
    os.makedirs(dst_dir)
    if not yaml:
        die('PyYAML is needed to read the exported fixes (python3-yaml)')
    fixes = set()
    files = set()
    for name in sorted(os.listdir(src_dir)):
        if not name.endswith('.yaml'):
            continue
        with open(os.path.join(src_dir, name)) as f:
            data = yaml.safe_load(pattern.sub(lambda m: mapping[m.group(0)],
                                              f.read())) or {}
        # Only the checks' fixes: a unit with compiler errors also exports
        # clang's own fix-its (clang-diagnostic-error "did you mean ...?"),
        # which alloc-tidy --fix would not apply.
        kept = []
        for diag in data.get('Diagnostics') or []:
            if not str(diag.get('DiagnosticName', '')).startswith('alloc-'):
                continue
            kept.append(diag)
            message = diag.get('DiagnosticMessage') or {}
            replacements = message.get('Replacements') or []
            if replacements:
                fixes.add((diag.get('DiagnosticName'), message.get('FilePath'),
                           message.get('FileOffset')))
                files.update(r.get('FilePath') for r in replacements)
        data['Diagnostics'] = kept
        with open(os.path.join(dst_dir, name), 'w') as f:
            yaml.dump(data, f, Dumper=_FixesDumper, explicit_start=True,
                      explicit_end=True, sort_keys=False, allow_unicode=True,
                      width=1 << 30)
    return len(fixes), sorted(f for f in files if f)


def changed_files(original, copy):
    """Files of COPY whose contents differ from ORIGINAL's (relative paths)."""
    changed = []
    for dirpath, _, filenames in os.walk(copy):
        for name in filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, copy)
            other = os.path.join(original, rel)
            if os.path.islink(path) or not os.path.isfile(other):
                continue
            if not filecmp.cmp(path, other, shallow=False):
                changed.append(rel)
    return sorted(changed)


def reads_any(entry, paths, timeout, extra_args):
    """Whether the unit of ENTRY reads one of PATHS (its main file or a
    header, as the preprocessor lists them); True when that cannot be told."""
    if entry['file'] in paths:
        return True
    command = syntax_only_command(entry, extra_args)
    command[1] = '-M'
    try:
        proc = subprocess.run(command, cwd=entry['directory'], capture_output=True,
                              text=True, errors='replace', timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return True
    if proc.returncode != 0:
        return True
    words = proc.stdout.replace('\\\n', ' ').split()
    deps = {os.path.normpath(os.path.join(entry['directory'], w))
            for w in words[1:] if not w.endswith(':')}
    return bool(deps & paths)


def compile_entry(entry, timeout, log, extra_args):
    return run_tool(syntax_only_command(entry, extra_args), entry['file'], log,
                    timeout, cwd=entry['directory'])


def step_fix(args, project, report, work):
    fixed = os.path.join(work, 'fixed')
    copy_src = os.path.join(fixed, 'src')
    copy_build = os.path.join(fixed, 'build')
    log = os.path.join(work, 'fix-configure.log')
    if not configure_copy(project, copy_src, copy_build, log):
        report.setup_error = f'the copy did not configure (log: {log})'
        return
    report.fixes, report.fix_files = move_fixes(
        project, os.path.join(work, 'tidy-fixes'), os.path.join(work, 'fixes'),
        copy_src, copy_build)
    # As run-clang-tidy -fix: insertions at one place (two containers hoisted
    # before the same loop) are all applied, not refused as a conflict.
    apply = [args.apply_replacements, '-ignore-insert-conflict',
             os.path.join(work, 'fixes')]
    proc = subprocess.run(apply, capture_output=True, text=True)
    apply_log = os.path.join(work, 'apply.log')
    with open(apply_log, 'w') as f:
        f.write(f'$ {shlex.join(apply)}\n{proc.stdout}{proc.stderr}')
    report.merged_insertions = (proc.stdout + proc.stderr).count(
        'The new insertion has the same insert location')
    if proc.returncode != 0:
        report.setup_error = (f'{args.apply_replacements} failed (exit status '
                              f'{proc.returncode}), so no fix was applied: '
                              f'{first_diagnostic(proc.stdout + proc.stderr, 1)} '
                              f'(log: {apply_log})')
        return
    changed = changed_files(project.source, copy_src)
    report.changed = changed
    with open(os.path.join(work, 'fixed.diff'), 'w') as f:
        subprocess.run(['diff', '-ru', project.source, copy_src], stdout=f,
                       stderr=subprocess.STDOUT)
    if not changed:
        return  # nothing to compile again: the copy is the original

    entries, _ = load_database(copy_build)
    # The C++ units, as for the analysis: a C or assembly unit of the
    # database was never analysed, and the compiler options given for the
    # C++ ones (-stdlib=libc++) do not apply to it.
    entries = [e for e in entries if e['file'].endswith(CXX_SUFFIXES)]
    original = {e['file']: e for e in load_database(project.build)[0]}
    out = os.path.join(work, 'compile')
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    # Only the units that read a changed file are compiled again.
    changed_paths = {os.path.join(copy_src, c) for c in changed}
    needed = run_all(args.jobs, entries,
                     lambda _, entry: reads_any(entry, changed_paths, args.timeout,
                                                args.extra_arg))
    entries = [e for e, n in zip(entries, needed) if n]
    failed = []  # (entry, diagnostic, log)
    if args.compile == 'ninja':
        outputs = {}
        for entry in entries:
            output = entry_output(entry)
            if output:
                outputs[os.path.relpath(os.path.join(entry['directory'], output),
                                        copy_build)] = entry
        ninja_log = os.path.join(out, 'ninja.log')
        command = ['ninja', '-C', copy_build, '-k', '0', f'-j{args.jobs}'] + sorted(outputs)
        run = run_tool(command, copy_build, ninja_log, args.timeout * 4)
        lines = run.output.splitlines()
        for i, line in enumerate(lines):
            if not line.startswith('FAILED: '):
                continue
            body = []
            for rest in lines[i + 1:]:
                if rest.startswith('FAILED: ') or re.match(r'^\[\d+/\d+\] ', rest) \
                        or rest.startswith('ninja: '):
                    break
                body.append(rest)
            for target in line[len('FAILED: '):].split():  # ninja 1.12's [code=N] matches no output
                entry = outputs.get(os.path.normpath(target))
                if entry:
                    failed.append((entry, first_diagnostic('\n'.join(body[1:])),
                                   ninja_log))
        report.compiled_units = len(outputs)
    else:
        def one(index, entry):
            return compile_entry(entry, args.timeout,
                                 log_name(out, index, entry['file']), args.extra_arg)
        runs = run_all(args.jobs, entries, one)
        report.compiled_units = len(runs)
        for entry, run in zip(entries, runs):
            if run.returncode != 0:
                failed.append((entry, first_diagnostic(run.output), run.log))

    # A unit counts only when its original compiles.
    for entry, diagnostic, log in failed:
        unit = os.path.join(project.source, os.path.relpath(entry['file'], copy_src))
        before = original.get(unit)
        ok_before = before is not None and compile_entry(
            before, args.timeout,
            os.path.join(out, os.path.basename(unit) + '.original.log'),
            args.extra_arg).returncode == 0
        if ok_before:
            report.compile_failures.append((entry['file'], diagnostic, log))
        else:
            report.compile_skipped_before.append(entry['file'])


# --- output ----------------------------------------------------------------

def seconds(value):
    return '-' if value is None else f'{value:.1f} s'


def print_project(report, steps):
    p = report.project
    print(f'\n== {p.label}: {len(report.units)} translation units')
    print(f'   sources {p.source}, compile database {p.build}/compile_commands.json')
    rows = [('translation units', str(len(report.units)), '')]
    names = {'tidy': 'alloc-tidy', 'layout': 'alloc-layout', 'clangd': 'alloc-clangd'}
    for step in ('tidy', 'layout', 'clangd'):
        if step in steps:
            errors = len(report.errors(step))
            rows.append((f'{names[step]} crashes', str(len(report.crashes(step))),
                         f'{seconds(report.times.get(step))}'
                         + (f', {errors} units with errors' if errors else '')))
    if 'tidy' in steps:
        by_check = ', '.join(f'{k} {v}' for k, v in report.findings_by_check().items())
        rows.append(('findings (alloc-tidy)', str(len(report.tidy_findings)),
                     by_check))
        if report.member_decisions:
            d = report.member_decisions
            counts = ', '.join(f'{n} {a}' for a, n in d['actions'].items())
            rows.append(('member decisions across units', str(d['decided']),
                         f"{counts}; +{d['added']} findings no single unit "
                         f"could make, {d['withdrawn']} withdrawn"))
    if 'clangd' in steps:
        rows.append(('findings (alloc-clangd, main files)',
                     str(report.clangd_findings), ''))
    if 'layout' in steps:
        rows.append(('records laid out (alloc-layout)',
                     str(len(report.layout_records)), ''))
    if 'fix' in steps:
        rows.append(('fixes applied', str(report.fixes),
                     f'{len(report.changed)} files changed'
                     + (f'; {report.merged_insertions} '
                        f'insertion{"s" if report.merged_insertions > 1 else ""} '
                        'at the place of another' if report.merged_insertions
                        else '')))
        rows.append(('units failing to compile after --fix',
                     str(len(report.compile_failures)),
                     f'{seconds(report.times.get("fix"))}, '
                     f'{report.compiled_units} units compiled again'
                     + (f'; {len(report.compile_skipped_before)} failed before '
                        'fixing too' if report.compile_skipped_before else '')))
    width = max(len(r[0]) for r in rows)
    for name, value, note in rows:
        print(f'   {name:<{width}}  {value:>6}  {note}'.rstrip())
    if report.setup_error:
        print(f'   ERROR: {report.setup_error}')
    for step in ('tidy', 'layout', 'clangd'):
        for run in report.crashes(step):
            print(f'   CRASH: {names[step]} on {run.unit}: {run.crash} '
                  f'(log: {run.log})')
        for run in report.errors(step):
            print(f'   error: {names[step]} on {run.unit}: exit status '
                  f'{run.returncode}: {first_diagnostic(run.output, 1)} '
                  f'(log: {run.log})')
    for unit, diagnostic, log in report.compile_failures:
        print(f'   DOES NOT COMPILE after --fix: {unit} (log: {log})')
        for line in diagnostic.splitlines():
            print(f'      {line}')
    for unit in report.compile_skipped_before:
        print(f'   note: {unit} does not compile before fixing either')


def markdown_table(reports, steps):
    head = ['project', 'units']
    if 'tidy' in steps:
        head.append('alloc-tidy crashes')
    if 'layout' in steps:
        head.append('alloc-layout crashes')
    if 'clangd' in steps:
        head.append('alloc-clangd crashes')
    if 'tidy' in steps:
        head.append('findings')
    if 'fix' in steps:
        head += ['fixes applied', 'fail to compile after --fix']
    head.append('time (' + ' / '.join(s for s in STEPS if s in steps) + ')')
    lines = ['| ' + ' | '.join(head) + ' |', '|' + '---|' * len(head)]
    for r in reports:
        p = r.project
        name = p.name + (f' `{p.commit[:8]}`' if p.commit else '')
        row = [name, str(len(r.units))]
        for step in ('tidy', 'layout', 'clangd'):
            if step in steps:
                row.append(str(len(r.crashes(step))))
        if 'tidy' in steps:
            row.append(str(len(r.tidy_findings)))
        if 'fix' in steps:
            row += [str(r.fixes), str(len(r.compile_failures))]
        row.append(' / '.join(f'{r.times.get(s, 0):.0f} s' for s in STEPS if s in steps))
        lines.append('| ' + ' | '.join(row) + ' |')
    return '\n'.join(lines)


# --- main ------------------------------------------------------------------

def find_projects(args):
    if args.project_file:
        paths = args.project_file
    else:
        directory = args.projects_dir
        if not os.path.isdir(directory):
            return []
        paths = sorted(os.path.join(directory, d, 'project.json')
                       for d in os.listdir(directory)
                       if os.path.isfile(os.path.join(directory, d, 'project.json')))
    projects = []
    for path in paths:
        try:
            projects.append(Project(path))
        except (OSError, ValueError, KeyError) as e:
            die(f'cannot read {path}: {e}')
    if args.names:
        known = {p.name for p in projects}
        for name in args.names:
            if name not in known:
                print(f'skipped: {name} not prepared (scripts/real-projects.sh {name})')
        projects = [p for p in projects if p.name in args.names]
    return projects


def tool(explicit, env_name, bin_dir, name):
    path = explicit or os.environ.get(env_name) or os.path.join(bin_dir, name)
    return os.path.abspath(path) if os.sep in path else path


def main():
    parser = argparse.ArgumentParser(
        prog=PROG, description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='See the top of this file (or docs/robustness.md) for details.')
    parser.add_argument('names', metavar='PROJECT', nargs='*',
                        help='only these projects (default: every prepared one)')
    parser.add_argument('--projects-dir', default=os.environ.get(
        'ALLOC_TIDY_PROJECTS_DIR', '/work/real-projects'))
    parser.add_argument('--project', dest='project_file', action='append',
                        metavar='PROJECT_JSON',
                        help='a project.json to use instead of --projects-dir')
    parser.add_argument('--work', help='where logs go (default: PROJECTS_DIR/report)')
    parser.add_argument('--bin-dir', default=os.environ.get(
        'ALLOC_TIDY_BIN_DIR', os.path.join(ROOT, 'build', 'bin')))
    parser.add_argument('--alloc-tidy')
    parser.add_argument('--alloc-layout')
    parser.add_argument('--alloc-clangd')
    parser.add_argument('--apply-replacements', default='clang-apply-replacements-22')
    parser.add_argument('--steps', default=','.join(STEPS),
                        help='comma-separated, of ' + ', '.join(STEPS) +
                        ' (fix needs tidy, which it adds)')
    parser.add_argument('-j', '--jobs', type=int, default=2)
    parser.add_argument('--timeout', type=float, default=900,
                        help='seconds one tool run may take (a timeout is a crash)')
    parser.add_argument('--compile', choices=('syntax', 'ninja'), default='syntax',
                        help='how the fixed copy is compiled again')
    parser.add_argument('--clangd-locations', action='store_true',
                        help='let alloc-clangd --check also try its features at '
                        'every token (slow)')
    parser.add_argument('--option', action='append', default=[], metavar='KEY=VALUE',
                        help='a check option to add or change, e.g. '
                        'alloc-deque-as-array.TargetSTL=msvc')
    parser.add_argument('--extra-arg', action='append', default=[], metavar='ARG',
                        help='a compiler argument for every step, e.g. '
                        '-stdlib=libc++ (not with --compile=ninja)')
    parser.add_argument('--files', metavar='REGEX',
                        help='only units whose path matches REGEX')
    parser.add_argument('--markdown', metavar='FILE',
                        help='write the summary table (Markdown) to FILE')
    args = parser.parse_args()

    steps = [s.strip() for s in args.steps.split(',') if s.strip()]
    for s in steps:
        if s not in STEPS:
            die(f'unknown step {s!r} (steps: {", ".join(STEPS)})')
    if 'fix' in steps and 'tidy' not in steps:
        steps.insert(0, 'tidy')
    if args.jobs < 1:
        die('-j needs a positive number')
    for option in args.option:
        key, sep, value = option.partition('=')
        if not sep or not key.startswith('alloc-'):
            die(f'--option {option!r}: expected alloc-CHECK.NAME=VALUE')
        CHECK_OPTIONS[key] = value
    if args.extra_arg and args.compile == 'ninja':
        die('--extra-arg cannot be passed to a ninja build: use --compile=syntax')
    args.projects_dir = os.path.abspath(args.projects_dir)
    args.alloc_tidy = tool(args.alloc_tidy, 'ALLOC_TIDY', args.bin_dir, 'alloc-tidy')
    args.alloc_layout = tool(args.alloc_layout, 'ALLOC_LAYOUT', args.bin_dir,
                             'alloc-layout')
    args.alloc_clangd = tool(args.alloc_clangd, 'ALLOC_CLANGD', args.bin_dir,
                             'alloc-clangd')
    needed = {'tidy': args.alloc_tidy, 'layout': args.alloc_layout,
              'clangd': args.alloc_clangd}
    for step, path in needed.items():
        if step in steps and not shutil.which(path):
            die(f'{path} not found or not executable (build it, or pass --bin-dir)')
    if 'fix' in steps:
        for program in (args.apply_replacements, 'cmake', 'ninja'):
            if not shutil.which(program):
                die(f'{program} not found (needed by the fix step)')

    projects = find_projects(args)
    if not projects:
        print(f'skipped: no prepared project in {args.projects_dir} '
              '(run scripts/real-projects.sh)')
        return 0
    work_root = os.path.abspath(args.work or os.path.join(args.projects_dir, 'report'))

    print(f'real-code report, {datetime.datetime.now().strftime("%Y-%m-%d %H:%M")}, '
          f'{os.cpu_count()} cores, {platform.platform()}, -j{args.jobs}')
    version = subprocess.run([args.alloc_tidy, '--version'], capture_output=True,
                             text=True, errors='replace').stdout.strip().splitlines()
    if version:
        print(f'alloc-tidy: {version[-1]}')
    print(f'steps: {", ".join(steps)}; check options: {tidy_config()}'
          + (f'; extra compiler arguments: {shlex.join(args.extra_arg)}'
             if args.extra_arg else ''))

    reports = []
    for project in projects:
        work = os.path.join(work_root, project.name)
        os.makedirs(work, exist_ok=True)
        try:
            _, units = load_database(project.build)
        except (OSError, ValueError, KeyError) as e:
            die(f'{project.name}: cannot read the compile database: {e}')
        # Every front end is about C++: C and assembly units (ccache's
        # bundled BLAKE3, its Windows-only mktemp.c) are left out.
        units = [u for u in units if u.endswith(CXX_SUFFIXES)]
        if args.files:
            units = [u for u in units if re.search(args.files, u)]
        report = Report(project, units)
        for step in steps:
            warn(f'{project.name}: {step} over {len(units)} units...')
            start = time.monotonic()
            {'tidy': step_tidy, 'layout': step_layout, 'clangd': step_clangd,
             'fix': step_fix}[step](args, project, report, work)
            report.times[step] = time.monotonic() - start
        print_project(report, steps)
        reports.append(report)
        sys.stdout.flush()

    table = markdown_table(reports, steps)
    print('\n' + table)
    if args.markdown:
        with open(args.markdown, 'w') as f:
            f.write(table + '\n')
    crashes = sum(len(r.crashes(s)) for r in reports for s in r.runs)
    errors = sum(len(r.errors(s)) for r in reports for s in r.runs)
    broken = sum(len(r.compile_failures) for r in reports)
    setup = sum(1 for r in reports if r.setup_error)
    print(f'\n{crashes} crashes, {broken} units failing to compile after --fix'
          + (f', {setup} projects whose fix step failed' if setup else '')
          + f'; {errors} runs ended with an error (logs in {work_root})')
    return 1 if any(r.failed for r in reports) else 0


if __name__ == '__main__':
    sys.exit(main())
