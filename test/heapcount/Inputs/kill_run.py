"""Runs a command whose program says "pid=PID ready" on stdout, kills that
process with a signal once it is ready (and 50 ms more), and says how the command ended.

  kill_run.py SIGNAL [--repeat N --report FILE] -- COMMAND...

Prints "status: N" (the command's exit status), or with --repeat, runs the
command N times and prints "runs: N, hangs: H, statuses: S..., reports: R"
where R counts the runs whose FILE (the --json report of heapcount)
says the process ended by that signal. A command still running 10 seconds
after the kill is a hang: it is killed and counted.
"""

import os
import re
import signal
import subprocess
import sys
import time


def run_once(signum, command):
    proc = subprocess.Popen(command, stdout=subprocess.PIPE)
    line = proc.stdout.readline().decode()
    ready = re.search(r'pid=(\d+) ready', line)
    if not ready:
        proc.kill()
        proc.wait()
        return 'not ready'
    pid = int(ready.group(1))
    time.sleep(0.05)  # Let its threads get busy.
    os.kill(pid, signum)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.kill(pid, signal.SIGKILL)
        proc.kill()
        proc.wait()
        return 'hang'
    proc.stdout.close()
    return proc.returncode


def main():
    args = sys.argv[1:]
    signum = getattr(signal, args.pop(0))
    repeat, report = 1, None
    while args[0] != '--':
        if args[0] == '--repeat':
            repeat = int(args[1])
        elif args[0] == '--report':
            report = args[1]
        del args[:2]
    command = args[1:]
    if repeat == 1 and report is None:
        print(f'status: {run_once(signum, command)}')
        return 0
    hangs, statuses, reports = 0, set(), 0
    for _ in range(repeat):
        status = run_once(signum, command)
        if status == 'hang':
            hangs += 1
            continue
        statuses.add(str(status))
        with open(report) as f:
            if f'"end":"signal","signal":{signum}}}' in f.read():
                reports += 1
    print(f'runs: {repeat}, hangs: {hangs}, statuses: '
          f'{" ".join(sorted(statuses))}, reports: {reports}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
