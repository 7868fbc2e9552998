// An unknown option value is an error (exit status 1) naming the option and the
// values it accepts; the check still runs with the default.
// RUN: not %alloc_tidy %s -checks='-*,alloc-deque-as-array' -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: windows}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-deque-as-array' -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: windows}}" -- -std=c++17 2>&1 | FileCheck %s
// CHECK: error: invalid value 'windows' for alloc-deque-as-array.TargetSTL; expected 'auto', 'libstdc++', 'libc++' or 'msvc' [clang-tidy-config]
// CHECK: warning: 'd' is a std::deque used only at its back
#include <deque>
int f() {
  std::deque<int> d;
  d.push_back(1);
  return d.back();
}
