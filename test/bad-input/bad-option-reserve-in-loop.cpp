// alloc-reserve-in-loop's option values are checked like the others': an
// error naming the option and what it accepts, exit status 1, and the check
// still runs with its defaults.
// RUN: not %alloc_tidy %s -checks='-*,alloc-reserve-in-loop' -config="{CheckOptions: {alloc-reserve-in-loop.ConditionalAppends: Sometimes, alloc-reserve-in-loop.TargetSTL: stlport, alloc-reserve-in-loop.UntrustedSources: '(read'}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-reserve-in-loop' -config="{CheckOptions: {alloc-reserve-in-loop.ConditionalAppends: Sometimes, alloc-reserve-in-loop.TargetSTL: stlport, alloc-reserve-in-loop.UntrustedSources: '(read'}}" -- -std=c++17 2>&1 | FileCheck %s
// CHECK-DAG: error: invalid value 'Sometimes' for alloc-reserve-in-loop.ConditionalAppends; expected 'Ignore' or 'UpperBound' [clang-tidy-config]
// CHECK-DAG: error: invalid value 'stlport' for alloc-reserve-in-loop.TargetSTL; expected 'auto', 'libstdc++', 'libc++' or 'msvc' [clang-tidy-config]
// CHECK-DAG: error: invalid regular expression in alloc-reserve-in-loop.UntrustedSources: {{.+}} [clang-tidy-config]
// CHECK: warning: 'v' grows about log2(N) times
#include <vector>
std::vector<int> f(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}
