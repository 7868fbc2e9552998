"""Checks a heapcount --profile file and prints it one site a line.

  check_profile.py PROFILE [--report REPORT] [--sizes PROGRAM_OUTPUT]

Fails (status 1, saying why) when the profile breaks the format's rules:
the members and their types, sites sorted by file, line, column and
container, every site's file listed in "files", each file's size and
FNV-1a 64 hash computed here from the file itself, each site's bytes equal
to the sum of its counts times the element size, "profiled" equal to the
sum of the sites' allocations; with --report, "allocations" equal to the
report's total.allocs; with --sizes, each element size equal to the sizeof
the program printed ("sizeof NAME N" lines). Then prints

  program: NAME
  allocations: N profiled: N
  site: BASENAME:LINE:COLUMN FUNCTION | CONTAINER | ELEMENT (SIZE) | N allocs
        N bytes | counts ELEMENTSxALLOCS ...
  files: N checked
"""

import argparse
import json
import os
import sys


def fnv1a64(data):
    value = 0xcbf29ce484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001b3) & 0xffffffffffffffff
    return value


def fail(message):
    print(f'check_profile: {message}', file=sys.stderr)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('profile')
    parser.add_argument('--report')
    parser.add_argument('--sizes')
    args = parser.parse_args()
    with open(args.profile) as f:
        profile = json.load(f)

    if profile.get('heapcount_profile') != 1:
        fail('"heapcount_profile" is not 1')
    for key, kind in (('program', str), ('allocations', int),
                      ('profiled', int), ('files', list), ('sites', list)):
        if not isinstance(profile.get(key), kind):
            fail(f'"{key}" is missing or not a {kind.__name__}')
    if not os.path.isabs(profile['program']):
        fail('"program" is not an absolute path')

    files = {}
    for entry in profile['files']:
        path = entry['path']
        if not os.path.isabs(path):
            fail(f'file {path} is not absolute')
        if os.path.realpath(path) != path:
            fail(f'file {path} is not its realpath')
        with open(path, 'rb') as f:
            data = f.read()
        if entry.get('size') != len(data):
            fail(f'file {path}: size {entry.get("size")}, not {len(data)}')
        if entry.get('fnv1a64') != f'{fnv1a64(data):016x}':
            fail(f'file {path}: fnv1a64 {entry.get("fnv1a64")}, not '
                 f'{fnv1a64(data):016x}')
        files[path] = entry
    if list(files) != sorted(files):
        fail('"files" is not sorted')

    sizes = {}
    if args.sizes:
        with open(args.sizes) as f:
            for line in f:
                words = line.split()
                if len(words) >= 3 and words[0] == 'sizeof':
                    sizes[' '.join(words[1:-1])] = int(words[-1])

    keys = []
    profiled = 0
    for site in profile['sites']:
        for key, kind in (('file', str), ('line', int), ('column', int),
                          ('function', str), ('container', str),
                          ('element', str), ('element_size', int),
                          ('allocations', int), ('bytes', int),
                          ('counts', list)):
            if not isinstance(site.get(key), kind):
                fail(f'a site\'s "{key}" is missing or not a {kind.__name__}')
        if site['file'] not in files:
            fail(f'site file {site["file"]} is not in "files"')
        counts = site['counts']
        elements = [count[0] for count in counts]
        if elements != sorted(set(elements)):
            fail(f'the counts of {site["file"]}:{site["line"]} are not '
                 'ascending')
        if sum(count[1] for count in counts) != site['allocations']:
            fail(f'{site["file"]}:{site["line"]}: the counts do not add up '
                 'to its allocations')
        if (sum(count[0] * count[1] for count in counts) *
                site['element_size'] != site['bytes']):
            fail(f'{site["file"]}:{site["line"]}: the counts do not add up '
                 'to its bytes')
        element = site['element']
        if element in sizes and sizes[element] != site['element_size']:
            fail(f'{element}: element_size {site["element_size"]}, but the '
                 f'program says sizeof is {sizes[element]}')
        keys.append((site['file'], site['line'], site['column'],
                     site['container']))
        profiled += site['allocations']
    if keys != sorted(keys):
        fail('"sites" are not sorted by file, line, column and container')
    if profiled != profile['profiled']:
        fail(f'"profiled" is {profile["profiled"]}, the sites add up to '
             f'{profiled}')
    if args.report:
        with open(args.report) as f:
            total = json.load(f)['total']['allocs']
        if total != profile['allocations']:
            fail(f'"allocations" is {profile["allocations"]}, the report '
                 f'says {total}')

    print(f'program: {os.path.basename(profile["program"])}')
    print(f'allocations: {profile["allocations"]} profiled: '
          f'{profile["profiled"]}')
    for site in profile['sites']:
        counts = ' '.join(f'{n}x{a}' for n, a in site['counts'])
        print(f'site: {os.path.basename(site["file"])}:{site["line"]}:'
              f'{site["column"]} {site["function"]} | {site["container"]} | '
              f'{site["element"]} ({site["element_size"]}) | '
              f'{site["allocations"]} allocs {site["bytes"]} bytes | '
              f'counts {counts}')
    print(f'files: {len(files)} checked')


if __name__ == '__main__':
    main()
