// Code with errors has lost statements: here a call that would have moved
// the vector out does not parse and is dropped from the AST, so the vector
// looks filled and kept. The check says nothing on such a file.
// RUN: not %alloc_tidy %s -checks='-*,alloc-container-in-loop' -- -std=c++17 > %t.tidy 2>&1
// RUN: FileCheck %s --input-file=%t.tidy
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-container-in-loop' -- -std=c++17 > %t.plugin 2>&1
// RUN: FileCheck %s --input-file=%t.plugin
// CHECK-NOT: [alloc-container-in-loop]
// CHECK: error: expected ')'
// CHECK-NOT: [alloc-container-in-loop]

#include <utility>
#include <vector>

void rows(std::vector<std::vector<int>> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Out.push_back(std::move(Row) Undeclared);
  }
}
