"""Checks a heapcount --profile file and prints it one site a line.

  check_profile.py PROFILE [--report REPORT] [--sizes PROGRAM_OUTPUT]
                   [--allocation-sites] [--unattributed]

Fails (status 1, saying why) when the profile breaks the format's rules:
the members and their types, sites sorted by file, line, column and
container, every site's file listed in "files", each file's size and
FNV-1a 64 hash computed here from the file itself, each site's bytes equal
to the sum of its counts times the element size, "profiled" equal to the
sum of the sites' allocations, "allocation_sites" sorted with sizes that
add up, "unattributed" sorted by allocations, "processes" and "programs"
(later members, optional), a site's "processes" with its
"processes_by_count" (or "processes_by_size"; later members, optional) at
most the profile's, and for each count of the site no more than its
allocations or the site's processes; with --report, "allocations" equal to
the report's total.allocs; with --sizes, each element size equal to the
sizeof the program printed ("sizeof NAME N" lines). Then prints

  program: NAME
  allocations: N profiled: N
  processes: N programs: BASENAME...
  site: BASENAME:LINE:COLUMN FUNCTION | CONTAINER | ELEMENT (SIZE) | N allocs
        N bytes | counts ELEMENTSxALLOCS ... [| processes N: ELEMENTSxPROCESSES
        ...]
  alloc: BASENAME:LINE:COLUMN FUNCTION | N allocs N bytes | sizes
         BYTESxALLOCS ... [| processes N: BYTESxPROCESSES ...] (with
         --allocation-sites)
  unattributed: REASON [ELEMENT] | N allocs N bytes | BASENAME:LINE FUNCTION
                (or MODULE_BASENAME FUNCTION) (with --unattributed)
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


def check_processes(site, histogram, by_name, processes):
    """The site's processes, when it has them: at least 1, at most the
    profile's; for each entry of its histogram (and only those), no more
    than the entry's allocations or the site's processes. Returns the text
    to print after the histogram."""
    if 'processes' not in site and by_name not in site:
        return ''
    where = f'{site["file"]}:{site["line"]}'
    total = site.get('processes')
    by_count = site.get(by_name)
    if not isinstance(total, int) or not isinstance(by_count, list):
        fail(f'{where}: "processes" and "{by_name}" do not go together')
    if total < 1 or total > processes:
        fail(f'{where}: {total} processes, the profile has {processes}')
    allocations = dict(histogram)
    if [n for n, _ in by_count] != [n for n, _ in histogram]:
        fail(f'{where}: "{by_name}" is not for the same counts')
    for n, made in by_count:
        if made < 1 or made > allocations[n] or made > total:
            fail(f'{where}: {made} processes for {n}, with '
                 f'{allocations[n]} allocations and {total} processes')
    return f' | processes {total}: ' + ' '.join(
        f'{n}x{made}' for n, made in by_count)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('profile')
    parser.add_argument('--report')
    parser.add_argument('--sizes')
    parser.add_argument('--allocation-sites', action='store_true')
    parser.add_argument('--unattributed', action='store_true')
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
    alloc_keys = []
    for site in profile.get('allocation_sites', []):
        for key, kind in (('file', str), ('line', int), ('column', int),
                          ('function', str), ('allocations', int),
                          ('bytes', int), ('sizes', list)):
            if not isinstance(site.get(key), kind):
                fail(f'an allocation site\'s "{key}" is missing or not a '
                     f'{kind.__name__}')
        if site['file'] not in files:
            fail(f'allocation site file {site["file"]} is not in "files"')
        sizes_of = [size[0] for size in site['sizes']]
        if sizes_of != sorted(set(sizes_of)):
            fail(f'the sizes of {site["file"]}:{site["line"]} are not '
                 'ascending')
        if sum(size[1] for size in site['sizes']) != site['allocations']:
            fail(f'{site["file"]}:{site["line"]}: the sizes do not add up to '
                 'its allocations')
        if sum(size[0] * size[1] for size in site['sizes']) != site['bytes']:
            fail(f'{site["file"]}:{site["line"]}: the sizes do not add up to '
                 'its bytes')
        alloc_keys.append((site['file'], site['line'], site['column'],
                           site['function']))
    if (alloc_keys != sorted(alloc_keys) or
            len(set(alloc_keys)) != len(alloc_keys)):
        fail('"allocation_sites" are not sorted and distinct')
    unattributed = profile.get('unattributed', [])
    counts_of = [group['allocations'] for group in unattributed]
    if counts_of != sorted(counts_of, reverse=True):
        fail('"unattributed" is not sorted by allocations')
    if sum(counts_of) > profile.get('left_out', 0):
        fail('"unattributed" holds more allocations than "left_out"')
    processes = profile.get('processes', 1)
    programs = profile.get('programs', [profile['program']])
    if not isinstance(processes, int) or processes < 1:
        fail('"processes" is not a positive number')
    if programs != sorted(set(programs)) or not all(
            os.path.isabs(p) for p in programs):
        fail('"programs" are not sorted, distinct, absolute paths')
    if args.report:
        with open(args.report) as f:
            total = json.load(f)['total']['allocs']
        if total != profile['allocations']:
            fail(f'"allocations" is {profile["allocations"]}, the report '
                 f'says {total}')

    print(f'program: {os.path.basename(profile["program"])}')
    print(f'allocations: {profile["allocations"]} profiled: '
          f'{profile["profiled"]}')
    print(f'processes: {processes} programs: ' +
          ' '.join(sorted(os.path.basename(p) for p in programs)))
    site_processes = [check_processes(site, site['counts'],
                                      'processes_by_count', processes)
                      for site in profile['sites']]
    alloc_processes = [check_processes(site, site['sizes'],
                                       'processes_by_size', processes)
                       for site in profile.get('allocation_sites', [])]
    for site, made in zip(profile['sites'], site_processes):
        counts = ' '.join(f'{n}x{a}' for n, a in site['counts'])
        print(f'site: {os.path.basename(site["file"])}:{site["line"]}:'
              f'{site["column"]} {site["function"]} | {site["container"]} | '
              f'{site["element"]} ({site["element_size"]}) | '
              f'{site["allocations"]} allocs {site["bytes"]} bytes | '
              f'counts {counts}{made}')
    if args.allocation_sites:
        for site, made in zip(profile.get('allocation_sites', []),
                              alloc_processes):
            sizes = ' '.join(f'{n}x{a}' for n, a in site['sizes'])
            print(f'alloc: {os.path.basename(site["file"])}:{site["line"]}:'
                  f'{site["column"]} {site["function"]} | '
                  f'{site["allocations"]} allocs {site["bytes"]} bytes | '
                  f'sizes {sizes}{made}')
    if args.unattributed:
        for group in unattributed:
            reason = group['reason']
            if 'element' in group:
                reason += ' ' + group['element']
            where = (f'{os.path.basename(group["file"])}:{group["line"]}'
                     if 'file' in group else
                     os.path.basename(group.get('module', '')))
            print(f'unattributed: {reason} | {group["allocations"]} allocs '
                  f'{group["bytes"]} bytes | {where} {group["function"]}')
    print(f'files: {len(files)} checked')


if __name__ == '__main__':
    main()
