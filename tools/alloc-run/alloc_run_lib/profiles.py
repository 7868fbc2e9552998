"""heapcount profiles: reading those --profile names, finding those the
checks read, and the saving that a profile measured for a finding."""

import json
import os
import re

from .usage import fail_usage

# alloc-run --profile and --min-profiled-allocations reach the checks
# through these; each overrides the checks' option of the same meaning
# (ProfileFile, MinProfiledAllocations).
PROFILE_FILES_ENV = 'ALLOC_TIDY_PROFILE_FILES'
MIN_PROFILED_ENV = 'ALLOC_TIDY_MIN_PROFILED_ALLOCATIONS'


def read_profile(path):
    """The bytes of the heapcount profile \p path (docs/heapcount.md,
    "Profiles"), or a usage error when it is not one."""
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError as e:
        fail_usage(f"cannot read --profile '{path}' ({e.strerror or e})")
    try:
        profile = json.loads(data)
    except ValueError as e:
        fail_usage(f"--profile '{path}' is not a heapcount profile: it is "
                   f"not JSON ({e})")
    version = profile.get('heapcount_profile') \
        if isinstance(profile, dict) else None
    if version is None:
        fail_usage(f"--profile '{path}' is not a heapcount profile: it has "
                   f"no 'heapcount_profile' version (heapcount --profile "
                   f"FILE writes one)")
    if version != 1:
        fail_usage(f"--profile '{path}' is a heapcount profile of version "
                   f"{json.dumps(version)}; this alloc-run reads version 1")
    return data


def profile_files(args):
    """The profiles the checks read: --profile, else those the environment
    names (absolute paths). ProfileFile in a configuration is not seen
    here."""
    if args.profile:
        return args.profile
    named = os.environ.get(PROFILE_FILES_ENV, '')
    return [os.path.abspath(p.strip()) for p in named.split(';') if p.strip()]


# The notes that give a finding's measurement (docs/ci.md, "Profiles"): a
# finding whose code a profile measured has one note "heapcount's profile:
# ... would save about 9,001 allocations"; a finding in a file the profiles
# saw in another version has one "heapcount's profile '...' is stale ...".
MEASURED_NOTE = "heapcount's profile: "
SAVING = re.compile(r'would save about (\d{1,3}(?:,\d{3})*|\d+) '
                    r'allocations?\b')
STALE_NOTE = "heapcount's profile '"


def measured_saving(diag):
    """The allocations the profiles say \p diag's fix would save, or
    None when no profile measured its code."""
    for note in diag.get('Notes') or []:
        message = note.get('Message') or ''
        if message.startswith(MEASURED_NOTE):
            match = SAVING.search(message)
            if match:
                return int(match.group(1).replace(',', ''))
    return None


def is_stale(diag):
    """Whether \p diag is in a file every profile saw in another version."""
    return any((note.get('Message') or '').startswith(STALE_NOTE) and
               'is stale' in note['Message']
               for note in diag.get('Notes') or [])


def ranked(items, saving):
    """\p items with those measured first, the largest \p saving first;
    the others after them in their order."""
    def key(item):
        value = saving(item)
        return (0, -value) if value is not None else (1, 0)
    return sorted(items, key=key)
