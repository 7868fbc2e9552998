"""saved.py BEFORE AFTER EXPECTED: the allocations heapcount counted in
BEFORE's run less those in AFTER's (each file holds heapcount's summary on
stderr), checked against EXPECTED, the saving a finding predicted: within
5% of it, the bound issue 33 sets for a prediction."""
import re
import sys


def allocations(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        match = re.search(r'^heapcount: (\d+) allocs,', f.read(), re.M)
    if not match:
        sys.exit(f"saved.py: no heapcount summary in '{path}'")
    return int(match.group(1))


before, after = allocations(sys.argv[1]), allocations(sys.argv[2])
expected = int(sys.argv[3])
print(f'saved {before - after} of {before} allocations '
      f'(predicted {expected})')
sys.exit(0 if abs(before - after - expected) <= 0.05 * expected else 1)
