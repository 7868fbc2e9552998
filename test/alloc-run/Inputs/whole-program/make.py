"""Copies a whole-program project into DIR and writes
DIR/build/compile_commands.json, compiling with CLANGXX.

  make.py DIR CLANGXX [--rows | --samples] [--front | --loop | --positional]

The default project is Scrollback (a deque member); --rows is Row (a vector
member whose constructors are in two files); --samples is Sample (a padded
aggregate in a header, kept in a vector by one file and filled by another).
With --front, trim.cpp drops lines at the front, so the deque must stay;
with --loop, tagged.cpp grows Row's cells in a loop, so no inline capacity
bounds them; with --positional, fill.cpp initialises a Sample by position,
so its fields must keep their order.
"""
import json
import os
import shutil
import sys

PROJECTS = {
    'scrollback': ('.', ['scrollback.h', 'scrollback.cpp', 'trim.cpp',
                         'main.cpp']),
    'rows': ('rows', ['row.h', 'row.cpp', 'tagged.cpp', 'main.cpp']),
    'samples': ('samples', ['sample.h', 'store.cpp', 'fill.cpp', 'main.cpp']),
}
EDITS = {
    '--front': ('trim.cpp', 'History.pop_back()', 'History.pop_front()'),
    '--loop': ('tagged.cpp', 'if (V < 0)', 'for (int I = 0; I < V; ++I)'),
    '--positional': ('fill.cpp', 'Sample S = named(I);',
                     "Sample S{'a', I * 0.5, 'b', I};"),
}

target, clangxx = sys.argv[1], sys.argv[2]
flags = sys.argv[3:]
project = 'scrollback'
for name in PROJECTS:
    if '--' + name in flags:
        project = name
subdir, files = PROJECTS[project]
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), subdir)
shutil.rmtree(target, ignore_errors=True)
os.makedirs(target)
for name in files:
    shutil.copy(os.path.join(here, name), target)
for flag, (name, old, new) in EDITS.items():
    if flag not in flags:
        continue
    path = os.path.join(target, name)
    with open(path) as f:
        text = f.read()
    assert old in text, f'{name} has no {old!r}'
    with open(path, 'w') as f:
        f.write(text.replace(old, new))
build = os.path.join(target, 'build')
os.makedirs(build)
entries = [{
    'directory': build,
    'file': os.path.join(target, name),
    'arguments': [clangxx, '-std=c++17', '-c', os.path.join(target, name),
                  '-o', name + '.o'],
} for name in files if name.endswith('.cpp')]
with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
    json.dump(entries, f, indent=1)
