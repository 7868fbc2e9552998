#!/usr/bin/env python3
"""Write a heapcount profile (docs/heapcount.md, "Profiles") for a test file.

  make_profile.py SOURCE OUT [--hash real|stale|none] [--path PATH]
                  --site NAME:ELEMENT:SIZE:COUNTS[:FUNCTION] ...

A site is placed on the line of SOURCE that holds the comment "site(NAME)";
its column is that of the text after an "@" in the comment's
"site(NAME@TEXT)" (the first occurrence of TEXT on the line), else 0.
COUNTS is "ELEMENTSxALLOCATIONS,...", e.g. "120x9001" or "1x90,2x10".
FUNCTION is the symbolized function name (default "main").
--allocation-site NAME:SIZES[:FUNCTION] writes an allocation that is no
container's growth (the "allocation_sites" member), SIZES being
"BYTESxALLOCATIONS,...".
--element NAME=SPELLING gives site NAME's element as heapcount writes it
(the shorthand string spells libstdc++'s std::string), for names with "::".
--container NAME=SPELLING gives site NAME's container as heapcount writes
it (default std::vector<ELEMENT, std::allocator<ELEMENT> >); the shorthands
string, deque<T>, list<T> and stack<T> (over the default deque) spell
libstdc++'s classes.
--callers NAME=MARK:ALLOCATIONS[:PROCESSES],... gives (allocation) site
NAME the places above it its allocations came through: the line (and
column, as for a site) of the comment "site(MARK...)", each with its
allocations (their counts or sizes are the site's, scaled) and, when
given, the processes that came through it.
--processes NAME=N[:COUNTS] says that N processes allocated at site NAME
(or allocation site NAME), and how many asked for each count, COUNTS being
"ELEMENTSxPROCESSES,..." (default: N, or the count's allocations if fewer);
without it a site does not say, as in a profile written before heapcount
counted processes.

--hash stale records a hash that is not the file's; none records no hash.
--path names the file differently from its real path (a profile of a file
elsewhere). The real heapcount writes these from a run; the checks' tests
need exact, hand-chosen histograms.
"""

import argparse
import json
import os
import re
import sys


def fnv1a64(data):
    value = 0xcbf29ce484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return value


