"""The program's name, which begins its messages, and the error of bad
usage or input that stops a run before it starts (exit status 2)."""

PROG = 'alloc-run'


class UsageError(Exception):
    """Bad usage or input that stops the run before it starts (exit 2)."""


def fail_usage(message):
    raise UsageError(message)
