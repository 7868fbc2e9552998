#!/usr/bin/env bash
# Runs every test suite against one build and prints their totals on the last
# line as "N passed, N failed".
#
#   scripts/run-tests.sh BUILD_DIR LLVM_VERSION
#
# Suites: the lit tests (checks, runner, clangd, editors, bad input, e2e),
# the lib/ unit tests (GoogleTest), the project's own sources under its own
# .clang-tidy (a warning fails the file) and under its .clang-format, and
# the validation corpus (scripts/validate.sh, one result per program).
set -uo pipefail

build="${1:-build}"
version="${2:-22}"
tools="/usr/lib/llvm-$version/bin"
root="$(cd "$(dirname "$0")/.." && pwd)"
passed=0
failed=0
skipped=0

# Each suite's line says how long it took, so that a slow CI run shows
# where its time went.
phase_start=$SECONDS
count() { # count PASSED FAILED SUITE [SKIPPED]
  passed=$((passed + $1))
  failed=$((failed + $2))
  skipped=$((skipped + ${4:-0}))
  echo "== $3: $1 passed, $2 failed${4:+, $4 skipped} ($((SECONDS - phase_start)) s)"
  phase_start=$SECONDS
}

# heapcount for Windows, cross-compiled with mingw-w64 into build-windows
# (the lit tests under test/heapcount-windows run it under Wine).
windows="$root/build-windows"
if [[ ! -f "$windows/build.ninja" ]]; then
  cmake -G Ninja -S "$root" -B "$windows" \
    -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64.cmake" > "$build/windows.log" 2>&1 ||
    { cat "$build/windows.log"; }
fi
if ninja -C "$windows" > "$build/windows.log" 2>&1; then
  count 1 0 "heapcount for Windows (mingw-w64 build)"
else
  tail -30 "$build/windows.log"
  count 0 1 "heapcount for Windows (mingw-w64 build)"
fi

# lit prints "  Passed: N" style totals; an expected failure and a pass on
# a retry (ALLOW_RETRIES) count as passed, an unexpected pass as a failure,
# an unsupported test as skipped.
log="$build/lit.log"
# llvm-<N>-tools has lit as bin/lit (22) or only as build/utils/lit/lit.py
# (19); either runs the suite.
lit="$tools/lit"
[[ -x "$lit" ]] || lit="python3 /usr/lib/llvm-$version/build/utils/lit/lit.py"
$lit -sv "$build/test" 2>&1 | tee "$log" | grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):|error:' | head -50
lit_count() { grep -E "^ +$1 *:" "$log" | grep -oE '[0-9]+ ' | head -1 || true; }
lit_pass=$(( $(lit_count Passed) + $(lit_count 'Passed With Retry') + $(lit_count 'Expectedly Failed') + 0 ))
lit_skip=$(( $(lit_count Unsupported) + 0 ))
lit_fail=$(( $(lit_count Failed) + $(lit_count 'Unexpectedly Passed') + $(lit_count Unresolved) + $(lit_count 'Timed Out') + 0 ))
if ! grep -q 'Total Discovered Tests' "$log"; then
  tail -20 "$log"
  lit_fail=$((lit_fail + 1))
fi
count "$lit_pass" "$lit_fail" "lit" "$lit_skip"

