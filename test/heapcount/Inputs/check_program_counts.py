"""Compares heapcount's report with what the program says it did.

  check_program_counts.py REPORT.json PROGRAM.out SCOPE [--sites FILE]

The program prints "program: allocs=A frees=F bytes=B kept=K": the calls it
made inside the heapcount scope SCOPE, and K blocks it keeps to the end.
Checks that the scope's counts are A, F and B, and that K blocks are live at
exit. With --sites (a report of heapcount --stacks --json), also that the
call sites add up: the sites' calls and bytes are those of the stack table,
the allocations without a stack are the few made before the library's
constructor, and the sites in the source file FILE (a name) have exactly
the program's allocations and bytes. Prints one line per check; exits 1 on
a difference.
"""

import json
import re
import sys


def main():
    args = sys.argv[1:]
    sites_file = None
    if '--sites' in args:
        at = args.index('--sites')
        sites_file = args[at + 1]
        del args[at:at + 2]
    report_path, out_path, scope = args
    with open(report_path) as f:
        report = json.load(f)
    with open(out_path) as f:
        said = re.search(r'program: allocs=(\d+) frees=(\d+) bytes=(\d+) '
                         r'kept=(\d+)', f.read())
    if not said:
        print(f'no "program:" line in {out_path}')
        return 1
    allocs, frees, nbytes, kept = (int(g) for g in said.groups())
    ok = True

    def check(name, ours, theirs):
        nonlocal ok
        if ours == theirs:
            print(f'{name}: equal ({theirs})')
        else:
            print(f'{name}: heapcount {ours}, program {theirs}')
            ok = False

    counts = report['scopes'].get(scope)
    if counts is None:
        print(f'no scope {scope} in {report_path}')
        return 1
    check('scope allocs', counts['allocs'], allocs)
    check('scope frees', counts['frees'], frees)
    check('scope bytes', counts['bytes'], nbytes)
    check('live blocks at exit', report['total']['live_blocks_at_exit'], kept)

    if sites_file:
        stacks = report['stacks']
        sites = report['call_sites']
        listed = sum(s['calls'] for s in stacks['list'])
        check('sites calls = stack calls', sum(s['calls'] for s in sites),
              listed)
        check('sites bytes = stack bytes', sum(s['bytes'] for s in sites),
              sum(s['bytes'] for s in stacks['list']))
        check('stacks dropped', stacks['dropped'], 0)
        without = report['total']['allocs'] - listed
        # libstdc++'s emergency pool, allocated before the library's
        # constructor; nothing else.
        print('allocations without a stack: ' +
              ('at most 2' if 0 <= without <= 2 else f'{without}'))
        ok = ok and 0 <= without <= 2
        # main's sites are outside the scope (pthread_create's TLS).
        own = [s for s in sites if s['site'].split(':')[0].endswith(
            '/' + sites_file) and s['function'] != 'main']
        check(f'{sites_file} sites calls', sum(s['calls'] for s in own),
              allocs)
        check(f'{sites_file} sites bytes', sum(s['bytes'] for s in own),
              nbytes)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
