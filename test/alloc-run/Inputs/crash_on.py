#!/usr/bin/env python3
"""Runs the real alloc-tidy, except on a unit whose path ends with the name
in CRASH_ON, where it dies by SIGSEGV as a crashing alloc-tidy would: the
crash of a unit, which alloc-run must report, cannot be had on demand.

  CRASH_ON=b.cpp REAL_ALLOC_TIDY=build/bin/alloc-tidy crash_on.py ARGS...
"""
import os
import signal
import sys

if any(arg.endswith(os.environ['CRASH_ON']) for arg in sys.argv[1:]):
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGSEGV)
real = os.environ['REAL_ALLOC_TIDY']
os.execv(real, [real] + sys.argv[1:])
