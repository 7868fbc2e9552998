"""Copies the project (casemap.cpp defines a constant table, lookup.cpp
looks it up through an 'extern' declaration) into DIR and writes
DIR/build/compile_commands.json, compiling with CLANGXX as C++11. With
--iterates, lookup.cpp also iterates the table.

  make.py DIR CLANGXX [--iterates]
"""
import json
import os
import shutil
import sys

target, clangxx = sys.argv[1], sys.argv[2]
iterates = '--iterates' in sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(target, ignore_errors=True)
os.makedirs(os.path.join(target, 'build'))
units = ['casemap.cpp', 'lookup.cpp', 'main.cpp']
for name in units + ['lookup.h']:
    shutil.copy(os.path.join(here, name), target)
defines = ['-DLOOKUP_ITERATES'] if iterates else []
with open(os.path.join(target, 'build', 'compile_commands.json'), 'w') as f:
    json.dump([{'directory': target, 'file': os.path.join(target, name),
                'arguments': [clangxx, '-std=c++11'] + defines +
                ['-c', name]}
               for name in units], f, indent=1)
