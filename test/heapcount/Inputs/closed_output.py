"""Runs a command with its stdout and stderr on a pipe whose reader is
already closed (a `| head` that has stopped reading), and prints how it
ended: every write to either then fails (SIGPIPE or EPIPE)."""
import os
import subprocess
import sys

reader, writer = os.pipe()
os.close(reader)
status = subprocess.run(sys.argv[1:], stdout=writer, stderr=writer).returncode
print(f'status: {status}')
