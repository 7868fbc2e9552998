"""--explain: the profiles' busiest sites, each with the finding that
removes it or the reason nothing does, and the allocation coverage, as
text on stderr and as properties of the SARIF log."""

import functools
import json
import os
import re
import sys

from .profiles import measured_saving, profile_files, read_profile
from .sarif import artifact_location
from .usage import PROG


EXPLAIN_DEFAULT = 20

# libc++ names its classes in std::__1; libstdc++'s std::list, like its
# std::string, is std::__cxx11::list under the C++11 ABI.
NODE_CONTAINER = re.compile(
    r'^std::(?:__1::|__cxx11::)?(map|multimap|set|multiset|unordered_map|'
    r'unordered_set|unordered_multimap|unordered_multiset|list|'
    r'forward_list)<')


# The element of an unordered container's bucket array as heapcount names
# it: libstdc++'s node base pointers, libc++'s next pointers.
BUCKET_ARRAY = re.compile(r'_Hash_node_base\s*\*|__hash_node_base<.*>\s*\*')


# A copy constructor as a symbolizer names it: "ns::Row::Row(ns::Row
# const&)", "Box<int>::Box(Box<int> const&)".
COPY_CONSTRUCTOR = re.compile(
    r'(?:^|::)([A-Za-z_]\w*)(?:<.*>)?::\1\((?:.*::)?\1(?:<.*>)? const&\)$')


def copied_class(site):
    """The class whose copy constructor \p site is in: an allocation that is
    no container's growth, or a member's growth (an implicit copy
    constructor copies each member at the class); None for any other
    site."""
    match = COPY_CONSTRUCTOR.search(site.function or '')
    return match.group(1) if match else None


class HotSite:
    """One site of the profiles (container growth or another allocation),
    with the findings that measured it."""

    def __init__(self, kind, site):
        self.kind = kind  # 'growth' or 'allocation'
        self.file = site.get('file', '')
        self.line = site.get('line', 0)
        self.column = site.get('column', 0)
        self.function = site.get('function', '')
        self.container = site.get('container', '')
        # What each growth allocated: an unordered container's nodes and
        # its bucket arrays are two entries at one place.
        self.elements = set()
        self.allocations = 0
        self.findings = []  # diagnostics whose evidence names this site
        self.record = None  # the profile's record of its file

    def key(self):
        return site_key(self.file, self.line, self.column)


def site_key(path, line, column):
    return (os.path.realpath(path) if path else '', line, column)


def profiled_sites(paths):
    """The sites of every profile, those of one place added up, and the
    profiles' allocations."""
    sites, total = {}, 0
    for path in paths:
        profile = json.loads(read_profile(path))
        total += profile.get('allocations', 0)
        files = {f.get('path'): f for f in profile.get('files') or []}
        for kind, member in (('growth', 'sites'),
                             ('allocation', 'allocation_sites')):
            for entry in profile.get(member) or []:
                site = HotSite(kind, entry)
                site = sites.setdefault((kind,) + site.key(), site)
                site.allocations += entry.get('allocations', 0)
                if entry.get('element'):
                    site.elements.add(entry['element'])
                site.record = site.record or files.get(site.file)
    return list(sites.values()), total


def fnv1a64(data):
    value = 0xcbf29ce484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f'{value:016x}'


CHANGED_FILES = {}


def file_changed(record):
    """Whether a profile's record of a file (path, size, fnv1a64) says the
    file changed since; False when the profile did not hash it."""
    if not record or 'fnv1a64' not in record:
        return False
    key = (record['path'], record.get('size'), record['fnv1a64'])
    if key not in CHANGED_FILES:
        CHANGED_FILES[key] = file_differs(record)
    return CHANGED_FILES[key]


def file_differs(record):
    try:
        with open(record['path'], 'rb') as f:
            data = f.read()
    except OSError:
        return True
    return len(data) != record.get('size', len(data)) or \
        fnv1a64(data) != record['fnv1a64']


def finding_places(diag):
    """Where a finding and its notes are: (real path, offset) pairs."""
    places = set()
    for node in [diag['DiagnosticMessage']] + (diag.get('Notes') or []):
        if node.get('FilePath'):
            places.add((os.path.realpath(node['FilePath']),
                        node.get('FileOffset', 0)))
    return places


def has_fix(diag):
    return bool(diag['DiagnosticMessage'].get('Replacements'))


