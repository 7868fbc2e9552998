#!/usr/bin/env python3
"""Print a heapcount profile's container sites and the callers each site's
allocations came through, named by the "site(NAME@TEXT)" and
"call(NAME@TEXT)" comments of the SOURCE files' lines (the column must be
TEXT's), with their allocations and counts, then the SOURCE files that the
profile names only for callers:

  site fill: 3006 allocations
  caller hot: 3000 [[1, 1000], [2, 1000], [4, 1000]]

  callers only: fill.cpp

  show_callers.py PROFILE SOURCE...
"""

import json
import os
import re
import sys


def main():
    profile = json.load(open(sys.argv[1]))
    sources = [os.path.realpath(path) for path in sys.argv[2:]]
    names = {}
    for source in sources:
        for number, line in enumerate(open(source), start=1):
            for kind, name, text in re.findall(
                    r'(site|call)\(([^@)]*)@([^)]*)\)', line):
                names[(source, number, line.find(text) + 1)] = f'{kind} {name}'
    def name_of(place):
        key = (os.path.realpath(place['file']), place['line'], place['column'])
        if key not in names:
            return f'unnamed {place["line"]}:{place["column"]}'
        return names[key]
    for site in profile['sites']:
        print(f'{name_of(site)}: {site["allocations"]} allocations')
        for caller in site.get('callers', []):
            print(f'  {name_of(caller).replace("call ", "caller ")}: '
                  f'{caller["allocations"]} {caller["counts"]}')
        if 'callers_cut' in site:
            print(f'  cut: {site["callers_cut"]["allocations"]}')
    for entry in profile['files']:
        if entry.get('callers_only') and os.path.realpath(entry['path']) in sources:
            print(f'callers only: {os.path.basename(entry["path"])}')


if __name__ == '__main__':
    main()
