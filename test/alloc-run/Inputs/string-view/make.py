"""Copies the project (names.cpp defines Checker::allowed, report.cpp, a
friend, calls it too) into DIR and writes DIR/build/compile_commands.json,
compiling with CLANGXX. With --conversion, report.cpp passes a class that
converts to a std::string instead; with --cxx14, it is compiled as C++14;
with --public, names.h is in DIR/include, as a library installs it.

  make.py DIR CLANGXX [--conversion] [--cxx14] [--public]
"""
import json
import os
import shutil
import sys

target, clangxx = sys.argv[1], sys.argv[2]
conversion = '--conversion' in sys.argv[3:]
cxx14 = '--cxx14' in sys.argv[3:]
public = '--public' in sys.argv[3:]
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(target, ignore_errors=True)
os.makedirs(os.path.join(target, 'build'))
units = ['names.cpp', 'report.cpp', 'main.cpp']
for name in ['names.cpp', 'main.cpp']:
    shutil.copy(os.path.join(here, name), target)
headers = os.path.join(target, 'include') if public else target
os.makedirs(headers, exist_ok=True)
shutil.copy(os.path.join(here, 'names.h'), headers)
with open(os.path.join(here, 'report.cpp')) as f:
    report = f.read()
if conversion:
    report = report.replace('#define REPORT_ARGUMENT Allowed',
                            '#define REPORT_ARGUMENT Label{Allowed}')
with open(os.path.join(target, 'report.cpp'), 'w') as f:
    f.write(report)


def standard(name):
    return '-std=c++14' if cxx14 and name == 'report.cpp' else '-std=c++17'


with open(os.path.join(target, 'build', 'compile_commands.json'), 'w') as f:
    json.dump([{'directory': target, 'file': os.path.join(target, name),
                'arguments': [clangxx, standard(name), '-I' + headers, '-c',
                              name]}
               for name in units], f, indent=1)
