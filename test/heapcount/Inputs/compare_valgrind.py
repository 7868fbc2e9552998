"""Compares heapcount's JSON report with valgrind memcheck's heap summary.

  compare_valgrind.py REPORT.json VALGRIND.log [--bytes-slack N]

valgrind is the oracle: allocs and frees must be equal, and so must the
blocks still in use at exit. Bytes must be equal too, but for N: each thread
a program starts gets a thread-local-storage vector from calloc that is one
slot (16 bytes) longer when heapcount's library, which has thread-local
variables, is loaded. Prints one line per quantity; exits 1 on a difference.
"""

import json
import re
import sys


def compare(report_path, log_path, slack=0, only=None):
    """Prints one line per quantity (or those named in only); returns 0 when
    all are equal (bytes within slack), 1 otherwise."""
    with open(report_path) as f:
        total = json.load(f)['total']
    with open(log_path) as f:
        log = f.read()
    usage = re.search(r'total heap usage: ([\d,]+) allocs, ([\d,]+) frees, '
                      r'([\d,]+) bytes allocated', log)
    in_use = re.search(r'in use at exit: ([\d,]+) bytes in ([\d,]+) blocks',
                       log)
    if not usage or not in_use:
        print(f'no heap summary in {log_path}')
        return 1

    def number(text):
        return int(text.replace(',', ''))

    ok = True
    for name, ours, theirs, allowed in (
            ('allocs', total['allocs'], number(usage.group(1)), 0),
            ('frees', total['frees'], number(usage.group(2)), 0),
            ('bytes', total['bytes'], number(usage.group(3)), slack),
            ('live blocks at exit', total['live_blocks_at_exit'],
             number(in_use.group(2)), 0)):
        if only is not None and name not in only:
            continue
        if abs(ours - theirs) <= allowed:
            print(f'{name}: equal ({theirs})' if ours == theirs else
                  f'{name}: within {allowed} ({ours} vs {theirs})')
        else:
            print(f'{name}: heapcount {ours}, valgrind {theirs}')
            ok = False
    return 0 if ok else 1


def pop_bytes_slack(args):
    """Removes "--bytes-slack N" from args; returns N (0 without it)."""
    if '--bytes-slack' not in args:
        return 0
    at = args.index('--bytes-slack')
    slack = int(args[at + 1])
    del args[at:at + 2]
    return slack


def main():
    args = sys.argv[1:]
    slack = pop_bytes_slack(args)
    report_path, log_path = args
    return compare(report_path, log_path, slack)


if __name__ == '__main__':
    sys.exit(main())
