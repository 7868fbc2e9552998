"""Prints the static rank that alloc-run keeps for each finding of made-up
evidence lines (sarif.static_rank_places): a header's finding can be ranked
by every unit that includes it, and the highest rank is kept, as
scripts/precision.py counts it. The alloc-run script's directory is the
last argument (its alloc_run_lib is imported)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[-1])))
from alloc_run_lib import sarif  # noqa: E402

header = os.path.join(os.sep, 'p', 'include', 'grid.h')
evidence = [
    # One finding in a header, ranked by three units: in one the function
    # is inside a loop of a lambda's caller, in one it is set-up code.
    {'check': 'alloc-reserve-in-loop', 'file': header, 'offset': 120,
     'staticRank': 50, 'why': 'no outer loop'},
    {'check': 'alloc-reserve-in-loop', 'file': header, 'offset': 120,
     'staticRank': 65, 'why': 'inside 1 loop'},
    {'check': 'alloc-reserve-in-loop', 'file': header, 'offset': 120,
     'staticRank': 20, 'why': 'a constructor'},
    # Another check at the same place is another finding.
    {'check': 'alloc-container-in-loop', 'file': header, 'offset': 120,
     'staticRank': 35, 'why': 'set-up'},
    # Evidence without a rank (a profile's) is not a rank.
    {'check': 'alloc-small-string', 'file': header, 'offset': 300,
     'sites': []},
]
places = sarif.static_rank_places(evidence)
for (check, path, offset), (rank, why) in sorted(places.items()):
    print(check, os.path.basename(path), offset, rank, why)
print('places', len(places))
