#!/usr/bin/env python3
"""An alloc-tidy whose fix-it breaks the code: for the unit it is given (the
last argument) it reports one warning and exports a fix that inserts a line
that is not C++ at the top of the file. It also exports a compiler fix-it
(clang-diagnostic-error), which the report must not apply: it appends a
comment at the end of the file."""
import os
import sys

unit = sys.argv[-1]
fixes = next(a.split('=', 1)[1] for a in sys.argv if a.startswith('--export-fixes='))
print(f"{unit}:1:1: warning: a finding whose fix-it breaks the code [alloc-fake]")
with open(fixes, 'w') as f:
    f.write(f"""---
MainSourceFile: '{unit}'
Diagnostics:
  - DiagnosticName: alloc-fake
    DiagnosticMessage:
      Message: 'a finding whose fix-it breaks the code'
      FilePath: '{unit}'
      FileOffset: 0
      Replacements:
        - FilePath: '{unit}'
          Offset: 0
          Length: 0
          ReplacementText: "this is not C++;\\n"
    Level: Warning
  - DiagnosticName: clang-diagnostic-error
    DiagnosticMessage:
      Message: 'a compiler error with a fix-it'
      FilePath: '{unit}'
      FileOffset: 0
      Replacements:
        - FilePath: '{unit}'
          Offset: {os.path.getsize(unit)}
          Length: 0
          ReplacementText: "// a compiler fix-it\n"
    Level: Error
...
""")