def attach_findings(sites, diagnostics, evidence):
    """Gives each site the findings whose evidence names it: an evidence
    line names the check and the place of the finding or of its note."""
    by_place = {}
    for diag in diagnostics:
        for place in finding_places(diag):
            by_place.setdefault((diag['DiagnosticName'],) + place,
                                []).append(diag)
    by_key = {}
    for site in sites:
        by_key.setdefault(site.key(), []).append(site)
    for line in evidence:
        place = (line.get('check'), os.path.realpath(line.get('file', '')),
                 line.get('offset'))
        for diag in by_place.get(place, []):
            for measured in line.get('sites') or []:
                for site in by_key.get(site_key(*measured[:3]), []):
                    if not any(d is diag for d in site.findings):
                        site.findings.append(diag)


def one_per_element(container):
    """Whether growing \p container (the profile's name of it) allocates
    once per element or object: a node-based container, or the control
    block and object of std::make_shared."""
    return bool(NODE_CONTAINER.match(container)) or container.startswith(
        ('std::shared_ptr<', 'std::__1::shared_ptr<'))


class CodeReason(str):
    """What the checks say of the code at a site (an evidence line's
    "reason"), and what its memory is for (its "memory", SiteMemory in
    lib/analysis/profile/SiteCode.h): 'growth', a container's growth;
    'unneeded', a whole container made where none was needed (a copy, or a
    temporary built for an argument); 'result', the memory of what the code
    makes (a container its function returns, one handed to a callee that
    keeps it)."""

    def __new__(cls, text, memory='growth'):
        made = super().__new__(cls, text)
        made.memory = memory
        return made


def is_result_memory(reason):
    return getattr(reason, 'memory', 'growth') == 'result'


def avoidable_whole(reason):
    """Whether the code's \p reason is a whole container made where none
    was needed. That is avoidable for a node-based container too; what the
    code says of its growth ("a buffer ... would reuse its capacity") is
    not, since each element is a node of its own."""
    return getattr(reason, 'memory', 'growth') == 'unneeded'


class CodeReasons(dict):
    """{site key: CodeReason} from the checks' evidence, and seen_files: the
    real paths of the profiled files that an analysed unit saw (each unit
    lists them as "profiledFiles"); None when the run logged no list, as
    when no check that looks at the sites ran."""

    def __init__(self, reasons, seen_files=None):
        super().__init__(reasons)
        self.seen_files = seen_files


NOT_ANALYSED = ('in a file that no unit of this run compiles or includes '
                '(outside the compile database, left out of the run, or in '
                'a unit whose analysis failed): no check saw its code')


def not_analysed(site, code_reasons):
    """Whether no analysed unit saw the file of \p site; False when the
    run did not say which files its units saw."""
    seen = getattr(code_reasons, 'seen_files', None)
    return seen is not None and os.path.realpath(site.file) not in seen


def code_reason(site, code_reasons):
    """What the checks say of the code at \p site, when it holds for the
    site's container; None otherwise."""
    reason = code_reasons.get(site.key()) if site.kind == 'growth' else None
    if reason and one_per_element(site.container) and \
            not avoidable_whole(reason):
        return None
    return reason


@functools.lru_cache(maxsize=None)
def under_root(path, root):
    """The source root's file that \p path, which does not exist, names
    relative to a build directory (a build with -ffile-prefix-map writes
    paths relative to its source directory; the symbolizer puts the build
    directory in front): the longest trailing part of two or more
    components that is a file under \p root; None when none is."""
    parts = [p for p in path.split(os.sep) if p]
    for start in range(1, len(parts) - 1):
        candidate = os.path.join(root, *parts[start:])
        if os.path.isfile(candidate):
            return candidate
    return None


NAMED_UNDER_BUILD = 'named under the build directory'


