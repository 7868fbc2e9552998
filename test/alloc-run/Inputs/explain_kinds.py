"""Prints the --explain breakdown (explain.breakdown) of a few made-up
sites, one of each kind, under a source root that exists: the alloc-run
script's directory is the last argument (its alloc_run_lib is imported)."""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[-1])))
from alloc_run_lib import explain  # noqa: E402

root = tempfile.mkdtemp()
inside = os.path.join(root, 'a.cpp')
open(inside, 'w').close()


def site(kind, allocations, line, container='', path=inside, function=''):
    made = explain.HotSite(kind, {'file': path, 'line': line, 'column': 1,
                                  'container': container,
                                  'function': function})
    made.allocations = allocations
    return made


with_fix = site('growth', 1000, 1, 'std::vector<int>')
with_fix.findings = [{'DiagnosticMessage': {'Replacements': [{}]}}]
without_fix = site('growth', 200, 2, 'std::vector<int>')
without_fix.findings = [{'DiagnosticMessage': {'Replacements': []}}]
described = site('growth', 30, 3, 'std::vector<int>')
sites = [with_fix, without_fix, described,
         site('allocation', 400, 4),
         site('growth', 50, 5, 'std::map<int, int>'),
         site('growth', 6, 6, 'std::shared_ptr<int>'),
         site('growth', 70, 7, 'std::vector<int>', '/elsewhere/b.cpp'),
         site('growth', 8, 8, 'std::vector<int>')]
# A map grown by a member function is described by the code too; its
# elements are one node each all the same.
described_map = site('growth', 900, 9, 'std::map<int, int>')
# A map copied whole is a container the code did not need: a move would
# not allocate, whatever the container. The evidence says so ("memory":
# "unneeded"), not the reason's words.
copied_map = site('growth', 40, 10, 'std::set<int>')
# libstdc++'s list, as a profile names it: one node per element.
listed = site('growth', 4, 11, 'std::__cxx11::list<int, std::allocator<int> >')
# A vector its function returns: what the code makes.
returned = site('growth', 500, 12, 'std::vector<int>')
# An allocation in a class's copy constructor (an implicit one's is at the
# class): a copy, which a reference or a move avoids, not an object made.
copied_record = site('allocation', 60, 13, function='ns::(anonymous '
                     'namespace)::Row::Row(ns::(anonymous namespace)::Row '
                     'const&)')
# A constructor from something else is an object made.
built_record = site('allocation', 5, 14, function='ns::Row::Row(int const&)')
# A member grown by a copy constructor (a string of an implicit one, at the
# class): the class's copy too, whatever the member's container.
copied_member = site('growth', 3, 18,
                     'std::__cxx11::basic_string<char, std::char_traits<char>, '
                     'std::allocator<char> >',
                     function='ns::Option::Option(ns::Option const&)')
# A file of the root that a build with -ffile-prefix-map named under its
# build directory, which does not exist: the trailing 'src/io/c.cpp' is the
# root's. A missing path whose only match is a bare file name ('a.cpp') is
# another program's source, outside the root.
os.makedirs(os.path.join(root, 'src', 'io'))
open(os.path.join(root, 'src', 'io', 'c.cpp'), 'w').close()
relative = site('growth', 90, 16, 'std::vector<int>',
                '/no/such/build/src/io/c.cpp')
bare = site('growth', 1, 17, 'std::vector<int>', '/build/glibc-2.36/a.cpp')
sites += [described_map, copied_map, listed, returned, copied_record,
          built_record, relative, bare, copied_member]
reasons = {described.key(): 'filled by a callee through its reference',
           described_map.key(): 'a local container built on every call '
           "(in 'f'): a buffer the caller (or a member) keeps would reuse "
           'its capacity',
           copied_map.key(): explain.CodeReason(
               "a copy of a 'std::set<int>' (in 'g'): a move, a reference or "
               'a view would not allocate', memory='unneeded'),
           returned.key(): explain.CodeReason(
               "a local container that its function returns (in 'h')",
               memory='result')}
totals = explain.breakdown(sites, 3400, root, reasons)
for kind, _ in explain.BREAKDOWN:
    print(kind, totals[kind])
# The reasons the rows show: the map's growth is its nodes (keeping the map
# would not keep them), the set's copy is the code's.
for made in (described, described_map, copied_map, listed, copied_record,
             built_record, copied_member):
    print('reason', made.key()[1], explain.unfixed_reason(made, root, reasons))
# An unordered map's nodes and its bucket arrays, at one place: the row
# names both (a bucket array per map, not per element).
hashed = site('growth', 7, 15, 'std::unordered_map<int, int>')
hashed.elements = {'std::__detail::_Hash_node<std::pair<int const, int>, '
                   'false>', 'std::__detail::_Hash_node_base*'}
print('reason', 15, explain.unfixed_reason(hashed, root, reasons))
for made in (relative, bare):
    print('reason', made.key()[1], explain.unfixed_reason(made, root, reasons))
reach, at_sites = explain.within_reach(totals)
print('reach', reach, 'of', at_sites)
# More sites than the profiles' total (sites of one place summed over
# profiles never exceed it; a bad profile could): nothing below 0.
print('capped', explain.breakdown(sites, 10, root, reasons)['withoutSite'])
