"""Copies this project into DIR and writes DIR/build/compile_commands.json
(profile.test): the sources of src/ for alloc-tidy, or with --fake those of
fake/ for fake_tidy.py.

  make.py DIR CLANGXX [--fake]
"""
import json
import os
import shutil
import sys

target, clangxx = sys.argv[1], sys.argv[2]
fake = sys.argv[3:] == ['--fake']
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(target, ignore_errors=True)
shutil.copytree(os.path.join(here, 'fake' if fake else 'src'),
                os.path.join(target, 'src'))
build = os.path.join(target, 'build')
os.makedirs(build)
entries = [{
    'directory': build,
    'file': os.path.join(target, 'src', name),
    'arguments': [clangxx, '-std=c++17', '-c',
                  os.path.join(target, 'src', name), '-o', name + '.o'],
} for name in (('hot.cpp', 'mild.cpp') if fake else
                 ('rows.cpp', 'path.cpp'))]
with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
    json.dump(entries, f, indent=1)
