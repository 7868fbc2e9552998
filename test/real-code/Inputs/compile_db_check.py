import json
import os
import sys
import tempfile

sys.path.insert(0, sys.argv[1])
from compile_db import (cxx_units, entry_output, load_database,  # noqa: E402
                        project_name, syntax_only_command)

command = {'directory': '/d', 'file': 'a.cpp',
           'command': 'clang++ -DX=1 -MD -MF a.d -MT a.o -MQ a.o -Iinc '
                      '-o a.o -c a.cpp'}
print('command:', syntax_only_command(command))
arguments = {'directory': '/d', 'file': 'a b.cpp',
             'arguments': ['g++', '-std=c++17', '-MMD', '-oa.o', '-Wall', '-c',
                           '--', 'a b.cpp']}
print('arguments:', syntax_only_command(arguments, ['-stdlib=libc++']))
print('compiler:', syntax_only_command(
    command, compiler='/usr/lib/llvm-22/bin/clang++'))
print('empty arguments:', syntax_only_command(
    {'arguments': [], 'command': 'cc -c x.c', 'file': 'x.c'}))
print('output:', entry_output(command), entry_output(
    {'arguments': ['c++', '-oobj/b.o', 'b.cpp']}), entry_output(
    {'output': 'out.o', 'command': 'c++ -o a.o a.cpp'}),
    entry_output({'command': 'c++ -c a.cpp'}))

with tempfile.TemporaryDirectory() as tmp:
    build = os.path.join(tmp, 'db')
    os.makedirs(build)
    entries = [{'directory': build, 'file': '../src/a.cpp', 'command': 'c++ -c ../src/a.cpp'},
               {'directory': build, 'file': '../src/b.cc', 'command': 'c++ -c ../src/b.cc'},
               {'directory': build, 'file': '../src/c.c', 'command': 'cc -c ../src/c.c'},
               {'directory': build, 'file': '../src/a.cpp', 'command': 'c++ -DY -c ../src/a.cpp'}]
    with open(os.path.join(build, 'compile_commands.json'), 'w') as f:
        json.dump(entries, f)
    loaded, units = load_database(build)
    print('units:', cxx_units(build), len(loaded), 'entries', len(units), 'units')
    print('limit:', cxx_units(build, 1))
    print('names:', project_name('/p/ninja/build'), project_name('/p/ninja/build/'),
          project_name(os.path.dirname(sys.argv[1].rstrip('/')) + '/build'),
          project_name(build))
