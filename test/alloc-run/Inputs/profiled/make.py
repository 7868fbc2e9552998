"""Copies the sources of src/ into DIR/src and writes
DIR/build/compile_commands.json (profile.test, sarif-schema.test): its units
are rows.cpp and path.cpp (profile-sized vectors), or with --ranked hot.cpp,
mild.cpp and plain.cpp (findings of several checks to rank), or with
--explain words.cpp and stale.cpp (explain.test's sites).

  make.py DIR CLANGXX [--ranked | --explain]
"""
import json
import os
import shutil
import sys

target, clangxx = sys.argv[1], sys.argv[2]
ranked = sys.argv[3:] == ['--ranked']
explain = sys.argv[3:] == ['--explain']
if sys.argv[3:] and not ranked and not explain:
    sys.exit(f'make.py: unexpected arguments {sys.argv[3:]}')
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(target, ignore_errors=True)
shutil.copytree(os.path.join(here, 'src'), os.path.join(target, 'src'))
build = os.path.join(target, 'build')
os.makedirs(build)
entries = [{
    'directory': build,
    'file': os.path.join(target, 'src', name),
    'arguments': [clangxx, '-std=c++17', '-c',
                  os.path.join(target, 'src', name), '-o', name + '.o'],
} for name in (('hot.cpp', 'mild.cpp', 'plain.cpp') if ranked else
                 ('words.cpp', 'stale.cpp') if explain else
                 ('rows.cpp', 'path.cpp'))]
with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
    json.dump(entries, f, indent=1)
