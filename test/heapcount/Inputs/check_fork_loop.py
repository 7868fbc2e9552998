"""Checks the reports of Inputs/fork_loop.c against what it did.

  check_fork_loop.py PROGRAM.out REPORT.json HEAPCOUNT.err [VALGRIND_PREFIX
                     VALGRIND.out]

Before fork I the parent has made 3 (I + 1) allocations of 40 bytes and
I + 1 frees; child I adds I % 5 + 1 allocations of 24 bytes and frees all
but one. Each child's report (REPORT.<pid>) must hold exactly that (a
forked child starts from its parent's counts) and say how it ended; the
parent's report, 3 N allocations, N frees, 2 N blocks live; heapcount's
summary must list the first 10 children and sum the others. With valgrind's
logs (--trace-children=yes --log-file=PREFIX%p) of a run of the same
program, each process is also compared with valgrind's log of the same
role (compare_valgrind.py). Prints one line per finding; exits 1 on a
difference.
"""

import json
import os
import re
import sys

from compare_valgrind import compare


def children(out_path):
    with open(out_path) as f:
        return [(int(i), int(pid), end) for i, pid, end in re.findall(
            r'child=(\d+) pid=(\d+) end=(\S+)', f.read())]


def expected(i):
    own = i % 5 + 1
    return {'allocs': 3 * (i + 1) + own, 'frees': (i + 1) + own - 1,
            'bytes': 120 * (i + 1) + 24 * own,
            'live_blocks_at_exit': 2 * (i + 1) + 1}


def main():
    out_path, report, err_path = sys.argv[1:4]
    kids = children(out_path)
    n = len(kids)
    bad = []
    for i, pid, end in kids:
        path = f'{report}.{pid}'
        if not os.path.exists(path):
            bad.append(f'child {i}: no report')
            continue
        with open(path) as f:
            data = json.load(f)
        want = expected(i)
        got = {k: data['total'][k] for k in want}
        if got != want or data['process']['end'] != end:
            bad.append(f'child {i}: {got} {data["process"]["end"]}, '
                       f'expected {want} {end}')
    print(f'{n} children, {n - len(bad)} exact')
    for line in bad:
        print(line)
    with open(report) as f:
        parent = json.load(f)['total']
    want = {'allocs': 3 * n, 'frees': n, 'bytes': 120 * n,
            'live_blocks_at_exit': 2 * n}
    got = {k: parent[k] for k in want}
    print('parent: exact' if got == want else f'parent: {got}, expected {want}')
    ok = not bad and got == want

    with open(err_path) as f:
        err = f.read()
    listed = re.findall(r'heapcount: process (\d+) \(started by the program, '
                        r'ended by (\S+)\): (\d+) allocs, (\d+) frees', err)
    want_listed = [(str(pid), end, str(expected(i)['allocs']),
                    str(expected(i)['frees'])) for i, pid, end in kids[:10]]
    print('listed: exact' if listed == want_listed else f'listed: {listed}')
    ok = ok and listed == want_listed
    if n > 10:
        rest = [expected(i) for i, _, _ in kids[10:]]
        line = (f'heapcount: {n - 10} more processes: '
                f'{sum(e["allocs"] for e in rest)} allocs, '
                f'{sum(e["frees"] for e in rest)} frees, '
                f'{sum(e["bytes"] for e in rest)} bytes allocated in all')
        print('summed: exact' if line in err else f'summed: not "{line}"')
        ok = ok and line in err

    if len(sys.argv) > 4:
        prefix, vg_out = sys.argv[4:6]
        theirs = {i: pid for i, pid, _ in children(vg_out)}
        # The parent's log is the one of no child.
        folder, base = os.path.split(prefix)
        logs = [name[len(base):] for name in os.listdir(folder or '.')
                if name.startswith(base)]
        parent_log = [pid for pid in logs
                      if int(pid) not in theirs.values()]
        print('parent:')
        status = compare(report, f'{prefix}{parent_log[0]}') \
            if len(parent_log) == 1 else 1
        for i, pid, _ in kids:
            print(f'child {i}:')
            status |= compare(f'{report}.{pid}', f'{prefix}{theirs[i]}')
        ok = ok and status == 0
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
