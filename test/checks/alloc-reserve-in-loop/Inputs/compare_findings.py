#!/usr/bin/env python3
"""Compare the warnings of two clang-tidy runs over the same file.

  compare_findings.py OURS THEIRS

Each argument is a file of clang-tidy output. Warnings are compared by line.
Prints the counts and every line only one of them flags, and exits 1 when
THEIRS flags a line that OURS does not.
"""
import re
import sys


def warned_lines(path):
    lines = set()
    with open(path) as f:
        for text in f:
            match = re.match(r'^.*?:(\d+):\d+: warning: ', text)
            if match:
                lines.add(int(match.group(1)))
    return lines


def main():
    ours, theirs = warned_lines(sys.argv[1]), warned_lines(sys.argv[2])
    print(f'theirs: {len(theirs)}')
    print(f'ours: {len(ours)}')
    print(f'both: {len(ours & theirs)}')
    print(f'only ours: {len(ours - theirs)}')
    print(f'only theirs: {len(theirs - ours)}')
    for line in sorted(theirs - ours):
        print(f'missed line {line}')
    return 1 if theirs - ours else 0


if __name__ == '__main__':
    sys.exit(main())