def unfixed_reason(site, root, code_reasons):
    """Why no finding removes \p site: where it is, what the profile says
    of it, or what its code does (\p code_reasons, by site, from the
    checks' evidence); None when nothing is known."""
    path = os.path.realpath(site.file) if site.file else ''
    found = under_root(path, root) if path and not os.path.exists(path) \
        else None
    if found:
        return (f"{NAMED_UNDER_BUILD}, in a file that does not exist: the "
                f"build named its sources relative to their directory "
                f"(-ffile-prefix-map), and this is "
                f"'{os.path.relpath(found, root)}' of the source root; no "
                f"check can match it: profile again with heapcount "
                f"--source-root DIR")
    if not path or not (path + os.sep).startswith(
            os.path.realpath(root) + os.sep):
        return 'outside the source root (a library, or the standard library)'
    if file_changed(site.record):
        return ('the file has changed since it was profiled: profile the '
                'program again')
    reason = code_reason(site, code_reasons)
    if reason:
        return reason
    copied = copied_class(site)
    if copied:
        return (f"a copy of a '{copied}' (its copy constructor, made where "
                f"the profile's callers of this site are): a reference or a "
                f"move there would not allocate")
    if site.kind == 'allocation':
        return ('an allocation that is no container\'s growth (new, '
                'make_unique, malloc): no check changes it')
    node = NODE_CONTAINER.match(site.container)
    if node and any(BUCKET_ARRAY.search(e) for e in site.elements):
        return (f'node-based container (std::{node.group(1)}): one '
                f'allocation per element, and a bucket array per container '
                f'(at its first insertion and at each rehash); no check '
                f'changes it')
    if node:
        return (f'node-based container (std::{node.group(1)}): one '
                f'allocation per element; no check changes it')
    if site.container.startswith(('std::shared_ptr<', 'std::__1::shared_ptr<')):
        return 'std::make_shared: one allocation per object'
    if not_analysed(site, code_reasons):
        return NOT_ANALYSED
    return None


# The kinds of --explain's breakdown, in the order it prints them, and how a
# site's reason (unfixed_reason) falls into them.
BREAKDOWN = (
    ('fixIt', 'at sites with a fix-it'),
    ('findingWithoutFixIt', 'at sites with a finding without a fix-it'),
    ('codeDescribed', 'at sites whose code the checks describe (no finding)'),
    ('resultMemory', 'at sites whose memory is what the code makes (a '
     'container its function returns, one handed to a callee that keeps '
     'it, a copy kept to be put back): only another interface would avoid '
     'it'),
    ('perObject', 'one allocation per object or element (new, malloc, '
     'std::make_shared, node-based containers): no check changes those'),
    ('outsideSourceRoot', 'outside the source root'),
    ('namedUnderBuild', 'in files the profile names under the build '
     'directory that are the source root\'s (a build with '
     '-ffile-prefix-map): heapcount --source-root finds them'),
    ('changedSinceProfiled', 'in files changed since they were profiled'),
    ('notAnalysed', 'in files no unit of this run compiles or includes '
     '(outside the compile database, left out of the run, or in a unit '
     'whose analysis failed)'),
    ('noFinding', 'at sites no check follows'),
    ('withoutSite', 'without a site (in other programs of the run, such as '
     'its shell, or in code heapcount could not name)'),
)


def site_kind(site, root, code_reasons):
    """The kind of BREAKDOWN that \p site falls into."""
    if any(has_fix(d) for d in site.findings):
        return 'fixIt'
    if site.findings:
        return 'findingWithoutFixIt'
    why = unfixed_reason(site, root, code_reasons)
    if why is None:
        return 'noFinding'
    if why.startswith('outside the source root'):
        return 'outsideSourceRoot'
    if why.startswith(NAMED_UNDER_BUILD):
        return 'namedUnderBuild'
    if why.startswith('the file has changed'):
        return 'changedSinceProfiled'
    # A map's insert is one node per element whatever the code around it
    # does: the container decides the kind before the code's description,
    # unless the code made a whole container it did not need (a copy).
    reason = code_reason(site, code_reasons)
    if reason:
        return 'resultMemory' if is_result_memory(reason) else 'codeDescribed'
    # A copy is the code's to avoid, whatever allocates inside it.
    if copied_class(site):
        return 'codeDescribed'
    if site.kind == 'allocation' or one_per_element(site.container):
        return 'perObject'
    if why == NOT_ANALYSED:
        return 'notAnalysed'
    return 'noFinding'


# The kinds that no fix-it keeping the program's types and interfaces can
# remove; every other kind at a site is within reach of one.
OUT_OF_REACH = ('perObject', 'resultMemory', 'outsideSourceRoot')


def within_reach(totals):
    """(allocations within reach of a fix that keeps the program's types
    and interfaces, allocations at sites) of a breakdown's \p totals."""
    at_sites = sum(count for kind, count in totals.items()
                   if kind != 'withoutSite')
    return (at_sites - sum(totals[kind] for kind in OUT_OF_REACH),
            at_sites)


