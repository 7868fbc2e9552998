"""Compile databases (compile_commands.json) for the scripts of this project.

Shared by scripts/real-code-report.py, bench/layout-overhead.py and
bench/check-overhead-db.py, which import it by path from their own location:

  sys.path.insert(0, os.path.join(ROOT, 'scripts'))
  import compile_db
"""

import json
import os
import shlex

# The endings of the C++ sources the benchmarks time.
CXX_SUFFIXES = ('.cc', '.cpp', '.cxx')


def load_database(build):
    """The compile database of BUILD: (entries, unique unit files in order).
    Each entry's "file" becomes its absolute, normalized path; a file with
    several entries is one unit."""
    path = os.path.join(build, 'compile_commands.json')
    with open(path) as f:
        entries = json.load(f)
    units = []
    seen = set()
    for entry in entries:
        file = os.path.normpath(os.path.join(entry['directory'], entry['file']))
        entry['file'] = file
        if file not in seen:
            seen.add(file)
            units.append(file)
    return entries, units


def entry_arguments(entry):
    """ENTRY's command as a list: its "arguments", else its "command" split
    as a shell would (an empty "arguments" counts as absent)."""
    if entry.get('arguments'):
        return list(entry['arguments'])
    return shlex.split(entry['command'])


def entry_output(entry):
    """The object file ENTRY writes (its "output", else its -o argument)."""
    if entry.get('output'):
        return entry['output']
    args = entry_arguments(entry)
    for i, arg in enumerate(args[:-1]):
        if arg == '-o':
            return args[i + 1]
    for arg in args:
        if arg.startswith('-o') and len(arg) > 2:
            return arg[2:]
    return None


def syntax_only_command(entry, extra_args=(), compiler=None):
    """ENTRY's compile command, checking syntax only: no -o, no -c and no
    dependency file (-MD, -MMD, -MF, -MT, -MQ), -fsyntax-only right after
    the compiler, EXTRA_ARGS last but before a `--` that ends the options
    (where clang-tidy's --extra-arg goes). COMPILER, when given, replaces
    the database's compiler. Run it in the entry's "directory"."""
    args = entry_arguments(entry)
    out = [compiler or args[0], '-fsyntax-only']
    skip = False
    for arg in args[1:]:
        if skip:
            skip = False
            continue
        if arg in ('-o', '-MF', '-MT', '-MQ'):
            skip = True
            continue
        if arg in ('-c', '-MD', '-MMD') or arg.startswith('-o'):
            continue
        out.append(arg)
    end = out.index('--') if '--' in out else len(out)
    return out[:end] + list(extra_args) + out[end:]


def project_name(build_dir):
    """A project's name for a table: the build directory's own name, or its
    parent's when it is called "build" (/work/real-projects/ninja/build);
    "alloc-tidy" for the build directory of a checkout of this project."""
    path = os.path.abspath(build_dir)
    if os.path.basename(path) == 'build':
        path = os.path.dirname(path)
    if os.path.exists(os.path.join(path, 'scripts', 'compile_db.py')):
        return 'alloc-tidy'
    return os.path.basename(path)


def cxx_units(build_dir, limit=0):
    """The C++ translation units (CXX_SUFFIXES) of BUILD_DIR's compile
    database, each once, in its order; only the first LIMIT when LIMIT."""
    _, units = load_database(build_dir)
    files = [unit for unit in units if unit.endswith(CXX_SUFFIXES)]
    return files[:limit] if limit else files
