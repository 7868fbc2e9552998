// alloc-padding's option values are checked by one rule: an unknown
// LayoutNotes value and a MinWastedBytes that is not a number are both errors
// naming the option, the value and what it accepts (exit status 1); the
// check still runs with its defaults.
// RUN: not %alloc_tidy %s -checks='-*,alloc-padding' -config="{CheckOptions: {alloc-padding.LayoutNotes: Verbose, alloc-padding.MinWastedBytes: eight}}" -- -std=c++17 --target=x86_64-pc-linux-gnu 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-padding' -config="{CheckOptions: {alloc-padding.LayoutNotes: Verbose, alloc-padding.MinWastedBytes: eight}}" -- -std=c++17 --target=x86_64-pc-linux-gnu 2>&1 | FileCheck %s
// CHECK-DAG: error: invalid value 'Verbose' for alloc-padding.LayoutNotes; expected 'None', 'Compact' or 'Full' [clang-tidy-config]
// CHECK-DAG: error: invalid value 'eight' for alloc-padding.MinWastedBytes; expected a whole number from 1 to 4294967295 (using 8) [clang-tidy-config]
// CHECK: warning: 'Medium' has 14 bytes of padding
struct Medium {
  char A;
  double B;
  char C;
};
Medium Many[4]; // many instances: reported with the default options
