#!/usr/bin/env python3
"""What alloc-layout costs over a compile database, side by side in one run.

  parse   clang++ -fsyntax-only on every translation unit, with its own flags
          from compile_commands.json (the floor any AST tool pays), one
          process a compile command
  layout  alloc-layout -p BUILD_DIR over the same files in one process (as
          a user runs it), the JSON report written to a temporary file

Times are CPU times (user + system) of the child processes, not wall time:
this machine is a shared VM, where a run's wall time also counts its waits
for a core. With --runs N the two take turns N times and the best of each
is kept. Reports both totals and their ratio (goal, issue 11: at most 1.2x);
asserts nothing. The project's compile database lives outside this
repository (e.g. a project prepared by scripts/real-projects.sh); without
one, the script says so and exits 0.

  bench/layout-overhead.py PROJECT_BUILD_DIR [--build BUILD] [--limit N]
                           [--runs N] [--llvm MAJOR]
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# scripts/compile_db.py, found from this script's own place
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
from compile_db import (cxx_units, load_database, project_name,  # noqa: E402
                        syntax_only_command)


def cpu_time():
    """User + system CPU time of the children waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def parse_all(entries, clangxx):
    """CPU seconds of clang++ -fsyntax-only over ENTRIES, and how many
    parsed cleanly."""
    before = cpu_time()
    parsed = 0
    for entry in entries:
        status = subprocess.run(syntax_only_command(entry, compiler=clangxx),
                                cwd=entry['directory'],
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
        parsed += status == 0
    return cpu_time() - before, parsed


def layout_all(layout, project_build, files):
    """CPU seconds of one alloc-layout run over FILES, its exit status and
    how many records its JSON report holds."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'layout.json')
        before = cpu_time()
        status = subprocess.run([layout, '-p', project_build,
                                 '--format', 'json', '-o', report] + files,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
        seconds = cpu_time() - before
        records = 0
        if os.path.exists(report):
            with open(report) as f:
                records = len(json.load(f).get('records', []))
    return seconds, status, records


def main():
    parser = argparse.ArgumentParser(
        description="alloc-layout's cost over a compile database against "
                    'clang++ -fsyntax-only, CPU time, side by side')
    parser.add_argument('project_build', metavar='PROJECT_BUILD_DIR')
    parser.add_argument('--build', default=os.path.join(ROOT, 'build'),
                        help="alloc-tidy's build directory (default: build)")
    parser.add_argument('--limit', type=int, default=0,
                        help='only the first N translation units')
    parser.add_argument('--runs', type=int, default=1,
                        help='rounds, the two taking turns; the best of '
                             'each is kept (default 1)')
    parser.add_argument('--llvm', default='22')
    options = parser.parse_args()

    database = os.path.join(options.project_build, 'compile_commands.json')
    if not os.path.exists(database):
        print(f'layout-overhead: no {database}: skipped')
        return 0
    layout = os.path.join(options.build, 'bin', 'alloc-layout')
    if not os.path.exists(layout):
        print(f'layout-overhead: error: {layout} is not built', file=sys.stderr)
        return 1
    files = cxx_units(options.project_build, options.limit)
    # alloc-layout runs every compile command of a file it is given, so the
    # parse side runs every entry of those files too.
    chosen = set(files)
    entries = [entry for entry in load_database(options.project_build)[0]
               if entry['file'] in chosen]
    clangxx = f'/usr/lib/llvm-{options.llvm}/bin/clang++'

    parse_time = layout_time = None
    for _ in range(max(options.runs, 1)):
        seconds, parsed = parse_all(entries, clangxx)
        parse_time = seconds if parse_time is None else min(parse_time, seconds)
        seconds, status, records = layout_all(layout, options.project_build,
                                              files)
        layout_time = (seconds if layout_time is None
                       else min(layout_time, seconds))

    name = project_name(options.project_build)
    runs = max(options.runs, 1)
    print(f'{name}: translation units: {len(files)} ({len(entries)} compile '
          f'commands, {parsed} parse cleanly); CPU time, best of {runs}')
    print(f'parse  (clang++ -fsyntax-only): {parse_time:8.2f} s')
    print(f'layout (alloc-layout -p):       {layout_time:8.2f} s '
          f'({records} records, exit {status})')
    ratio = layout_time / parse_time if parse_time else 0.0
    print(f'ratio layout/parse:             {ratio:8.2f}x')
    return 0


if __name__ == '__main__':
    sys.exit(main())
