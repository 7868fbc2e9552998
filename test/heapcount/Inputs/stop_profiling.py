"""Runs heapcount --profile until its symbolizer has started, sends SIGNAL
to heapcount (as a CI job's timeout does), and prints heapcount's exit status
and what is left in TMPDIR.

  stop_profiling.py SIGNAL STARTED HEAPCOUNT ARGS...

The symbolizer (HEAPCOUNT_SYMBOLIZER, a script of the test) writes the file
STARTED when it runs, then waits to be ended.
"""
import os
import signal
import subprocess
import sys
import time

signal_name, started, command = sys.argv[1], sys.argv[2], sys.argv[3:]
if os.path.exists(started):
    os.remove(started)


def default_signals():
    for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


heapcount = subprocess.Popen(command, start_new_session=True,
                             preexec_fn=default_signals)
deadline = time.monotonic() + 120
while not os.path.exists(started):
    if heapcount.poll() is not None or time.monotonic() > deadline:
        print('the symbolizer did not start')
        heapcount.kill()
        sys.exit(1)
    time.sleep(0.05)
os.kill(heapcount.pid, getattr(signal, signal_name))
try:
    status = heapcount.wait(timeout=60)
except subprocess.TimeoutExpired:
    print('heapcount did not stop')
    heapcount.kill()
    sys.exit(1)
print(f'heapcount status: {status}')
left = sorted(os.listdir(os.environ['TMPDIR']))
print('left in TMPDIR: ' + (' '.join(left) if left else 'nothing'))
