"""Findings ranked by the allocations a heapcount profile says their fixes
would save, shared by scripts/validate_report.py (the validation corpus)
and scripts/profile_real.py (a real project and its test suite).

A finding whose code a profile measured has a note that starts
"heapcount's profile: " and contains "would save about N allocations" (N
with thousands separators; docs/profile-triage.md). That N is the check's
estimate from the profile, not a measurement of the fixed program.
"""

import re

MEASURED_NOTE = "heapcount's profile: "
SAVING = re.compile(r'would save about (\d{1,3}(?:,\d{3})+|\d+) '
                    r'allocations?\b')
TOP = 10


def measured_saving(messages):
    """The saving in the first note of MESSAGES (strings) that gives one,
    or None when no profile measured the finding's code."""
    for message in messages:
        if message.startswith(MEASURED_NOTE):
            match = SAVING.search(message)
            if match:
                return int(match.group(1).replace(',', ''))
    return None


def by_saving(findings, saving):
    """The measured FINDINGS (in static order), largest SAVING(finding)
    first; equal savings keep their static order."""
    measured = [(i, f) for i, f in enumerate(findings)
                if saving(f) is not None]
    measured.sort(key=lambda pair: (-saving(pair[1]), pair[0]))
    return [f for _, f in measured]


def shares(findings, saving, total, top=TOP):
    """What the first TOP findings remove by the checks' estimates, ranked
    by SAVING and in static order (FINDINGS are given in static order; an
    unmeasured finding saves 0): a dict with 'measured' (how many findings
    have a saving), 'ranked' and 'static' (the sums), 'ranked_share' and
    'static_share' (the sums over TOTAL, None without a total)."""
    ranked = sum(saving(f) for f in by_saving(findings, saving)[:top])
    static = sum(saving(f) or 0 for f in findings[:top])

    def share(value):
        return value / total if total else None

    return {'measured': sum(1 for f in findings if saving(f) is not None),
            'ranked': ranked, 'static': static,
            'ranked_share': share(ranked), 'static_share': share(static)}


def percent(value):
    """A share as the report prints it: '12.3%', '0.04%' (two decimals
    below 1%), '—' without one."""
    if value is None:
        return '—'
    return f'{100.0 * value:.2f}%' if 0 < value < 0.01 else \
        f'{100.0 * value:.1f}%'


def thousands(value):
    return f'{value:,}'
