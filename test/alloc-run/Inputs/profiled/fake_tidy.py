#!/usr/bin/env python3
"""A stand-in for alloc-tidy that keeps the convention alloc-run ranks by
(docs/ci.md, "Profiles") and nothing else, so that profile.test can give
findings any measurement, stale file or cold code on demand.

  fake_tidy.py [-p BUILD] [--export-fixes=FILE] ... SOURCE

Each line of SOURCE with a comment "finding(NAME)" is a finding of
alloc-small-vector. The profiles are those of ALLOC_TIDY_PROFILE_FILES
(written by test/checks/alloc-small-vector/Inputs/make_profile.py, whose
sites sit on the lines of "site(NAME)" comments). A profile covers SOURCE
when it names it with SOURCE's hash; a finding on a line with sites of
covering profiles gets the note "heapcount's profile: ... would save about
N allocations" (N: their allocations, summed), unless N is below
ALLOC_TIDY_MIN_PROFILED_ALLOCATIONS (cold: silent). When every profile
that names SOURCE has another hash, each finding gets the stale note.
"""
import json
import os
import re
import sys


def fnv1a64(data):
    value = 0xcbf29ce484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return value


def main(argv):
    if '--version' in argv:
        print('alloc-tidy version 0.0.0-fake, built for LLVM 22.0.0')
        return 0
    fixes = next((a.split('=', 1)[1] for a in argv
                  if a.startswith('--export-fixes=')), None)
    source = os.path.realpath(argv[-1])
    data = open(source, 'rb').read()
    digest = f'{fnv1a64(data):016x}'
    covering, stale = [], []
    for path in filter(None, os.environ.get('ALLOC_TIDY_PROFILE_FILES',
                                            '').split(';')):
        profile = json.load(open(path))
        for entry in profile['files']:
            if entry['path'] == source:
                (covering if entry.get('fnv1a64') == digest
                 else stale).append((path, profile))
    minimum = int(os.environ.get('ALLOC_TIDY_MIN_PROFILED_ALLOCATIONS') or 0)
    diagnostics, text, offset = [], [], 0
    for number, line in enumerate(data.decode().split('\n'), 1):
        match = re.search(r'finding\((\w+)\)', line)
        column = len(line) - len(line.lstrip()) + 1
        here = {'FilePath': source, 'FileOffset': offset + column - 1,
                'Replacements': []}
        offset += len(line.encode()) + 1
        if not match:
            continue
        name = match.group(1)
        notes = []
        if covering:
            sites = [s for _, p in covering for s in p['sites']
                     if s['file'] == source and s['line'] == number]
            saved = sum(s['allocations'] for s in sites)
            if minimum and saved < minimum:
                continue  # cold
            if sites:
                notes.append(f"heapcount's profile: '{name}' allocated "
                             f"{saved:,} times at its code; an inline buffer "
                             f"would save about {saved:,} allocation"
                             f"{'' if saved == 1 else 's'}")
        elif stale:
            notes.append(f"heapcount's profile '{stale[0][0]}' is stale for "
                         f"this file (the file has changed since it was "
                         f"profiled): its sites here are ignored")
        message = f"'{name}' could keep its elements inline"
        diagnostics.append({
            'DiagnosticName': 'alloc-small-vector',
            'DiagnosticMessage': dict(here, Message=message),
            'Notes': [dict(here, Message=n) for n in notes],
            'Level': 'Warning'})
        text.append(f'{source}:{number}:{column}: warning: {message} '
                    f'[alloc-small-vector]\n{number:5} | {line}\n')
        text += [f'{source}:{number}:{column}: note: {n}\n' for n in notes]
    sys.stdout.write(''.join(text))
    if fixes:
        with open(fixes, 'w') as f:
            json.dump({'MainSourceFile': source,
                       'Diagnostics': diagnostics}, f)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
