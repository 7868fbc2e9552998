#!/usr/bin/env bash
# What the alloc-* checks cost, measured side by side in one run:
#   parse  clang++ -fsyntax-only on the file (the floor any tool pays)
#   tidy   alloc-tidy with only the alloc-* checks enabled
# and the checks' own time from clang-tidy's --enable-check-profile.
# Reports the best of N runs of each and their ratio; asserts nothing.
#
#   bench/check-overhead.sh [BUILD_DIR] [RUNS] [FILE...]
# Files default to the bundled example and some check tests; every file is
# compiled with -std=c++17.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
runs="${2:-5}"
shift $(( $# > 2 ? 2 : $# ))
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
  files=("$root/examples/console-rows/screen.cpp"
         "$root"/test/checks/alloc-deque-as-array/locals.cpp
         "$root"/test/checks/alloc-deque-as-array/members.cpp
         "$root"/test/checks/alloc-reserve-in-loop/negative.cpp
         "$root"/test/checks/alloc-reserve-in-loop/untrusted.cpp
         "$root"/test/checks/alloc-padding/positive.cpp
         "$root"/test/checks/alloc-padding/no-fixit.cpp)
fi
version=$(grep -oE 'LLVM_VERSION_MAJOR[^0-9]*[0-9]+' "$build/test/lit.site.cfg.py" 2>/dev/null | grep -oE '[0-9]+$' || echo 22)
clangxx="clang++-$version"
tidy="$build/bin/alloc-tidy"

best() { # best wall time in seconds of RUNS runs of a command
  local best=""
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    best=$(echo "$start $end ${best:-999}" | awk '{d=$2-$1; print (d<$3)?d:$3}')
  done
  echo "$best"
}

printf '%-28s %9s %9s %7s %12s\n' file parse tidy ratio 'checks own'
for file in "${files[@]}"; do
  if ! "$clangxx" -fsyntax-only -std=c++17 "$file" >/dev/null 2>&1; then
    printf '%-28s does not compile with -std=c++17 alone: skipped\n' \
      "$(basename "$file")"
    continue
  fi
  parse=$(best "$clangxx" -fsyntax-only -std=c++17 "$file")
  run=$(best "$tidy" --quiet --config='{}' --checks='-*,alloc-*' "$file" -- -std=c++17)
  own=$( { "$tidy" --quiet --config='{}' --checks='-*,alloc-*' \
            --enable-check-profile "$file" -- -std=c++17 2>&1 || true; } |
        awk '$NF == "Total" {print $7; exit}')
  printf '%-28s %8.3fs %8.3fs %6.2fx %11ss\n' "$(basename "$file")" "$parse" "$run" \
    "$(echo "$run $parse" | awk '{print $1/$2}')" "${own:-?}"
done
