"""Writes a small CMake project into DIR, optionally as a git repository.

  make_project.py DIR [--sources A.cpp,B.cpp] [--git]

The sources come from Inputs/project/src (all of them by default; the
headers util.h and recent.h always). DIR gets a CMakeLists.txt building them as one
library, and a .clang-tidy enabling the alloc-* checks, so that nothing
from the directories above DIR (this repository's own .clang-tidy) applies.
With --git, DIR is a git repository on branch main with everything
committed, as a CI checkout or a developer's clone would be.
"""
import argparse
import os
import shutil
import subprocess

here = os.path.dirname(os.path.abspath(__file__))
source_dir = os.path.join(here, 'project', 'src')

parser = argparse.ArgumentParser()
parser.add_argument('dir')
parser.add_argument('--sources', help='comma-separated names in src/')
parser.add_argument('--git', action='store_true')
args = parser.parse_args()

if args.sources:
    sources = args.sources.split(',')
else:
    sources = sorted(n for n in os.listdir(source_dir) if n.endswith('.cpp'))

shutil.rmtree(args.dir, ignore_errors=True)
os.makedirs(os.path.join(args.dir, 'src'))
for name in sources + ['util.h', 'recent.h']:
    shutil.copy(os.path.join(source_dir, name),
                os.path.join(args.dir, 'src', name))
with open(os.path.join(args.dir, 'CMakeLists.txt'), 'w') as f:
    f.write('cmake_minimum_required(VERSION 3.16)\n'
            'project(demo CXX)\n'
            'set(CMAKE_CXX_STANDARD 17)\n'
            'add_library(demo %s)\n' %
            ' '.join('src/' + name for name in sources))
with open(os.path.join(args.dir, '.clang-tidy'), 'w') as f:
    f.write("Checks: '-*,alloc-*'\n")
with open(os.path.join(args.dir, '.gitignore'), 'w') as f:
    f.write('/build/\n')

if args.git:
    def git(*cmd):
        subprocess.run(['git', '-C', args.dir] + list(cmd), check=True,
                       stdout=subprocess.DEVNULL)

    git('init', '-q', '-b', 'main')
    git('config', 'user.name', 'alloc-tidy test')
    git('config', 'user.email', 'test@alloc-tidy.invalid')
    git('add', '.')
    git('commit', '-q', '-m', 'A small project')
