#!/usr/bin/env bash
# What heapcount costs a program that does little but allocate, measured side
# by side in one run: bench/heapcount/malloc_pairs.c (N small malloc/free
# pairs, 8 blocks live at a time) built with clang -O2 and run
#   native              on its own
#   interposer floor    with heapcount/floor_preload.c preloaded: the least
#                       a counter that keeps live bytes must do (forward
#                       malloc and free, read each block's size)
#   heapcount           heapcount -- prog (counting only)
#   preloaded           LD_PRELOAD=libheapcount.so prog, without the command
#   linked              the program linked with libheapcount.so, as a test
#                       linked with AllocTidy::heapcount (the loop only: the
#                       real program below is not rebuilt)
#   heapcount --stacks  with call stacks (skipped while heapcount has none)
#   heaptrack           heaptrack -o TMP/file prog (skipped if not installed)
#   valgrind memcheck   valgrind --tool=memcheck -q prog (skipped if not
#                       installed; VALGRIND_RUNS runs, default 1: it is slow)
# The modes take turns, RUNS rounds of one run each, and the best of each
# mode's runs is reported: the loop's own time (printed by the program, free
# of process start-up: the per-call overhead) and the whole process's wall
# time, each with its ratio to native. Then the same modes run a real
# program, the compiler checking a C++ file (clang++ -fsyntax-only
# REAL_FILE, default tools/heapcount/HeapcountMain.cpp: tens of thousands of
# allocations among everything else a compiler does), wall time only;
# valgrind only with REAL_VALGRIND=1 (a minute a run).
# Asserts no time; exits non-zero only on real errors (the program does not
# build, a run fails, heapcount counts fewer than N allocations).
#
#   bench/heapcount-overhead.sh [BUILD_DIR] [RUNS] [N]
# RUNS defaults to 5, N to 2000000. CC picks the compiler (default: clang of
# the LLVM the build uses, e.g. clang-22); CXX the one of the real program.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
runs="${2:-5}"
pairs="${3:-2000000}"
valgrind_runs="${VALGRIND_RUNS:-1}"

die() { echo "heapcount-overhead: error: $*" >&2; exit 1; }

for value in "$runs" "$pairs" "$valgrind_runs"; do
  [[ "$value" =~ ^[0-9]+$ && "$value" -gt 0 ]] ||
    die "'$value' is not a positive count (usage: heapcount-overhead.sh [BUILD_DIR] [RUNS] [N])"
done
(( valgrind_runs > runs )) && valgrind_runs=$runs

heapcount="$build/bin/heapcount"
[[ -x "$heapcount" ]] ||
  die "$heapcount does not exist (build it: ninja -C $build heapcount heapcount-runtime)"
version=$(grep -oE 'LLVM_VERSION_MAJOR[^0-9]*[0-9]+' "$build/test/lit.site.cfg.py" 2>/dev/null | grep -oE '[0-9]+$' || echo 22)
cc="${CC:-clang-$version}"
cxx="${CXX:-clang++-$version}"
real_file="${REAL_FILE:-$root/tools/heapcount/HeapcountMain.cpp}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/heapcount-overhead.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prog="$tmp/malloc_pairs"
"$cc" -O2 -o "$prog" "$root/bench/heapcount/malloc_pairs.c" 2>"$tmp/cc.err" ||
  die "$cc cannot build bench/heapcount/malloc_pairs.c: $(head -5 "$tmp/cc.err")"
floor="$tmp/floor_preload.so"
"$cc" -O2 -shared -fPIC -o "$floor" "$root/bench/heapcount/floor_preload.c" \
  -ldl 2>"$tmp/cc.err" ||
  die "$cc cannot build bench/heapcount/floor_preload.c: $(head -5 "$tmp/cc.err")"

# The same program linked with the counting library (AllocTidy::heapcount's
# form): it must cost what the preloaded library costs.
library="$build/lib/libheapcount.so"
linked="$tmp/malloc_pairs_linked"
"$cc" -O2 -o "$linked" "$root/bench/heapcount/malloc_pairs.c" "$library" \
  -Wl,-rpath,"$(dirname "$library")" 2>"$tmp/cc.err" ||
  die "$cc cannot link bench/heapcount/malloc_pairs.c with $library: $(head -5 "$tmp/cc.err")"

