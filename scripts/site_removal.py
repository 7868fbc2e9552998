"""What the fixes removed at the busiest sites of a profile, measured: the
allocations heapcount profiled at each site before the fixes against those
it profiled at the same code after them (scripts/profile-proof.py).

A fix-it moves lines, so a site's line in the fixed sources is found by
comparing the two versions of its file: an unchanged line maps to its new
number; a changed line maps to the first line that replaced it. Sites are
compared by file and line (a fix can move a column, and both profiles count
every site of a line). What a fix moves to another line is not seen here;
the program's total says what it saved in all.
"""

import difflib
import json
import os


def allocations_by_line(profile_path, root):
    """{(file relative to ROOT, line): allocations} of a heapcount profile's
    container and allocation sites; sites outside ROOT are left out."""
    with open(profile_path, encoding='utf-8') as f:
        data = json.load(f)
    prefix = os.path.realpath(root) + os.sep
    lines = {}
    for site in data.get('sites', []) + data.get('allocation_sites', []):
        path = os.path.realpath(site['file'])
        if not path.startswith(prefix):
            continue
        key = (path[len(prefix):], site['line'])
        lines[key] = lines.get(key, 0) + site['allocations']
    return lines


def line_map(before_text, after_text):
    """{line before: line after} (1-based) for the lines of BEFORE_TEXT
    that are kept or replaced in AFTER_TEXT; a deleted line has none."""
    before = before_text.splitlines()
    after = after_text.splitlines()
    mapping = {}
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == 'equal':
            for k in range(i2 - i1):
                mapping[i1 + k + 1] = j1 + k + 1
        elif tag == 'replace':
            for k in range(i2 - i1):
                mapping[i1 + k + 1] = j1 + min(k, j2 - j1 - 1) + 1
    return mapping


def removed_at_sites(sites, source, fixed, before_profile, after_profile):
    """SITES: [(file relative to SOURCE, line)], the busiest sites of
    BEFORE_PROFILE (a profile of the program built from SOURCE). Returns
    {'before': their allocations, 'after': those at the same lines of FIXED
    in AFTER_PROFILE, 'removed': the difference, counted per line and never
    below 0}."""
    before = allocations_by_line(before_profile, source)
    after = allocations_by_line(after_profile, fixed)
    maps = {}
    total_before = total_after = removed = 0
    for file, line in sorted(set(sites)):
        if file not in maps:
            try:
                with open(os.path.join(source, file), encoding='utf-8',
                          errors='replace') as f, \
                        open(os.path.join(fixed, file), encoding='utf-8',
                             errors='replace') as g:
                    maps[file] = line_map(f.read(), g.read())
            except OSError:
                maps[file] = {}
        count = before.get((file, line), 0)
        new_line = maps[file].get(line)
        left = after.get((file, new_line), 0) if new_line else 0
        total_before += count
        total_after += left
        removed += max(0, count - left)
    return {'before': total_before, 'after': total_after, 'removed': removed}
