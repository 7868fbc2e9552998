#!/bin/sh
# A front end that fails an assertion the way an LLVM build with assertions
# does, but exits with a status instead of a signal: the output alone tells.
echo "alloc-layout: LayoutBuilder.cpp:42: void build(): Assertion \`Offset <= Size' failed."
echo "PLEASE submit a bug report to https://example.invalid and include the crash backtrace."
exit 1
