"""Copies the fixture project into DIR and writes
DIR/build/compile_commands.json with absolute paths, compiling with CLANGXX.

  make_project.py DIR CLANGXX [EXTRA_FILE.cpp...]
"""
import json
import os
import shutil
import sys

target, clangxx, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(target, ignore_errors=True)
shutil.copytree(os.path.join(here, 'project'), target)
build = os.path.join(target, 'build')
os.makedirs(build)
names = ['src/a.cpp', 'src/b.cpp', 'src/c.cpp'] + extra
entries = [{
    'directory': build,
    'file': os.path.join(target, name),
    'arguments': [clangxx, '-std=c++17', '-c', os.path.join(target, name),
                  '-o', os.path.basename(name) + '.o'],
} for name in names]
with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
    json.dump(entries, f, indent=1)