def with_string(spelling):
    """The shorthand 'string' spelled as heapcount writes libstdc++'s."""
    if spelling == 'string':
        return ('std::__cxx11::basic_string<char, std::char_traits<char>, '
                'std::allocator<char> >')
    return spelling


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('source')
    parser.add_argument('out')
    parser.add_argument('--hash', choices=['real', 'stale', 'none'],
                        default='real')
    parser.add_argument('--path')
    parser.add_argument('--site', action='append', default=[])
    parser.add_argument('--container', action='append', default=[])
    parser.add_argument('--element', action='append', default=[])
    parser.add_argument('--allocation-site', action='append', default=[])
    parser.add_argument('--processes', action='append', default=[])
    parser.add_argument('--callers', action='append', default=[])
    args = parser.parse_args()
    callers = {}
    for spec in args.callers:
        name, _, text = spec.partition('=')
        callers[name] = []
        for pair in text.split(','):
            mark, allocations, *made = pair.split(':')
            callers[name].append((mark, int(allocations),
                                  int(made[0]) if made else None))
    processes = {}
    for spec in args.processes:
        name, _, text = spec.partition('=')
        total, _, counts = text.partition(':')
        processes[name] = (int(total), counts)
    containers = {}
    for spec in args.container:
        name, _, spelling = spec.partition('=')
        spelling = with_string(spelling)
        for short in ('deque', 'list'):
            m = re.fullmatch(short + r'<(.*)>', spelling)
            if m:
                spelling = (f'std::{short}<{m.group(1)}, '
                            f'std::allocator<{m.group(1)}> >')
        m = re.fullmatch(r'stack<(.*)>', spelling)
        if m:
            spelling = (f'std::stack<{m.group(1)}, std::deque<{m.group(1)}, '
                        f'std::allocator<{m.group(1)}> > >')
        containers[name] = spelling

    data = open(args.source, 'rb').read()
    lines = data.decode('utf-8').split('\n')
    path = args.path or os.path.realpath(args.source)
    def place(name):
        pattern = re.compile(r'site\(' + re.escape(name) + r'(?:@([^)]*))?\)')
        where = [(i, m) for i, line in enumerate(lines)
                 for m in [pattern.search(line)] if m]
        if len(where) != 1:
            sys.exit(f'make_profile.py: site({name}) is on {len(where)} lines')
        index, match = where[0]
        column = 0
        if match.group(1):
            column = lines[index].find(match.group(1)) + 1
        return index + 1, column

    def histogram_of(text):
        histogram = []
        for pair in text.split(','):
            size, allocations = pair.split('x')
            histogram.append([int(size), int(allocations)])
        return histogram

    def add_processes(name, site, histogram, by_name):
        if name not in processes:
            return
        total, counts = processes[name]
        site['processes'] = total
        site[by_name] = (histogram_of(counts) if counts else
                         [[n, min(total, a)] for n, a in histogram])

    def add_callers(name, site, histogram, key):
        if name not in callers:
            return
        total = sum(a for _, a in histogram) or 1
        site['callers'] = []
        for mark, allocations, made in callers[name]:
            line, column = place(mark)
            site['callers'].append({
                'file': path, 'line': line, 'column': column,
                'allocations': allocations,
                key: [[n, a * allocations // total] for n, a in histogram]})
            if made is not None:
                site['callers'][-1]['processes'] = made

    allocation_sites = []
    for spec in args.allocation_site:
        parts = spec.split(':', 2)
        if len(parts) < 2:
            sys.exit(f'make_profile.py: bad --allocation-site {spec!r}')
        line, column = place(parts[0])
        sizes = histogram_of(parts[1])
        allocation_sites.append({
            'file': path, 'line': line, 'column': column,
            'function': parts[2] if len(parts) == 3 else 'main',
            'allocations': sum(a for _, a in sizes),
            'bytes': sum(b * a for b, a in sizes), 'sizes': sizes})
        add_processes(parts[0], allocation_sites[-1], sizes,
                      'processes_by_size')
        add_callers(parts[0], allocation_sites[-1], sizes, 'sizes')

    sites = []
    elements = {}
    for spec in args.element:
        name, _, spelling = spec.partition('=')
        elements[name] = with_string(spelling)
    for spec in args.site:
        parts = spec.split(':', 4)
        if len(parts) < 4:
            sys.exit(f'make_profile.py: bad --site {spec!r}')
        name, element, size, counts = parts[:4]
        element = elements.get(name, element)
        function = parts[4] if len(parts) == 5 else 'main'
        line, column = place(name)
        histogram = histogram_of(counts)
        allocations = sum(a for _, a in histogram)
        sites.append({
            'file': path, 'line': line, 'column': column,
            'function': function,
            'container': containers.get(
                name, f'std::vector<{element}, std::allocator<{element}> >'),
            'element': element, 'element_size': int(size),
            'allocations': allocations,
            'bytes': sum(e * a for e, a in histogram) * int(size),
            'counts': histogram})
        add_processes(name, sites[-1], histogram, 'processes_by_count')
        add_callers(name, sites[-1], histogram, 'counts')

    entry = {'path': path}
    if args.hash != 'none':
        entry['size'] = len(data)
        value = fnv1a64(data) ^ (1 if args.hash == 'stale' else 0)
        entry['fnv1a64'] = f'{value:016x}'
    # Every allocation of the run: the sites, the others, and 3 more (the
    # runtime's buffers).
    profile = {'heapcount_profile': 1, 'program': '/test/program',
               'allocations': sum(s['allocations'] for s in sites) +
               sum(s['allocations'] for s in allocation_sites) + 3,
               'profiled': sum(s['allocations'] for s in sites),
               'files': [entry], 'sites': sites}
    if allocation_sites:
        profile['allocation_sites'] = allocation_sites
    with open(args.out, 'w') as f:
        json.dump(profile, f, indent=1)


if __name__ == '__main__':
    main()