# The loop must really allocate: a compiler that removed the pairs would make
# every ratio 1.00x. heapcount's JSON report says how many calls were made.
"$heapcount" --json "$tmp/count.json" -- "$prog" "$pairs" >/dev/null 2>"$tmp/count.err" ||
  die "heapcount -- malloc_pairs $pairs failed: $(head -5 "$tmp/count.err")"
allocs=$(grep -oE '"allocs":[0-9]+' "$tmp/count.json" | head -1 | cut -d: -f2)
frees=$(grep -oE '"frees":[0-9]+' "$tmp/count.json" | head -1 | cut -d: -f2)
[[ -n "$allocs" && "$allocs" -ge "$pairs" ]] ||
  die "heapcount counted ${allocs:-no} allocations, fewer than the $pairs pairs: did the compiler remove them?"

# The modes, in the order they take turns. Each is a command run before the
# program and its arguments, or a reason it is skipped.
modes=(native floor heapcount preloaded linked heapcount-stacks heaptrack
       valgrind)
declare -A label=([native]="native" [floor]="interposer floor"
                  [heapcount]="heapcount" [preloaded]="preloaded (LD_PRELOAD)"
                  [linked]="linked (-lheapcount)"
                  [heapcount-stacks]="heapcount --stacks"
                  [heaptrack]="heaptrack" [valgrind]="valgrind memcheck")
declare -A skipped=() mode_runs=() best_loop=() best_wall=()
mode_runs=([native]=$runs [floor]=$runs [heapcount]=$runs
           [preloaded]=$runs [linked]=$runs
           [heapcount-stacks]=$runs
           [heaptrack]=$runs [valgrind]=$valgrind_runs)

stacks_status=0
"$heapcount" --stacks -- true >/dev/null 2>&1 || stacks_status=$?
case "$stacks_status" in
  0) ;;
  2) skipped[heapcount-stacks]="heapcount has no --stacks" ;;
  *) die "heapcount --stacks -- true exited with status $stacks_status" ;;
esac
command -v heaptrack >/dev/null 2>&1 || skipped[heaptrack]="heaptrack is not installed"
command -v valgrind >/dev/null 2>&1 || skipped[valgrind]="valgrind is not installed"

now_us() { # microseconds since the epoch, without starting a process
  local t="${EPOCHREALTIME:-}"
  if [[ -n "$t" ]]; then echo "${t//[!0-9]/}"; else echo $(( $(date +%s%N) / 1000 )); fi
}

workload=("$prog" "$pairs")
run_mode() { # run_mode MODE: one run of $workload; updates the best times
  local mode="$1" start end status=0 loop wall
  local -a command
  case "$mode" in
    native) command=("${workload[@]}") ;;
    floor) command=(env LD_PRELOAD="$floor" "${workload[@]}") ;;
    heapcount) command=("$heapcount" -- "${workload[@]}") ;;
    preloaded) command=(env LD_PRELOAD="$library" "${workload[@]}") ;;
    linked) command=("$linked" "${workload[@]:1}") ;;
    heapcount-stacks) command=("$heapcount" --stacks -- "${workload[@]}") ;;
    heaptrack) command=(heaptrack -o "$tmp/heaptrack" "${workload[@]}") ;;
    valgrind) command=(valgrind --tool=memcheck -q "${workload[@]}") ;;
  esac
  start=$(now_us)
  "${command[@]}" >"$tmp/out" 2>"$tmp/err" || status=$?
  end=$(now_us)
  rm -f "$tmp"/heaptrack.*
  if [[ "${workload[0]}" == "$prog" ]]; then
    loop=$(grep -oE 'loop_ns=[0-9]+' "$tmp/out" | head -1 | cut -d= -f2 || true)
  else
    loop=0 # A real program: wall time only.
  fi
  if [[ $status -ne 0 || -z "$loop" ]]; then
    echo "heapcount-overhead: error: ${label[$mode]} run failed (status $status):" >&2
    head -5 "$tmp/err" >&2
    exit 1
  fi
  wall=$(( (end - start) * 1000 ))
  if [[ -z "${best_loop[$mode]:-}" || $loop -lt ${best_loop[$mode]} ]]; then
    best_loop[$mode]=$loop
  fi
  if [[ -z "${best_wall[$mode]:-}" || $wall -lt ${best_wall[$mode]} ]]; then
    best_wall[$mode]=$wall
  fi
}