def breakdown(sites, total, root, code_reasons):
    """{kind: allocations} over every site, each kind of BREAKDOWN present
    (0 when none has it); what the sites do not hold of the profiles'
    \p total is 'withoutSite'."""
    totals = {kind: 0 for kind, _ in BREAKDOWN}
    for site in sites:
        totals[site_kind(site, root, code_reasons)] += site.allocations
    totals['withoutSite'] = max(0, total - sum(totals.values()))
    return totals


def explain_sites(args, diagnostics, evidence, root):
    """--explain: the profiles' busiest sites, each with the finding that
    removes it or the reason nothing does, and the allocation coverage: the
    share of the profiles' allocations at sites with a fix-bearing finding.
    Returns the summary for SARIF, or None without profiles."""
    paths = profile_files(args)
    if not paths or args.explain == 0:
        return None
    sites, total = profiled_sites(paths)
    attach_findings(sites, diagnostics, evidence)
    # Each unit that looked at the sites lists the profiled files it saw
    # (maybe none); without any such list nothing is known of the others.
    lists = [line['profiledFiles'] for line in evidence
             if isinstance(line.get('profiledFiles'), list)]
    seen = ({os.path.realpath(path) for files in lists for path in files}
            if lists else None)
    code_reasons = CodeReasons(
        {site_key(*line['site'][:3]):
         CodeReason(line['reason'], line.get('memory', 'growth'))
         for line in evidence if 'reason' in line},
        seen)
    sites.sort(key=lambda s: (-s.allocations, s.key(), s.kind))
    fixed = sum(s.allocations for s in sites
                if any(has_fix(d) for d in s.findings))
    top = sites[:args.explain]
    rows = []
    for site in top:
        fixing = [d for d in site.findings if has_fix(d)]
        # Several findings can reach one site (a callee that fills the
        # buffers of several callers): the one that saves most is shown.
        shown = sorted(fixing or site.findings,
                       key=lambda d: -(measured_saving(d) or 0))[:1]
        row = {'site': site, 'finding': shown[0] if shown else None,
               'fixed': bool(fixing), 'reason': None}
        if not shown:
            row['reason'] = unfixed_reason(site, root, code_reasons)
        rows.append(row)
    top_allocs = sum(s.allocations for s in top)
    explained = sum(r['site'].allocations for r in rows
                    if r['finding'] or r['reason'])
    removed = sum(r['site'].allocations for r in rows if r['fixed'])
    return {'allocations': total, 'atSitesWithFixIt': fixed,
            'coverage': round(fixed / total, 6) if total else 0.0,
            'rows': rows, 'sites': sites,
            'count': len(sites), 'top': top_allocs, 'explained': explained,
            'removed': removed,
            'breakdown': breakdown(sites, total, root, code_reasons)}


