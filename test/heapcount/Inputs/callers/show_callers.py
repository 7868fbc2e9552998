#!/usr/bin/env python3
"""Print a heapcount profile's container sites in SOURCE and the callers each
site's allocations came through, named by the "site(NAME@TEXT)" and
"call(NAME@TEXT)" comments of SOURCE's lines (the column must be TEXT's),
with their allocations and counts:

  site fill: 3006 allocations
  caller hot: 3000 [[1, 1000], [2, 1000], [4, 1000]]

  show_callers.py PROFILE SOURCE
"""

import json
import os
import re
import sys


def main():
    profile = json.load(open(sys.argv[1]))
    source = os.path.realpath(sys.argv[2])
    names = {}
    for number, line in enumerate(open(source), start=1):
        for kind, name, text in re.findall(r'(site|call)\(([^@)]*)@([^)]*)\)',
                                           line):
            names[(number, line.find(text) + 1)] = f'{kind} {name}'
    def name_of(place):
        key = (place['line'], place['column'])
        if os.path.realpath(place['file']) != source or key not in names:
            return f'unnamed {place["line"]}:{place["column"]}'
        return names[key]
    for site in profile['sites']:
        print(f'{name_of(site)}: {site["allocations"]} allocations')
        for caller in site.get('callers', []):
            print(f'  {name_of(caller).replace("call ", "caller ")}: '
                  f'{caller["allocations"]} {caller["counts"]}')
        if 'callers_cut' in site:
            print(f'  cut: {site["callers_cut"]["allocations"]}')


if __name__ == '__main__':
    main()
