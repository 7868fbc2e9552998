// alloc-padding's option values are checked: an unknown LayoutNotes value is
// an error naming the option and what it accepts (exit status 1), a
// MinWastedBytes that is not a number is reported by clang-tidy; the check
// still runs with its defaults.
// RUN: not %alloc_tidy %s -checks='-*,alloc-padding' -config="{CheckOptions: {alloc-padding.LayoutNotes: Verbose, alloc-padding.MinWastedBytes: eight}}" -- -std=c++17 --target=x86_64-pc-linux-gnu 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-padding' -config="{CheckOptions: {alloc-padding.LayoutNotes: Verbose, alloc-padding.MinWastedBytes: eight}}" -- -std=c++17 --target=x86_64-pc-linux-gnu 2>&1 | FileCheck %s
// CHECK-DAG: error: invalid value 'Verbose' for alloc-padding.LayoutNotes; expected 'None', 'Compact' or 'Full' [clang-tidy-config]
// CHECK-DAG: invalid configuration value 'eight' for option 'alloc-padding.MinWastedBytes'
// CHECK: warning: 'Medium' has 14 bytes of padding
struct Medium {
  char A;
  double B;
  char C;
};
Medium Many[4]; // many instances: reported with the default options
