#!/usr/bin/env python3
"""Starts COMMAND (an alloc-run whose alloc-tidy is slow_tidy.py), waits
until COUNT alloc-tidy processes are running, sends SIGNAL to alloc-run
alone (as a CI runner's timeout does, not to its process group), and
reports what is left once alloc-run has exited:

  stop_run.py SIGTERM COUNT PIDS_DIR TMP_DIR -- COMMAND...

prints "exit status N", "alloc-tidy processes still running: N" and
"temporary files left: N" (in TMP_DIR, alloc-run's TMPDIR). Every wait has
a timeout, and whatever is still running at the end is killed.
"""
import os
import signal
import subprocess
import sys
import time

name, count, pids_dir, tmp_dir = sys.argv[1:5]
command = sys.argv[sys.argv.index('--') + 1:]
os.makedirs(pids_dir, exist_ok=True)
os.makedirs(tmp_dir, exist_ok=True)
env = dict(os.environ, SLOW_PIDS=pids_dir, TMPDIR=tmp_dir)
# lit runs tests with SIGINT ignored, which alloc-run would inherit: it gets
# the disposition of a program started from a terminal.
run = subprocess.Popen(
    command, env=env,
    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def pids():
    return [int(p) for p in os.listdir(pids_dir)]


def running(pid):
    try:
        with open(f'/proc/{pid}/stat') as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except OSError:
        return False


deadline = time.monotonic() + 60
while len(pids()) < int(count) and time.monotonic() < deadline:
    time.sleep(0.05)
print(f'alloc-tidy processes started: {len(pids())}', flush=True)
run.send_signal(getattr(signal, name))
try:
    status = run.wait(timeout=30)
    print(f'exit status {status}')
except subprocess.TimeoutExpired:
    print('alloc-run still running 30 s after the signal')
    run.kill()
    run.wait()
deadline = time.monotonic() + 5
while any(running(p) for p in pids()) and time.monotonic() < deadline:
    time.sleep(0.05)
left = [p for p in pids() if running(p)]
print(f'alloc-tidy processes still running: {len(left)}')
for pid in left:
    os.kill(pid, signal.SIGKILL)
files = sorted(os.listdir(tmp_dir))
print(f'temporary files left: {len(files)}' +
      (f' ({", ".join(files)})' if files else ''))
