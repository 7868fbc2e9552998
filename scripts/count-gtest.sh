#!/usr/bin/env bash
# Runs one GoogleTest binary and prints its totals as "N passed, N failed"
# (and ", N skipped" when tests skipped themselves).
#
#   scripts/count-gtest.sh BINARY
#
# The failures are counted from the failed tests' own lines: some GoogleTest
# releases print no "N tests failed" summary under --gtest_brief. A run whose
# counts do not add up to the tests it ran, that exits non-zero without a
# failed test, or that stops before its summary (a crash) counts one failure
# more, so no broken run reads as a clean one. Exits 1 when anything failed.
set -uo pipefail

unit="$1"
out=$("$unit" --gtest_brief=1 2>&1)
status=$?
echo "$out" | grep -E '^\[  FAILED' | head -20
ran=$(echo "$out" | grep -oE '^\[==========\] [0-9]+ tests? from .* ran' |
      grep -oE '^\[==========\] [0-9]+' | grep -oE '[0-9]+$')
ok=$(echo "$out" | grep -oE '^\[  PASSED  \] [0-9]+' | grep -oE '[0-9]+$')
ok=${ok:-0}
# A test that skips itself (GTEST_SKIP: a library missing here) is neither.
skipped=$(echo "$out" | grep -oE '^\[  SKIPPED \] [0-9]+ tests?' | grep -oE '[0-9]+' | head -1)
skipped=${skipped:-0}
bad=$(echo "$out" | grep -oE '^\[  FAILED  \] [A-Za-z0-9_/]+\.[A-Za-z0-9_/]+' |
      sort -u | wc -l)
if [[ -z "$ran" || $((ok + bad + skipped)) -ne $ran || ($status -ne 0 && $bad -eq 0) ]]; then
  echo "$out" | tail -5
  echo "$(basename "$unit"): exit status $status, ${ran:-no} tests ran to the end, $ok passed, $bad failed"
  bad=$((bad + 1))
fi
if [[ $skipped -gt 0 ]]; then
  echo "$ok passed, $bad failed, $skipped skipped"
else
  echo "$ok passed, $bad failed"
fi
[[ $bad -eq 0 ]]
