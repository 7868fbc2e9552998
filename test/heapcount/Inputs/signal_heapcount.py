"""Starts heapcount on a program that waits to be stopped, sends SIGNAL to
heapcount alone (as a CI job's timeout or a kill does), and prints what
happened: heapcount's exit status and whether the program is still running.

  signal_heapcount.py SIGNAL PIDFILE HEAPCOUNT ARGS...

The program writes its pid to PIDFILE once it is ready to be stopped.
"""
import os
import signal
import subprocess
import sys
import time

signal_name, pid_file, command = sys.argv[1], sys.argv[2], sys.argv[3:]
if os.path.exists(pid_file):
    os.remove(pid_file)
# Its own session: no terminal, no process group shared with this script;
# the signals as an interactive shell leaves them (a test runner under nohup
# or in the background ignores SIGHUP or SIGINT, and an ignored signal stays
# ignored for heapcount and the program).


def default_signals():
    for number in (signal.SIGINT, signal.SIGHUP, signal.SIGQUIT,
                   signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


heapcount = subprocess.Popen(command, start_new_session=True,
                             preexec_fn=default_signals)
deadline = time.monotonic() + 60
while not (os.path.exists(pid_file) and open(pid_file).read().strip()):
    if heapcount.poll() is not None or time.monotonic() > deadline:
        print('the program did not start')
        sys.exit(1)
    time.sleep(0.05)
program = int(open(pid_file).read())
os.kill(heapcount.pid, getattr(signal, signal_name))
try:
    status = heapcount.wait(timeout=60)
except subprocess.TimeoutExpired:
    print('heapcount did not end')
    heapcount.kill()
    os.kill(program, signal.SIGKILL)
    sys.exit(1)
print(f'heapcount status: {status}')
try:
    os.kill(program, 0)
    print('the program is still running')
    os.kill(program, signal.SIGKILL)
except ProcessLookupError:
    print('the program has ended')