# The unit tests (GoogleTest): one binary per library, heapcount's budget
# assertions (linked with the counting library) and its call-site
# attribution (tools/heapcount).
for unit in "$build/lib/analysis/AllocAnalysisTests" \
            "$build/lib/layout/AllocLayoutTests" \
            "$build/lib/heapcount/HeapcountTests" \
            "$build/lib/heapcount/HeapcountBudgetTests" \
            "$build/tools/heapcount/HeapcountToolTests"; do
  name="unit tests ($(basename "$unit"))"
  if [[ -x "$unit" ]]; then
    out=$(bash "$root/scripts/count-gtest.sh" "$unit")
    echo "$out" | sed '$d'
    totals=$(echo "$out" | tail -1)
    ok=$(echo "$totals" | grep -oE '^[0-9]+')
    bad=$(echo "$totals" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
    skip=$(echo "$totals" | grep -oE '[0-9]+ skipped' | grep -oE '[0-9]+')
    count "${ok:-0}" "${bad:-1}" "$name" ${skip:+"$skip"}
  else
    echo "== $name: $unit was not built (libgtest-dev missing?)"
    count 0 1 "$name"
  fi
done

# The project's own sources, linted with its own .clang-tidy by alloc-tidy,
# two at a time, by the default release's build only (as the format check
# below is always clang-format 22). LLVM 19's clang-tidy runs the stock
# checks over every system header too: three times the time per file, for
# the same sources the LLVM 22 run lints; the lit tests run our checks
# built for 19.
if [[ $version == 22 ]]; then
  # A file that passed is not linted again until it, a project header, a
  # .clang-tidy or the linter changes.
  stamps="$build/lint-passed"
  mkdir -p "$stamps"
  context=$( (cd "$root" && git ls-files '*.h' '*.clang-tidy' | xargs cat;
              stat -c %Y "$build/bin/alloc-tidy") | sha1sum | cut -c1-16)
  lint_one() { # lint_one FILE: prints PASS or FAIL plus the warnings
    local file="$1" stamp
    stamp="$stamps/$(cat "$file" | sha1sum | cut -c1-16)-$context"
    if [[ -e "$stamp" ]]; then echo "PASS $file"; return; fi
    # The Windows sources are linted as build-windows compiles them.
    local db="$build"
    if grep -q "\"file\": \"$file\"" "$windows/compile_commands.json" 2>/dev/null &&
       ! grep -q "\"file\": \"$file\"" "$build/compile_commands.json"; then
      db="$windows"
    fi
    # A file that takes longer than any does here (40 s) by far is a hang.
    local started=$SECONDS
    if out=$(timeout 600 "$build/bin/alloc-tidy" -p "$db" --quiet \
               --warnings-as-errors='*' "$file" 2>&1); then
      touch "$stamp"
      echo "PASS $file"
    else
      echo "FAIL $file"
      (( SECONDS - started < 600 )) || echo "alloc-tidy did not finish in 600 s"
      echo "$out" | grep -E 'warning:|error:' | head -10
    fi
  }
  export -f lint_one
  export build windows stamps context
  results=$(cd "$root" && git ls-files 'checks/*.cpp' 'lib/*.cpp' 'tools/*.cpp' |
            sed "s|^|$root/|" | xargs -P 2 -I{} bash -c 'lint_one "$@"' _ {})
  echo "$results" | grep -v '^PASS ' | grep -v '^FAIL ' || true
  echo "$results" | grep '^FAIL ' || true
  lint_pass=$(echo "$results" | grep -c '^PASS ' || true)
  lint_fail=$(echo "$results" | grep -c '^FAIL ' || true)
  count "$lint_pass" "$lint_fail" "self-lint (.clang-tidy)"
else
  echo "== self-lint (.clang-tidy): left to the LLVM 22 run (make test)"
  phase_start=$SECONDS
fi

# The same sources against the root .clang-format (LLVM style), always with
# clang-format 22: formatters of different releases disagree on details.
format_pass=0
format_fail=0
while IFS= read -r file; do
  if clang-format-22 --dry-run --Werror "$root/$file" >/dev/null 2>&1; then
    format_pass=$((format_pass + 1))
  else
    format_fail=$((format_fail + 1))
    echo "not formatted: $file (clang-format-22 -i $file)"
  fi
done < <(cd "$root" && git ls-files 'checks/*.cpp' 'checks/*.h' 'lib/*.cpp' 'lib/*.h' 'tools/*.cpp' 'tools/*.h' 'fuzz/*.cpp' 'fuzz/*.h')
count "$format_pass" "$format_fail" "format (.clang-format)"

# The validation corpus (make validate): each program of examples/ fixed,
# rebuilt and counted on Linux and Windows. It rewrites docs/validation.md
# with the default LLVM (22); another release's run (make test-llvm19)
# writes its report into its build directory instead of churning the docs.
validate_log="$build/validate.log"
validate_report=()
[[ $version == 22 ]] || validate_report=(--report "$build/validation.md")
bash "$root/scripts/validate.sh" --windows "$windows" "${validate_report[@]}" \
  "$build" "$version" > "$validate_log" 2>&1
grep -E '^validate: (FAILED|error|note)' "$validate_log" | head -20 || true
validate_counts=$(grep -oE '^validate: [0-9]+ programs, [0-9]+ passed, [0-9]+ failed' \
  "$validate_log" | tail -1 | grep -oE '[0-9]+' | tail -2 | tr '\n' ' ' || true)
if [[ -n "$validate_counts" ]]; then
  # shellcheck disable=SC2086
  count $validate_counts "validation corpus (docs/validation.md)"
else
  tail -5 "$validate_log"
  count 0 1 "validation corpus (docs/validation.md)"
fi

if [[ $skipped -gt 0 ]]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[[ $failed -eq 0 ]]
