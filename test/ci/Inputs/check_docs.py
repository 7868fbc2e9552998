"""Checks that a Markdown page shows files exactly as they are.

  check_docs.py PAGE FILE...

Each FILE must be the whole content of one fenced code block of PAGE, so
that the page can show a configuration while the file stays the one that
is tested. Prints "PAGE shows FILE (N lines)" for each, or names the first
file that it does not show, and the line where the closest block differs,
and exits 1.
"""
import os
import re
import sys

page, files = sys.argv[1], sys.argv[2:]
with open(page, encoding='utf-8') as f:
    blocks = re.findall(r'^```[\w-]*\n(.*?)^```$', f.read(), re.M | re.S)
status = 0
for path in files:
    with open(path, encoding='utf-8') as f:
        text = f.read()
    name = os.path.basename(path)
    if text in blocks:
        print(f'{os.path.basename(page)} shows {name} '
              f'({text.count(chr(10))} lines)')
        continue
    status = 1
    want = text.splitlines()

    def agreeing(block):
        """How many lines from the start BLOCK shares with the file."""
        n = 0
        for a, b in zip(block.splitlines(), want):
            if a != b:
                break
            n += 1
        return n

    best = max(blocks, key=agreeing, default='')
    line = agreeing(best)
    print(f'{os.path.basename(page)} does not show {name} as it is: the '
          f'closest block differs at line {line + 1} of the file '
          f'({want[line] if line < len(want) else "end of file"!r})')
sys.exit(status)
