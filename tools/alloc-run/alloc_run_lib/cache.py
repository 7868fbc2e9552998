"""The cache of alloc-tidy's results (BUILD_DIR/.alloc-run-cache): what
decides a unit's result (its preprocessed input, the files it read, its
configuration, the profiles), and the entries stored under that key."""

import hashlib
import json
import os
import re
import tempfile

from .profiles import MIN_PROFILED_ENV, profile_files

CACHE_VERSION = '5'  # 3: member facts of version 2 (escapes, identity);
# 4: units analysed again without __clang_analyzer__ keep that analysis;
# 5: the profile sites each finding measured


def sha(*parts):
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else str(part).encode())
        h.update(b'\0')
    return h.hexdigest()


def file_identity(path):
    st = os.stat(path)
    return [path, st.st_size, st.st_mtime_ns]


def preprocess_command(unit):
    """The unit's compile command turned into one that preprocesses to
    stdout."""
    args = list(unit.arguments)
    out = [args[0]] if args else []
    skip = False
    for arg in args[1:]:
        if skip:
            skip = False
            continue
        if arg in ('-c', '-S', '-E'):
            continue
        if arg in ('-o', '-MF', '-MT', '-MQ'):
            skip = True
            continue
        if (arg.startswith('-o') and len(arg) > 2) or arg in ('-MD', '-MMD'):
            continue
        out.append(arg)
    return out + ['-E', '-o', '-']


LINE_MARKER = re.compile(rb'^# \d+ "((?:[^"\\]|\\.)*)"', re.M)


def preprocess(unit, call):
    """(hash of the preprocessed unit, the files it read), or the reason
    why the unit cannot be preprocessed (a string). \p call runs the
    compiler (Runner.call)."""
    try:
        proc = call(preprocess_command(unit), cwd=unit.directory,
                    timeout=600)
    except OSError as e:
        return str(e)
    if proc.returncode != 0:
        lines = proc.stderr.decode('utf-8', 'replace').strip().splitlines()
        return lines[0] if lines else f'exit status {proc.returncode}'
    deps = set()
    for match in LINE_MARKER.finditer(proc.stdout):
        name = match.group(1).decode('utf-8', 'replace')
        if name.startswith('<'):
            continue
        path = os.path.normpath(os.path.join(unit.directory, name))
        if os.path.isfile(path):
            deps.add(path)
    deps.add(unit.file)
    return sha(proc.stdout), sorted(deps)


def config_files(path):
    """The .clang-tidy files clang-tidy reads for PATH (it stops at the
    first one without InheritParentConfig; all are hashed here)."""
    found = []
    directory = os.path.dirname(path)
    while True:
        candidate = os.path.join(directory, '.clang-tidy')
        if os.path.isfile(candidate):
            found.append(candidate)
        parent = os.path.dirname(directory)
        if parent == directory:
            return found
        directory = parent


class Cache:
    def __init__(self, directory):
        self.directory = directory
        os.makedirs(directory, exist_ok=True)
        # A cache restored by another user or on a read-only mount: fail
        # here, once, rather than on every unit's store.
        fd, probe = tempfile.mkstemp(dir=directory, prefix='.probe-')
        os.close(fd)
        os.unlink(probe)

    def path(self, key):
        return os.path.join(self.directory, key[:2], key + '.json')

    def load(self, key):
        try:
            with open(self.path(key), encoding='utf-8') as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def store(self, key, entry):
        path = self.path(key)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
        with os.fdopen(fd, 'w', encoding='utf-8') as f:
            json.dump(entry, f)
        os.replace(tmp, path)


def deps_unchanged(deps):
    try:
        return all(file_identity(d[0]) == d for d in deps)
    except OSError:
        return False


def profile_identity(args):
    """What of the profiles decides the checks' findings, for the cache key:
    each profile's path and content, and the threshold of cold findings."""
    files = []
    for path in profile_files(args):
        try:
            with open(path, 'rb') as f:
                files.append([path, sha(f.read())])
        except OSError:
            files.append([path, None])  # the checks say they cannot read it
    minimum = args.min_profiled_allocations
    if minimum is None:
        minimum = os.environ.get(MIN_PROFILED_ENV) or None
    return [files, minimum] if files or minimum is not None else []
