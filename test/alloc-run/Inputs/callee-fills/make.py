"""Copies the project (speller.cpp hands its buffer to functions of
decode.cpp) into DIR and writes DIR/build/compile_commands.json, compiling
with CLANGXX.

  make.py DIR CLANGXX
"""
import json
import os
import shutil
import sys

target, clangxx = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(target, ignore_errors=True)
os.makedirs(os.path.join(target, 'build'))
units = ['decode.cpp', 'speller.cpp', 'main.cpp']
for name in units + ['decode.h', 'speller.h']:
    shutil.copy(os.path.join(here, name), target)
with open(os.path.join(target, 'build', 'compile_commands.json'), 'w') as f:
    json.dump([{'directory': target, 'file': os.path.join(target, name),
                'arguments': [clangxx, '-std=c++17', '-c', name]}
               for name in units], f, indent=1)
