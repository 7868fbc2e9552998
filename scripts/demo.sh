#!/usr/bin/env bash
# `make demo`: runs the alloc-* checks over the bundled example, shows the
# warnings with their notes, applies the fix-its to a copy, shows the diff,
# and compiles and runs both versions to show they behave the same; then
# shows the record layouts of a second example with alloc-layout (text on
# stdout, an HTML page in the build directory).
set -euo pipefail

build="${1:-build}"
version="${2:-22}"
root="$(cd "$(dirname "$0")/.." && pwd)"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
tidy="$build/bin/alloc-tidy"
example="$root/examples/console-rows/screen.cpp"
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
echo "== alloc-layout on examples/attr-rows/attr_row.cpp"
# From the source tree, so that the report names files relative to it.
(cd "$root" && "$build/bin/alloc-layout" examples/attr-rows/attr_row.cpp \
  -- -std=c++17)
(cd "$root" && "$build/bin/alloc-layout" examples/attr-rows/attr_row.cpp \
  --format=html -o "$build/layout-report.html" -- -std=c++17)
echo "HTML report: $build/layout-report.html"
