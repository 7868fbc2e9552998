"""Compares the reports of several processes with valgrind's logs, by role.

  compare_roles.py HEAPCOUNT.out REPORT VALGRIND.out VALGRIND_LOG_PREFIX
                   ROLE[:QUANTITY,...]... [--bytes-slack N]

Each process of the program prints "role=NAME pid=PID" on stdout, in both
runs. The process heapcount started writes REPORT, the others REPORT.<pid>;
valgrind (--trace-children=yes --log-file=PREFIX%p) writes PREFIX<pid>. For
each ROLE, the quantities named (all by default: allocs, frees, bytes, live
blocks at exit) are compared as compare_valgrind.py does.
"""

import os
import re
import sys

from compare_valgrind import compare, pop_bytes_slack


def roles(stdout_path):
    with open(stdout_path) as f:
        return {m.group(1): m.group(2)
                for m in re.finditer(r'role=(\w+) pid=(\d+)', f.read())}


def main():
    args = sys.argv[1:]
    slack = pop_bytes_slack(args)
    ours_out, report, theirs_out, log_prefix = args[:4]
    ours, theirs = roles(ours_out), roles(theirs_out)
    first = min(ours.values(), key=int)
    status = 0
    for spec in args[4:]:
        role, _, quantities = spec.partition(':')
        only = quantities.replace('_', ' ').split(',') if quantities else None
        path = report if ours[role] == first else f'{report}.{ours[role]}'
        if not os.path.exists(path):
            print(f'{role}: no report {path}')
            status = 1
            continue
        print(f'{role}:')
        status |= compare(path, log_prefix + theirs[role], slack, only)
    return status


if __name__ == '__main__':
    sys.exit(main())
