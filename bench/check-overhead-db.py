#!/usr/bin/env python3
"""What the alloc-* checks add to clang-tidy over whole compile databases.

For every translation unit of each database, these configurations of one
binary (alloc-tidy, so that upstream and alloc checks share everything
else) run side by side, taking turns, RUNS times each:

  baseline  --checks=-*,objc-forbidden-subclassing: a check that registers
            no matcher in C++, so the run is parsing plus clang-tidy's own
            fixed cost (the floor any check pays)
  alloc     --checks=-*,alloc-*: every alloc-* check
  vector    --checks=-*,performance-inefficient-vector-operation: the
            nearest upstream check, for scale
  parse     clang++ -fsyntax-only with the unit's own compile commands
            (clang++ of the LLVM given by --llvm): the compiler's parse
            alone, the floor issue 35 measures against

Times are CPU times (user + system) of the runs. The best time of each
configuration per unit is summed over the database.
The alloc-* total is reported as its overhead over the baseline, and as
a ratio to the parse; each
check's share comes from one more run with --enable-check-profile (the
check's own matcher and callback time, summed over the units) divided by the
baseline total. That profile does not book what a check does at the end of
a unit (onEndOfTranslationUnit: the deque, member and whole-program
analyses); --each-check adds one configuration per alloc-* check,
--checks=-*,CHECK, taking turns with the others, whose whole run counts
everything the check costs. Goals (issue 11): all alloc-* checks together at most 5%
over the baseline, none alone more than 2%. Asserts nothing; the compile
databases live outside this repository, and a missing one is reported and
skipped.

--instructions counts instructions in place of CPU time: each
configuration runs once under valgrind's callgrind (every process, the
compiler driver's child included) and the instructions executed are
summed. The count does not move with the load of a shared machine, so a
difference of 1% is a difference, where CPU times move by several %; it
does not weigh cache misses, and it is about 50 times slower. The
--enable-check-profile rows (time) are left out.

  bench/check-overhead-db.py [--build BUILD] [--runs N] [--limit N]
                             [--each-check] [--instructions] [--llvm N]
                             PROJECT_BUILD_DIR...
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# scripts/compile_db.py, found from this script's own place
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
from compile_db import (cxx_units, load_database, project_name,  # noqa: E402
                        syntax_only_command)

PARSE = 'clang++ -fsyntax-only'
CONFIGS = [
    ('baseline', '-*,objc-forbidden-subclassing'),
    ('alloc', '-*,alloc-*'),
    ('vector', '-*,performance-inefficient-vector-operation'),
]


def tidy_command(tool, build_dir, checks, path, profile=False):
    command = [tool, '--quiet', '--config={}', f'--checks={checks}',
               '-p', build_dir, path]
    if profile:
        command.insert(1, '--enable-check-profile')
    return command


def timed(command, cwd=None):
    """The CPU time (user + system) of one run, and its exit status. CPU
    time, not wall time: this machine is a shared VM, where a run's wall
    time also counts its waits for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) +
            (after.ru_stime - before.ru_stime)), done.returncode


COLLECTED = re.compile(r'^==\d+== Collected : (\d+)$', re.M)


