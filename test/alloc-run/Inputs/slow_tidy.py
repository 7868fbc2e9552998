#!/usr/bin/env python3
"""A stand-in for alloc-tidy that never finishes a unit: it writes its
process id into the directory SLOW_PIDS (one file per process) and sleeps,
as a long analysis would when a CI job's time runs out. --version answers at
once (alloc-run asks it first).

  SLOW_PIDS=DIR alloc-run --alloc-tidy slow_tidy.py ...
"""
import os
import sys
import time

if '--version' in sys.argv[1:]:
    print('slow_tidy (a test stand-in)')
    sys.exit(0)
with open(os.path.join(os.environ['SLOW_PIDS'], str(os.getpid())), 'w'):
    pass
time.sleep(300)
