#!/usr/bin/env python3
"""What alloc-layout costs over a compile database, side by side in one run.

  parse   clang++ -fsyntax-only on every translation unit, with its own flags
          from compile_commands.json (the floor any AST tool pays)
  layout  alloc-layout -p BUILD_DIR over the same files (one process), with
          the JSON report written to a temporary file

Reports both totals and their ratio; asserts nothing. The project's compile
database lives outside this repository (e.g. a fetched open-source project
configured with CMAKE_EXPORT_COMPILE_COMMANDS=ON); without one, the script
says so and exits 0.

  bench/layout-overhead.py PROJECT_BUILD_DIR [--build BUILD] [--limit N]
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time


def syntax_only_command(entry, clangxx):
    """The entry's compile command turned into a -fsyntax-only run."""
    args = entry.get('arguments') or shlex.split(entry['command'])
    out = [clangxx]
    skip = False
    for arg in args[1:]:
        if skip:
            skip = False
            continue
        if arg in ('-o', '-MF', '-MT', '-MQ'):
            skip = True
            continue
        if arg in ('-c', '-MD', '-MMD') or arg.startswith('-o'):
            continue
        out.append(arg)
    return out + ['-fsyntax-only']


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser()
    parser.add_argument('project_build')
    parser.add_argument('--build', default=os.path.join(root, 'build'))
    parser.add_argument('--limit', type=int, default=0,
                        help='only the first N translation units')
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
    entries = [e for e in json.load(open(database))
               if e['file'].endswith(('.cc', '.cpp', '.cxx'))]
    if options.limit:
        entries = entries[:options.limit]
    clangxx = f'/usr/lib/llvm-{options.llvm}/bin/clang++'

    start = time.perf_counter()
    parsed = 0
    for entry in entries:
        status = subprocess.run(syntax_only_command(entry, clangxx),
                                cwd=entry['directory'],
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
        parsed += status == 0
    parse_time = time.perf_counter() - start

    files = [os.path.join(e['directory'], e['file']) for e in entries]
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, 'layout.json')
        start = time.perf_counter()
        result = subprocess.run([layout, '-p', options.project_build,
                                 '--format', 'json', '-o', report] + files,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        layout_time = time.perf_counter() - start
        records = 0
        if os.path.exists(report):
            records = len(json.load(open(report)).get('records', []))

    print(f'translation units: {len(entries)} ({parsed} parse cleanly)')
    print(f'parse  (clang++ -fsyntax-only): {parse_time:8.2f} s')
    print(f'layout (alloc-layout -p):       {layout_time:8.2f} s '
          f'({records} records, exit {result.returncode})')
    print(f'ratio layout/parse:             {layout_time / parse_time:8.2f}x')
    return 0


if __name__ == '__main__':
    sys.exit(main())
