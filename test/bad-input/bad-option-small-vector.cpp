// alloc-small-vector's option values are checked: a SmallVectorClass that is
// not a preset needs SmallVectorHeader, a limit of 0 is refused, an unknown
// TargetSTL is named; each is an error (exit status 1) and the check still
// runs, without fix-its when the class is unusable.
// RUN: not %alloc_tidy %s -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'my::Vec', alloc-small-vector.MaxInlineBytes: 0, alloc-small-vector.TargetSTL: stlport}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'my::Vec', alloc-small-vector.MaxInlineBytes: 0, alloc-small-vector.TargetSTL: stlport}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %alloc_tidy %s -checks='-*,alloc-small-vector' -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'not a class'}}" -- -std=c++17 2>&1 | FileCheck %s --check-prefix=NAME
// CHECK-DAG: error: invalid value 'my::Vec' for alloc-small-vector.SmallVectorClass: {{.*}}SmallVectorHeader{{.*}}; fix-its are disabled [clang-tidy-config]
// CHECK-DAG: error: invalid value '0' for alloc-small-vector.MaxInlineBytes; expected a whole number from 1 to 4294967295 (using 1024) [clang-tidy-config]
// CHECK-DAG: error: invalid value 'stlport' for alloc-small-vector.TargetSTL; expected 'auto', 'libstdc++', 'libc++' or 'msvc' [clang-tidy-config]
// CHECK: warning: 'V' always holds 1 element; std::array<char, 1> keeps it inline instead of allocating [alloc-small-vector]
// NAME: error: invalid value 'not a class' for alloc-small-vector.SmallVectorClass
#include <vector>
char f() {
  std::vector<char> V = {'a'};
  return V[0];
}
