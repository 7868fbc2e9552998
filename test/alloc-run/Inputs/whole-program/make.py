"""Copies the whole-program project into DIR and writes
DIR/build/compile_commands.json, compiling with CLANGXX.

  make.py DIR CLANGXX [--front]

With --front, trim.cpp drops lines at the front, so the deque must stay.
"""
import json
import os
import shutil
import sys

target, clangxx = sys.argv[1], sys.argv[2]
front = '--front' in sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(target, ignore_errors=True)
os.makedirs(target)
for name in ('scrollback.h', 'scrollback.cpp', 'trim.cpp', 'main.cpp'):
    shutil.copy(os.path.join(here, name), target)
if front:
    path = os.path.join(target, 'trim.cpp')
    with open(path) as f:
        text = f.read()
    with open(path, 'w') as f:
        f.write(text.replace('History.pop_back()', 'History.pop_front()'))
build = os.path.join(target, 'build')
os.makedirs(build)
entries = [{
    'directory': build,
    'file': os.path.join(target, name),
    'arguments': [clangxx, '-std=c++17', '-c', os.path.join(target, name),
                  '-o', name + '.o'],
} for name in ('scrollback.cpp', 'trim.cpp', 'main.cpp')]
with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
    json.dump(entries, f, indent=1)
