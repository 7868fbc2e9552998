// Every alloc-* check over a file full of errors: clang-tidy reports the
// errors and exits non-zero; no check crashes, and none reports on code it
// could only partly see.
// RUN: not %alloc_tidy %s -checks='-*,alloc-*' -- -std=c++17 > %t.tidy 2>&1
// RUN: FileCheck %s --input-file=%t.tidy
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-*' -- -std=c++17 > %t.plugin 2>&1
// RUN: FileCheck %s --input-file=%t.plugin
// The analysis needs every use, and code with errors has lost some: silent.
// CHECK-NOT: [alloc-
// CHECK: error: use of undeclared identifier 'Undeclared'
// CHECK-NOT: [alloc-
// CHECK-NOT: PLEASE submit a bug report

#include <deque>
#include <stack>

struct Broken {
  std::deque<Undeclared> Rows;
  std::deque<int> Values
  void add(int V) { Values.push_back(V) }
};

int f(int n) {
  std::deque<int> d;
  for (int i = 0; i < n; ++i
    d.push_back(i);
  std::stack<> s;
  d.push_front(;
  return d[;
}

template <class T> struct Partial {
  std::deque<T> Items;
  void add(T x) { Items.push_back(x) Items.back(); }
};

std::deque<int> g = {1, 2,;
