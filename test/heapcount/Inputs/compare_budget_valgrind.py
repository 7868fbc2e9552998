"""Compares the counts a failed heapcount budget printed with valgrind's.

  compare_budget_valgrind.py TEST_OUTPUT VALGRIND_N0.log VALGRIND_N1.log

TEST_OUTPUT holds a GoogleTest failure of heapcount/gtest.h ("counted: A
allocs, F frees, B bytes allocated"); the logs are valgrind memcheck's for a
program that runs the same code 0 and 1 times. valgrind's difference is what
the code allocates: allocs, frees and bytes must all be equal. Prints one
line per quantity; exits 1 on a difference.
"""

import re
import sys


def usage(path):
    with open(path) as f:
        match = re.search(r'total heap usage: ([\d,]+) allocs, ([\d,]+) '
                          r'frees, ([\d,]+) bytes allocated', f.read())
    if not match:
        sys.exit(f'compare_budget_valgrind: no heap summary in {path}')
    return [int(g.replace(',', '')) for g in match.groups()]


def main():
    output, none, once = sys.argv[1:]
    with open(output) as f:
        counted = re.search(r'counted: (\d+) allocs, (\d+) frees, (\d+) bytes',
                            f.read())
    if not counted:
        sys.exit(f'compare_budget_valgrind: no counts in {output}')
    ours = [int(g) for g in counted.groups()]
    theirs = [b - a for a, b in zip(usage(none), usage(once))]
    ok = True
    for name, mine, oracle in zip(('allocs', 'frees', 'bytes'), ours, theirs):
        if mine == oracle:
            print(f'{name}: equal ({oracle})')
        else:
            print(f'{name}: heapcount {mine}, valgrind {oracle}')
            ok = False
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