def counted(command, cwd=None):
    """The instructions that COMMAND and every process it starts execute
    (valgrind's callgrind), in millions, and its exit status."""
    with tempfile.TemporaryDirectory(prefix='overhead-') as logs:
        done = subprocess.run(
            ['valgrind', '--tool=callgrind', '--trace-children=yes',
             f'--callgrind-out-file={logs}/out.%p',
             f'--log-file={logs}/log.%p'] + command,
            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        total = 0
        for name in os.listdir(logs):
            if name.startswith('log.'):
                with open(os.path.join(logs, name)) as log:
                    total += sum(int(n) for n in COLLECTED.findall(log.read()))
    return total / 1e6, done.returncode


# --enable-check-profile prints one row per check:
#   user  system  user+system  wall  name
# with each time as "seconds (percent%)"; the user+system column is taken.
PROFILE_ROW = re.compile(
    r'^\s*(?:[\d.]+ \([\s\d.]+%\)\s+){2}([\d.]+) \([\s\d.]+%\)\s+'
    r'[\d.]+ \([\s\d.]+%\)\s+(\S+)\s*$')


def check_times(tool, build_dir, path):
    """Each alloc-* check's own CPU time in one profiled run of PATH."""
    out = subprocess.run(tidy_command(tool, build_dir, '-*,alloc-*', path,
                                      profile=True),
                         capture_output=True, text=True).stderr
    times = defaultdict(float)
    for line in out.splitlines():
        match = PROFILE_ROW.match(line)
        if match and match.group(2).startswith('alloc-'):
            times[match.group(2)] += float(match.group(1))
    return times


def alloc_checks(tool):
    """The names of the alloc-* checks the tool has."""
    out = subprocess.run([tool, '--list-checks', '--checks=-*,alloc-*'],
                         capture_output=True, text=True).stdout
    return sorted({line.strip() for line in out.splitlines()
                   if line.strip().startswith('alloc-')})


def parse_time(entries, clangxx, measure=timed):
    """CPU seconds (or what MEASURE measures) of clang++ -fsyntax-only
    over ENTRIES (every compile command of one file: clang-tidy runs them
    all), and whether each one parsed."""
    seconds, clean = 0.0, True
    for entry in entries:
        spent, status = measure(syntax_only_command(entry, compiler=clangxx),
                                cwd=entry['directory'])
        seconds += spent
        clean = clean and status == 0
    return seconds, clean


def bench(name, build_dir, tool, runs, limit, clangxx, configs=CONFIGS,
          instructions=False):
    files = cxx_units(build_dir, limit)
    measure = counted if instructions else timed
    if instructions:
        runs = 1  # the same count every time
    entries = load_database(build_dir)[0]
    totals = defaultdict(float)
    per_check = defaultdict(float)
    failures = defaultdict(int)
    for path in files:
        best = {}
        commands = [entry for entry in entries if entry['file'] == path]
        parsed = True
        for _ in range(runs):
            seconds, clean = parse_time(commands, clangxx, measure)
            parsed = parsed and clean
            best[PARSE] = min(best.get(PARSE, seconds), seconds)
            for config, checks in configs:
                seconds, status = measure(
                    tidy_command(tool, build_dir, checks, path))
                if status not in (0, 1):  # 1: findings as errors, or errors
                    failures[config] += 1
                best[config] = min(best.get(config, seconds), seconds)
        failures[PARSE] += not parsed
        for config in best:
            totals[config] += best[config]
        if not instructions:
            for check, seconds in check_times(tool, build_dir,
                                              path).items():
                per_check[check] += seconds
    base = totals['baseline']
    unit = 'M instr' if instructions else 'CPU s'
    if instructions:
        print(f'\n{name}: {len(files)} translation units, instructions '
              f'counted once each (callgrind)')
    else:
        print(f'\n{name}: {len(files)} translation units, best of {runs} '
              f'runs each, configurations taking turns')
    print(f'  {"configuration":<46} {unit:>9} {"vs baseline":>12}')
    for config, checks in [(PARSE, PARSE)] + list(configs):
        over = (totals[config] - base) / base * 100 if base else 0.0
        note = f'  ({failures[config]} crashed)' if failures[config] else ''
        if config == PARSE and failures[config]:
            note = f'  ({failures[config]} did not parse)'
        print(f'  {checks:<46} {totals[config]:9.2f} {over:+11.1f}%{note}')
    parse = totals[PARSE]
    for config, checks in (('baseline', 'clang-tidy, no check'),
                           ('alloc', 'clang-tidy, -*,alloc-*')):
        ratio = totals[config] / parse if parse else 0.0
        print(f'  {checks + " / " + PARSE:<46} {ratio:9.3f}x')
    if instructions:
        return totals, per_check
    print(f'  {"alloc-* check, own time (--enable-check-profile)":<46} '
          f'{"CPU s":>9} {"of baseline":>12}')
    for check in sorted(per_check, key=per_check.get, reverse=True):
        share = per_check[check] / base * 100 if base else 0.0
        print(f'  {check:<46} {per_check[check]:9.2f} {share:11.2f}%')
    return totals, per_check


def main():
    p = argparse.ArgumentParser(
        description='alloc-* check overhead over compile databases')
    p.add_argument('projects', nargs='+', metavar='PROJECT_BUILD_DIR')
    p.add_argument('--build', default=os.path.join(ROOT, 'build'),
                   help="alloc-tidy's build directory (default: build)")
    p.add_argument('--runs', type=int, default=3)
    p.add_argument('--limit', type=int, default=0,
                   help='only the first N translation units of each')
    p.add_argument('--llvm', default='22',
                   help='the LLVM whose clang++ parses (default 22)')
    p.add_argument('--each-check', action='store_true',
                   help='also run each alloc-* check alone (its whole '
                   'cost, the end of the unit included)')
    p.add_argument('--instructions', action='store_true',
                   help='count instructions under valgrind (callgrind) '
                   'in place of CPU time: one run each, not moved by load')
    args = p.parse_args()
    if args.instructions and not shutil.which('valgrind'):
        print('check-overhead-db: error: --instructions needs valgrind',
              file=sys.stderr)
        return 2
    tool = os.path.join(args.build, 'bin', 'alloc-tidy')
    if not os.access(tool, os.X_OK):
        print(f'check-overhead-db: error: {tool} not built', file=sys.stderr)
        return 2
    clangxx = f'/usr/lib/llvm-{args.llvm}/bin/clang++'
    if not os.access(clangxx, os.X_OK):
        print(f'check-overhead-db: error: {clangxx} not found (--llvm)',
              file=sys.stderr)
        return 2
    configs = list(CONFIGS)
    if args.each_check:
        configs += [(check, f'-*,{check}') for check in alloc_checks(tool)]
    for project in args.projects:
        name = project_name(project)
        if not os.path.exists(os.path.join(project, 'compile_commands.json')):
            print(f'\n{name}: skipped: no compile_commands.json in {project}')
            continue
        bench(name, project, tool, args.runs, args.limit, clangxx, configs,
              args.instructions)
    return 0


if __name__ == '__main__':
    sys.exit(main())
