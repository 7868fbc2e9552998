#!/usr/bin/env bash
# `make demo`: runs the alloc-* checks over the bundled example, shows the
# warnings with their notes, applies the fix-its to a copy, shows the diff,
# compiles and runs both versions to show they behave the same, and counts
# their heap calls with heapcount; then shows the record layouts of a second
# example with alloc-layout (text on stdout, an HTML page in the build
# directory).
set -euo pipefail

build="${1:-build}"
version="${2:-22}"
root="$(cd "$(dirname "$0")/.." && pwd)"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
tidy="$build/bin/alloc-tidy"
heapcount="$build/bin/heapcount"
example="$root/examples/console-rows/screen.cpp"

# Every tool must be there: a missing one would otherwise leave its section
# empty without a word (alloc-tidy's stderr is discarded below).
need() {
  if [[ ! -f "$1" || ( "$1" != *.so && ! -x "$1" ) ]]; then
    echo "demo: error: $1 is missing (build it: make build, or" \
      "ninja -C $build $2)" >&2
    exit 1
  fi
}
need "$tidy" alloc-tidy
need "$build/bin/alloc-layout" alloc-layout
need "$heapcount" heapcount
need "$build/lib/libheapcount.so" heapcount-runtime
if ! command -v python3 >/dev/null 2>&1; then
  echo "demo: error: python3 is missing (it reads heapcount's JSON" \
    "reports; make deps installs it)" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$example" "$work/screen.cpp"

echo "== alloc-tidy on examples/console-rows/screen.cpp"
"$tidy" --checks='-*,alloc-*' --config='{}' \
  "$example" -- -std=c++17 2>/dev/null || true

echo
echo "== the fix-its, applied to a copy"
"$tidy" --checks='-*,alloc-*' --config='{}' --fix \
  --quiet "$work/screen.cpp" -- -std=c++17 >/dev/null 2>&1 || true
diff -u --label before --label after "$example" "$work/screen.cpp" || true

echo
echo "== both versions compile and print the same"
"clang++-$version" -std=c++17 -O1 -o "$work/before" "$example"
"clang++-$version" -std=c++17 -O1 -o "$work/after" "$work/screen.cpp"
echo "before: $("$work/before")"
echo "after:  $("$work/after")"

echo
echo "== heapcount: heap calls before and after the fix-its"
# The counts come from heapcount's JSON reports. The programs' stdout (shown
# above) and heapcount's text summary go to files of their own; the summary
# is shown only if heapcount fails or writes no report (it exits with the
# program's status, so a report that is missing is a failure too).
for side in before after; do
  status=0
  "$heapcount" --json "$work/$side.json" -- "$work/$side" \
    >"$work/$side.out" 2>"$work/$side.err" || status=$?
  if [[ $status -ne 0 || ! -s "$work/$side.json" ]]; then
    cat "$work/$side.err" >&2
    echo "demo: error: heapcount wrote no report for the $side program" \
      "(exit status $status)" >&2
    exit 1
  fi
done
python3 - "$work/before.json" "$work/after.json" <<'PY'
import json
import sys


def totals(path):
    try:
        with open(path) as f:
            report = json.load(f)
        if report["version"] != 1:
            raise ValueError(f"report version {report['version']}, not 1")
        return report["total"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"demo: error: cannot read heapcount's report {path} ({e})")


before, after = totals(sys.argv[1]), totals(sys.argv[2])
rows = [("", "allocations", "bytes requested"),
        ("before", str(before["allocs"]), str(before["bytes"])),
        ("after", str(after["allocs"]), str(after["bytes"]))]
widths = [max(len(row[i]) for row in rows) for i in range(3)]
for name, allocs, size in rows:
    print(f"{name:<{widths[0]}}  {allocs:>{widths[1]}}  {size:>{widths[2]}}")

saved = before["allocs"] - after["allocs"]
if after["allocs"] == 0:
    ratio = "all of them"
else:
    ratio = f"{before['allocs'] / after['allocs']:.0f} times fewer"
saved_bytes = before["bytes"] - after["bytes"]
share = 100 * saved_bytes / before["bytes"] if before["bytes"] else 0
print(f"the fix-its save {saved} of {before['allocs']} allocations ({ratio})"
      f" and {saved_bytes} bytes ({share:.0f}%)")
print("(whole-process counts: the C and C++ runtimes' own buffers are in"
      " both)")
PY

echo
echo "== alloc-layout on examples/attr-rows/attr_row.cpp"
# From the source tree, so that the report names files relative to it.
(cd "$root" && "$build/bin/alloc-layout" examples/attr-rows/attr_row.cpp \
  -- -std=c++17)
(cd "$root" && "$build/bin/alloc-layout" examples/attr-rows/attr_row.cpp \
  --format=html -o "$build/layout-report.html" -- -std=c++17)
echo "HTML report: $build/layout-report.html"
