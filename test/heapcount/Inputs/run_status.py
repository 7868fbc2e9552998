"""Runs a command and prints its exit status on stdout ("status: N").

lit's internal shell can test only for zero and non-zero; heapcount must
forward the exact status (3, or 128 + signal)."""

import subprocess
import sys

status = subprocess.run(sys.argv[1:]).returncode
print(f'status: {status}')
