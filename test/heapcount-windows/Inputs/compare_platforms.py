"""Compares one program's heap counts on Windows (under Wine) with Linux.

  compare_platforms.py WINDOWS.json LINUX.json VALGRIND.log SCOPE...

The program was built from the same source for both, with the same
libstdc++ (GCC 12's). Prints, one line each:
  - for each SCOPE, whether its allocs, frees and bytes are equal on both
    platforms (the program's own heap calls: they must be);
  - whether heapcount's Linux totals equal valgrind's;
  - how Windows' totals differ from valgrind's, which is the platforms'
    start-up and exit code, not the program (the test names the reasons).
Exits 1 when a scope or the Linux totals differ.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..',
                                'heapcount', 'Inputs'))
from compare_valgrind import compare  # noqa: E402
import re  # noqa: E402


def main(args):
    windows_path, linux_path, valgrind_path, scopes = (args[0], args[1],
                                                       args[2], args[3:])
    with open(windows_path) as f:
        windows = json.load(f)
    with open(linux_path) as f:
        linux = json.load(f)
    status = 0
    for scope in scopes:
        ours = windows['scopes'].get(scope)
        theirs = linux['scopes'].get(scope)
        if ours is None or theirs is None:
            print(f'scope {scope}: missing on '
                  f'{"windows" if ours is None else "linux"}')
            status = 1
            continue
        counts = ', '.join(f'{key} {theirs[key]}'
                           for key in ('allocs', 'frees', 'bytes'))
        if all(ours[key] == theirs[key] for key in ('allocs', 'frees',
                                                    'bytes')):
            print(f'scope {scope}: equal ({counts})')
        else:
            print(f'scope {scope}: windows {ours}, linux {theirs}')
            status = 1
    print('linux against valgrind:')
    status |= compare(linux_path, valgrind_path,
                      only=('allocs', 'frees', 'live blocks at exit'))
    with open(valgrind_path) as f:
        usage = re.search(r'total heap usage: ([\d,]+) allocs, ([\d,]+) frees',
                          f.read())
    oracle = {'allocs': int(usage.group(1).replace(',', '')),
              'frees': int(usage.group(2).replace(',', ''))}
    for key in ('allocs', 'frees'):
        difference = windows['total'][key] - oracle[key]
        print(f'windows {key}: {windows["total"][key]} = valgrind '
              f'{oracle[key]} {difference:+d}')
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
