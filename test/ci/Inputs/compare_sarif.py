"""Compares the results and rules of two SARIF logs.

  compare_sarif.py EXPECTED ACTUAL

Prints "sarif: same results (N) and rules (M)" and exits 0 when both are
equal (in order: alloc-run sorts them), else names the first difference and
exits 1. Other parts of the log (invocations, the source root) may differ
between a merged log and one run's.
"""
import json
import sys


def load(path):
    with open(path, encoding='utf-8') as f:
        run = json.load(f)['runs'][0]
    return run.get('results', []), run['tool']['driver'].get('rules', [])


expected, actual = load(sys.argv[1]), load(sys.argv[2])
for what, want, got in (('results', expected[0], actual[0]),
                        ('rules', expected[1], actual[1])):
    if want != got:
        print(f'sarif: the {what} differ: {len(want)} in {sys.argv[1]}, '
              f'{len(got)} in {sys.argv[2]}')
        for i, (a, b) in enumerate(zip(want, got)):
            if a != b:
                print(f'first difference at {what}[{i}]:\n'
                      f'{json.dumps(a, indent=1)}\n'
                      f'{json.dumps(b, indent=1)}')
                break
        sys.exit(1)
print(f'sarif: same results ({len(expected[0])}) and rules '
      f'({len(expected[1])})')
