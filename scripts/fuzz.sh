#!/usr/bin/env bash
# Runs the libFuzzer harness (fuzz/, built into FUZZ_BUILD by `make fuzz`)
# for a fixed time over a corpus seeded from the test inputs, and fails when
# it finds a crash, printing where the reproducer is and how to run it
# (docs/robustness.md, "Fuzzing").
#
#   scripts/fuzz.sh FUZZ_BUILD [SECONDS, default 300]
#
# In FUZZ_BUILD/fuzz:
#   seeds/      the .cpp and .h files of test/ and examples/, copied afresh
#               at each run (read only by the fuzzer)
#   corpus/     the inputs the fuzzer found interesting, kept between runs so
#               that the next run starts where this one stopped
#   artifacts/  crash-*, timeout-*, oom-* and leak-* reproducers (and
#               slow-unit-*, inputs over 10 s, which are not failures)
#   fuzz.log    the fuzzer's output of the last run
set -uo pipefail

build="${1:?usage: scripts/fuzz.sh FUZZ_BUILD [SECONDS]}"
seconds="${2:-300}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "$build" && pwd)"
fuzzer="$build/bin/alloc-tidy-fuzz"
dir="$build/fuzz"
[[ -x "$fuzzer" ]] || { echo "fuzz: error: $fuzzer is not built" >&2; exit 2; }

rm -rf "$dir/seeds"
mkdir -p "$dir/seeds" "$dir/corpus" "$dir/artifacts"
# One file per source, named after its path (test/checks/x/y.cpp becomes
# test_checks_x_y.cpp); the RUN and CHECK lines stay, they are comments.
while IFS= read -r file; do
  cp "$root/$file" "$dir/seeds/${file//\//_}"
done < <(cd "$root" && git ls-files -- 'test/*.cpp' 'test/*.h' 'test/*.hpp' \
           'examples/*.cpp' 'examples/*.h' ':!test/heapcount*')
echo "fuzz: $(ls "$dir/seeds" | wc -l) seeds, $(ls "$dir/corpus" | wc -l)" \
     "inputs in the corpus, running for ${seconds}s"

marker="$dir/.started"
touch "$marker"
# -timeout: an input that takes a minute is a finding (a hang), not a slow
# parse. The harness sets its own AddressSanitizer options (no leak
# detection, no manual poisoning: fuzz/AllocTidyFuzzer.cpp says why).
"$fuzzer" "$dir/corpus" "$dir/seeds" \
  -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
  -dict="$root/fuzz/cxx.dict" -artifact_prefix="$dir/artifacts/" \
  -print_final_stats=1 >"$dir/fuzz.log" 2>&1
status=$?

grep -E '^(#[0-9]+ +DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::average_exec_per_sec)' \
  "$dir/fuzz.log" | sed 's/^/fuzz: /'
# slow-unit-* files (an input over 10 s) are kept for reading, not findings.
found=$(find "$dir/artifacts" -type f -newer "$marker" \
          \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
             -o -name 'leak-*' \) | sort)
if [[ -n "$found" || $status -ne 0 ]]; then
  echo "fuzz: FAILED (exit status $status); the fuzzer's output is in" \
       "$dir/fuzz.log" >&2
  grep -m1 -A12 -E '^==[0-9]+==ERROR|^ALARM|deadly signal|out-of-memory' \
    "$dir/fuzz.log" >&2
  for file in $found; do
    echo "fuzz: reproducer: $file" >&2
    echo "fuzz:   run it again: $fuzzer $file" >&2
    echo "fuzz:   with the tools: build/bin/alloc-tidy" \
         "--config-file=fuzz/fuzz.clang-tidy $file --" \
         "-std=c++20 -include fuzz/prelude.h" >&2
    echo "fuzz:   and build/bin/alloc-layout $file --" \
         "-std=c++20 -include fuzz/prelude.h" >&2
  done
  exit 1
fi
echo "fuzz: no crash in ${seconds}s"