run_rounds() { # the modes take turns, RUNS rounds
  local round mode
  for round in $(seq "$runs"); do
    for mode in "${modes[@]}"; do
      [[ -n "${skipped[$mode]:-}" ]] && continue
      (( round > ${mode_runs[$mode]} )) && continue
      run_mode "$mode"
    done
  done
}

run_rounds
echo "heapcount-overhead: $pairs malloc/free pairs of 16..64 bytes, 8 live;" \
     "best of each mode's runs, taken in turns"
echo "heapcount-overhead: heapcount counted $allocs allocs, $frees frees" \
     "(>= $pairs: the pairs are really made)"
printf '%-24s %4s %10s %8s %10s %8s\n' mode runs 'loop ms' ratio 'wall ms' ratio
for mode in "${modes[@]}"; do
  if [[ -n "${skipped[$mode]:-}" ]]; then
    printf '%-24s skipped: %s\n' "${label[$mode]}" "${skipped[$mode]}"
    continue
  fi
  awk -v mode="${label[$mode]}" -v runs="${mode_runs[$mode]}" \
      -v loop="${best_loop[$mode]}" -v wall="${best_wall[$mode]}" \
      -v loop0="${best_loop[native]}" -v wall0="${best_wall[native]}" \
      'function ratio(a, b) { return b > 0 ? sprintf("%7.2fx", a / b) : "      -" }
       BEGIN { printf "%-24s %4d %10.2f %s %10.2f %s\n", mode, runs,
               loop / 1e6, ratio(loop, loop0), wall / 1e6, ratio(wall, wall0) }'
done

# The real program, the same modes taking turns.
workload=("$cxx" -std=c++17 -fsyntax-only -I "$root" -I "$build/generated" "$real_file")
"${workload[@]}" >/dev/null 2>"$tmp/real.err" ||
  die "${workload[*]} failed: $(head -5 "$tmp/real.err")"
"$heapcount" --json "$tmp/real.json" -- "${workload[@]}" >/dev/null 2>&1 ||
  die "heapcount -- ${workload[*]} failed"
real_allocs=$(grep -oE '"allocs":[0-9]+' "$tmp/real.json" | head -1 | cut -d: -f2)
best_loop=() best_wall=()
skipped[linked]="the compiler is not rebuilt linked"
# A compiler under valgrind takes a minute a run.
[[ -z "${skipped[valgrind]:-}" && "${REAL_VALGRIND:-0}" != 1 ]] &&
  skipped[valgrind]="too slow for a real program (REAL_VALGRIND=1 runs it)"
run_rounds
echo
echo "heapcount-overhead: a real program, ${cxx##*/} -fsyntax-only ${real_file##*/} ($real_allocs allocs);" \
     "best wall time of each mode's runs"
printf '%-24s %4s %10s %8s\n' mode runs 'wall ms' ratio
for mode in "${modes[@]}"; do
  if [[ -n "${skipped[$mode]:-}" ]]; then
    printf '%-24s skipped: %s\n' "${label[$mode]}" "${skipped[$mode]}"
    continue
  fi
  awk -v mode="${label[$mode]}" -v runs="${mode_runs[$mode]}" \
      -v wall="${best_wall[$mode]}" -v wall0="${best_wall[native]}" \
      'BEGIN { printf "%-24s %4d %10.2f %7.2fx\n", mode, runs, wall / 1e6,
               (wall0 > 0 ? wall / wall0 : 0) }'
done