def print_explanation(summary, root, positions):
    """The text of --explain, on stderr after the run's other figures."""
    if summary is None:
        return
    rows, total, fixed = summary['rows'], summary['allocations'], \
        summary['atSitesWithFixIt']
    top = [row['site'] for row in rows]
    top_allocs, explained, removed = summary['top'], summary['explained'], \
        summary['removed']
    share = (lambda n: n / total if total else 0.0)

    def place(path, line, column):
        shown = os.path.relpath(path, root) if path else '?'
        return f'{path if shown.startswith("..") else shown}:{line}:{column}'

    print(f'{PROG}: the profiles\' {len(top)} busiest sites (of '
          f'{summary["count"]}; {total:,} allocations profiled):',
          file=sys.stderr)
    width = len(f'{top[0].allocations:,}') if top else 1
    for i, row in enumerate(rows, 1):
        site = row['site']
        head = (f'{PROG}: {i:>3}. {100 * share(site.allocations):5.1f}%  '
                f'{site.allocations:>{width},}  '
                f'{place(site.file, site.line, site.column)}')
        diag = row['finding']
        if diag:
            message = diag['DiagnosticMessage']
            line, column = positions.position(
                message['FilePath'], message.get('FileOffset', 0)) or (0, 0)
            saving = measured_saving(diag)
            what = 'fix-it' if row['fixed'] else 'no fix-it'
            tail = (f"{diag['DiagnosticName']} ({what}) at "
                    f"{place(message['FilePath'], line, column)}")
            if saving is not None:
                tail += f', saves about {saving:,}'
        elif row['reason']:
            tail = row['reason']
        else:
            tail = (f'no finding: {site.container or "a container"} in '
                    f'{site.function or "?"} (no check follows this code)')
        print(f'{head}  {tail}', file=sys.stderr)
    print(f'{PROG}: allocation coverage: {100 * share(fixed):.1f}% of the '
          f'profiled allocations ({fixed:,} of {total:,}) are at sites '
          f'with a fix-it; these {len(top)} sites hold '
          f'{100 * share(top_allocs):.1f}%: '
          f'{100 * share(explained):.1f}% explained, '
          f'{100 * share(removed):.1f}% with a fix-it', file=sys.stderr)
    # Every site, not only the busiest: what a fix-it could still reach,
    # and how much is objects made one at a time, which no check changes.
    # The kinds add up to the profiled allocations.
    kinds = [(summary['breakdown'][kind], words) for kind, words in BREAKDOWN
             if summary['breakdown'][kind]]
    print(f'{PROG}: where the profiled allocations are (every site):',
          file=sys.stderr)
    width = max((len(f'{count:,}') for count, _ in kinds), default=1)
    for count, words in kinds:
        print(f'{PROG}:   {100 * share(count):5.1f}%  {count:>{width},}  '
              f'{words}', file=sys.stderr)
    reach, at_sites = within_reach(summary['breakdown'])
    if at_sites:
        print(f'{PROG}: within reach of a fix that keeps the program\'s '
              f'types and interfaces: {100 * reach / at_sites:.1f}% of the '
              f'allocations at sites ({reach:,} of {at_sites:,}); the rest '
              f'is one allocation per object, what the code makes, or '
              f'outside the source root', file=sys.stderr)


def sarif_site(site, root):
    return {'artifactLocation': artifact_location(site.file, root),
            'region': {'startLine': max(site.line, 1),
                       **({'startColumn': site.column}
                          if site.column else {})}}


def add_explanation_to_sarif(run, summary, root, positions):
    """The run property allocRunProfileSites (coverage and the busiest
    sites) and, on each result that covers one of them, the property
    profileSites."""
    if summary is None:
        return
    hot = []
    for row in summary['rows']:
        site = row['site']
        entry = {'location': sarif_site(site, root),
                 'allocations': site.allocations,
                 'share': round(site.allocations / summary['allocations'], 6)
                 if summary['allocations'] else 0.0}
        diag = row['finding']
        if diag:
            message = diag['DiagnosticMessage']
            line, column = positions.position(
                message['FilePath'], message.get('FileOffset', 0)) or (0, 0)
            entry['finding'] = {'ruleId': diag['DiagnosticName'],
                                'fixIt': row['fixed'],
                                'location': {'artifactLocation':
                                             artifact_location(
                                                 message['FilePath'], root),
                                             'region': {'startLine': line,
                                                        'startColumn': column}}}
        else:
            entry['reason'] = row['reason'] or 'no finding'
        hot.append(entry)
    # Each result that measured sites lists them, busiest first.
    by_place = {}
    for result in run['results']:
        location = result['locations'][0]['physicalLocation']
        by_place[(result['ruleId'], location['artifactLocation'].get('uri'),
                  location['region'].get('startLine'),
                  location['region'].get('startColumn'))] = result
    for site in summary['sites']:
        for diag in site.findings:
            message = diag['DiagnosticMessage']
            line, column = positions.position(
                message['FilePath'], message.get('FileOffset', 0)) or (0, 0)
            uri = artifact_location(message['FilePath'], root).get('uri')
            result = by_place.get((diag['DiagnosticName'], uri, line, column))
            if result is not None:
                result.setdefault('properties', {}).setdefault(
                    'profileSites', []).append(
                        {'location': sarif_site(site, root),
                         'allocations': site.allocations})
    run.setdefault('properties', {})['allocRunProfileSites'] = {
        'allocations': summary['allocations'],
        'allocationsAtSitesWithFixIt': summary['atSitesWithFixIt'],
        'allocationCoverage': summary['coverage'],
        'allocationsByKind': summary['breakdown'],
        'allocationsAtSites': within_reach(summary['breakdown'])[1],
        'allocationsWithinReach': within_reach(summary['breakdown'])[0],
        'busiestSites': hot}
