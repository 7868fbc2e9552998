#!/usr/bin/env bash
# `make bench`: every benchmark of bench/, one after the other, over the
# real projects that scripts/real-projects.sh prepares outside this
# repository (a project that is not there is skipped, with a word on how to
# get it) and over our own sources (BUILD_DIR's compile database). Prints
# ratios measured side by side; asserts nothing.
#
#   bench/run-all.sh [BUILD_DIR]
# Environment: ALLOC_TIDY_PROJECTS_DIR (default /work/real-projects),
# BENCH_RUNS (default 3), BENCH_LIMIT (translation units per project,
# default 0 = all).
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
projects_dir="${ALLOC_TIDY_PROJECTS_DIR:-/work/real-projects}"
runs="${BENCH_RUNS:-3}"
limit="${BENCH_LIMIT:-0}"

echo "bench: $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m);" \
  "$("$build/bin/alloc-tidy" --version | tail -n1)"

# The real projects, then our own sources: this build's compile database
# when it has one (it is the code being measured; the alloc-tidy project of
# $projects_dir is a copy of an older commit), else that copy.
own=""
[[ -e "$build/compile_commands.json" ]] && own="$build"
databases=()
for db in "$projects_dir"/*/build/compile_commands.json; do
  [[ -e "$db" ]] || continue
  db="$(dirname "$db")"
  [[ -n "$own" && "$(basename "$(dirname "$db")")" == alloc-tidy ]] && continue
  databases+=("$db")
done
if [[ ${#databases[@]} -eq 0 ]]; then
  echo "bench: no real projects in $projects_dir: run" \
    "scripts/real-projects.sh first; only our own sources are measured"
fi
[[ -n "$own" ]] && databases+=("$own")
if [[ ${#databases[@]} -ne 0 ]]; then
  echo; echo "== check overhead (bench/check-overhead-db.py)"
  python3 "$root/bench/check-overhead-db.py" --build "$build" \
    --runs "$runs" --limit "$limit" "${databases[@]}"
  echo; echo "== alloc-layout overhead (bench/layout-overhead.py)"
  for db in "${databases[@]}"; do
    args=("$db" --build "$build" --runs "$runs")
    [[ "$limit" != 0 ]] && args+=(--limit "$limit")
    python3 "$root/bench/layout-overhead.py" "${args[@]}"
  done
fi

echo; echo "== heapcount overhead (bench/heapcount-overhead.sh)"
bash "$root/bench/heapcount-overhead.sh" "$build" "$runs"
echo; echo "== heapcount --profile over a test suite (bench/heapcount-suite.sh)"
bash "$root/bench/heapcount-suite.sh" "$build" "$runs"

echo; echo "== alloc-run on a long compile command (bench/alloc-run-long-command.py)"
python3 "$root/bench/alloc-run-long-command.py" --build "$build" --runs "$runs"
