#!/usr/bin/env bash
# Runs every test suite against one build and prints their totals on the last
# line as "N passed, N failed".
#
#   scripts/run-tests.sh BUILD_DIR LLVM_VERSION
#
# Suites: the lit tests (checks, runner, clangd, bad input), the lib/
# unit tests (GoogleTest), and the project's own sources under its own
# .clang-tidy (a warning fails the file).
set -uo pipefail

build="${1:-build}"
version="${2:-22}"
tools="/usr/lib/llvm-$version/bin"
root="$(cd "$(dirname "$0")/.." && pwd)"
passed=0
failed=0

count() { # count PASSED FAILED SUITE
  passed=$((passed + $1))
  failed=$((failed + $2))
  echo "== $3: $1 passed, $2 failed"
}

# lit prints "  Passed: N" style totals; XFAIL and UNSUPPORTED count as passed,
# an unexpected pass as a failure.
log="$build/lit.log"
"$tools/lit" -sv "$build/test" 2>&1 | tee "$log" | grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):|error:' | head -50
lit_count() { grep -E "^ +$1 *:" "$log" | grep -oE '[0-9]+ ' | head -1 || true; }
lit_pass=$(( $(lit_count Passed) + $(lit_count 'Expectedly Failed') + $(lit_count Unsupported) + 0 ))
lit_fail=$(( $(lit_count Failed) + $(lit_count 'Unexpectedly Passed') + $(lit_count Unresolved) + $(lit_count 'Timed Out') + 0 ))
if ! grep -q 'Total Discovered Tests' "$log"; then
  tail -20 "$log"
  lit_fail=$((lit_fail + 1))
fi
count "$lit_pass" "$lit_fail" "lit"

unit="$build/lib/analysis/AllocAnalysisTests"
if [[ -x "$unit" ]]; then
  out=$("$unit" --gtest_brief=1 2>&1)
  echo "$out" | grep -E '^\[  FAILED' | head -20
  ok=$(echo "$out" | grep -oE '^\[  PASSED  \] [0-9]+' | grep -oE '[0-9]+$' || echo 0)
  bad=$(echo "$out" | grep -oE '^\[  FAILED  \] [0-9]+ test' | grep -oE '[0-9]+' || echo 0)
  [[ -z "$ok$bad" || ("$ok" == 0 && "$bad" == 0) ]] && bad=1
  count "${ok:-0}" "${bad:-0}" "unit tests"
else
  echo "== unit tests: $unit was not built (libgtest-dev missing?)"
  count 0 1 "unit tests"
fi

# The project's own sources, linted with its own .clang-tidy by alloc-tidy.
lint_pass=0
lint_fail=0
while IFS= read -r file; do
  if out=$("$build/bin/alloc-tidy" -p "$build" --quiet --warnings-as-errors='*' "$file" 2>&1); then
    lint_pass=$((lint_pass + 1))
  else
    lint_fail=$((lint_fail + 1))
    echo "$out" | grep -E 'warning:|error:' | head -10
  fi
done < <(cd "$root" && git ls-files 'checks/*.cpp' 'lib/*.cpp' 'tools/*.cpp' | sed "s|^|$root/|")
count "$lint_pass" "$lint_fail" "self-lint (.clang-tidy)"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
