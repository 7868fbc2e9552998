#!/usr/bin/env bash
# What `heapcount --profile` costs a shell-driven test suite, measured side by
# side in one run: TESTS tests, each a shell pipeline that runs
# bench/heapcount/suite_test.cpp (built with -g, containers that grow) and
# filters and checks its output with sed, tr and grep, about 5 processes a
# test (TESTS=250: more than 1,000 processes). The suite runs
#   native                on its own
#   heapcount --profile   heapcount --profile FILE -- sh suite.sh ...
# taking turns for RUNS rounds; the best wall time of each and their ratio
# are reported (goal, issue 33: within 3x). During each profiled run the
# disk used by heapcount's private directory (TMPDIR is a directory of the
# bench's own) is sampled every 20 ms: its peak is reported (goal: under
# 100 MB), and that TMPDIR is empty afterwards.
# Asserts no time; exits non-zero only on real errors (the program does not
# build, the suite fails, the profile is missing or has no processes, files
# are left in TMPDIR).
#
#   bench/heapcount-suite.sh [BUILD_DIR] [RUNS] [TESTS]
# RUNS defaults to 3, TESTS to 250. CXX picks the compiler (default:
# clang++ of the LLVM the build uses, e.g. clang++-22).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
runs="${2:-3}"
tests="${3:-250}"

die() { echo "heapcount-suite: error: $*" >&2; exit 1; }

for value in "$runs" "$tests"; do
  [[ "$value" =~ ^[0-9]+$ && "$value" -gt 0 ]] ||
    die "'$value' is not a positive count (usage: heapcount-suite.sh [BUILD_DIR] [RUNS] [TESTS])"
done

heapcount="$build/bin/heapcount"
[[ -x "$heapcount" ]] ||
  die "$heapcount does not exist (build it: ninja -C $build heapcount heapcount-runtime)"
version=$(grep -oE 'LLVM_VERSION_MAJOR[^0-9]*[0-9]+' "$build/test/lit.site.cfg.py" 2>/dev/null | grep -oE '[0-9]+$' || echo 22)
cxx="${CXX:-clang++-$version}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/heapcount-suite.XXXXXX")
sampler=""
cleanup() {
  [[ -z "$sampler" ]] || kill "$sampler" 2>/dev/null || true
  rm -rf "$tmp"
  return 0
}
trap cleanup EXIT
prog="$tmp/suite_test"
"$cxx" -O1 -g -o "$prog" "$root/bench/heapcount/suite_test.cpp" 2>"$tmp/cxx.err" ||
  die "$cxx cannot build bench/heapcount/suite_test.cpp: $(head -5 "$tmp/cxx.err")"

# The suite: a loop of tests, each a pipeline in a command substitution, as
# make check and autotools' test drivers run them.
cat > "$tmp/suite.sh" <<'SUITE'
prog=$1
tests=$2
i=0
while [ "$i" -lt "$tests" ]; do
  out=$("$prog" "$i" | sed 's/^ok /OK: /' | tr 'a-z' 'A-Z')
  echo "$out" | grep -q "^OK: $i " || { echo "test $i failed: $out"; exit 1; }
  i=$((i + 1))
done
echo "suite: $tests tests passed"
SUITE

now_ms() { date +%s%3N; }
hc_tmp="$tmp/tmpdir"
mkdir "$hc_tmp"

best_native=""
best_profile=""
peak=0
processes=0
sites=0
for ((round = 1; round <= runs; round++)); do
  start=$(now_ms)
  sh "$tmp/suite.sh" "$prog" "$tests" > "$tmp/native.out" ||
    die "the suite failed natively: $(tail -3 "$tmp/native.out")"
  ms=$(( $(now_ms) - start ))
  [[ -z "$best_native" || "$ms" -lt "$best_native" ]] && best_native=$ms

  # The disk heapcount uses, sampled while it runs.
  # du fails when a report goes while it counts: that sample is skipped.
  ( set +e +o pipefail
    max=0
    while :; do
      used=$(du -sb "$hc_tmp" 2>/dev/null | cut -f1)
      [[ -n "$used" ]] || { sleep 0.02; continue; }
      used=$(( used - 4096 ))
      (( used > max )) && { max=$used; echo "$max" > "$tmp/peak"; }
      sleep 0.02
    done ) &
  sampler=$!
  start=$(now_ms)
  TMPDIR="$hc_tmp" "$heapcount" --profile "$tmp/profile.json" -- \
    sh "$tmp/suite.sh" "$prog" "$tests" > "$tmp/profiled.out" 2> "$tmp/heapcount.err" ||
    die "the suite failed under heapcount --profile: $(tail -3 "$tmp/heapcount.err")"
  ms=$(( $(now_ms) - start ))
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  sampler=""
  [[ -z "$best_profile" || "$ms" -lt "$best_profile" ]] && best_profile=$ms
  used=$(cat "$tmp/peak" 2>/dev/null || echo 0)
  if (( used > peak )); then peak=$used; fi
  left=$(ls -A "$hc_tmp" | wc -l)
  [[ "$left" -eq 0 ]] || die "heapcount left $left files in its TMPDIR: $(ls -A "$hc_tmp" | head -3)"
  # The profile's own count, not a site's (each site has one too).
  processes=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("processes", 0))' "$tmp/profile.json" 2>/dev/null || echo 0)
  [[ "$processes" -gt 0 ]] || die "the profile counts no process"
  sites=$(grep -oE 'profile: [0-9]+ container sites?' "$tmp/heapcount.err" | grep -oE '[0-9]+' || echo 0)
done
cmp -s "$tmp/native.out" "$tmp/profiled.out" || die "the suite's output differs under heapcount"

echo "heapcount-suite: $tests tests of a shell-driven suite, $processes processes" \
  "profiled, $sites container sites; best wall time of $runs runs each"
printf '%-22s %5s %10s %8s\n' mode runs "wall ms" ratio
printf '%-22s %5d %10d %7.2fx\n' native "$runs" "$best_native" 1
printf '%-22s %5d %10d %7.2fx\n' "heapcount --profile" "$runs" "$best_profile" \
  "$(awk -v a="$best_profile" -v b="$best_native" 'BEGIN { print a / b }')"
printf 'peak disk of heapcount'"'"'s directory: %.1f MB (%d bytes); files left in TMPDIR: 0\n' \
  "$(awk -v b="$peak" 'BEGIN { print b / 1e6 }')" "$peak"
echo "goals (issue 33): within 3x, under 100 MB"
