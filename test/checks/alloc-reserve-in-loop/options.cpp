// Options: ConditionalAppends, MinIterations, VectorLikeClasses, TargetSTL.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -check-suffix=UPPER \
// RUN:   -- -config="{CheckOptions: {alloc-reserve-in-loop.ConditionalAppends: UpperBound, alloc-reserve-in-loop.MinIterations: 100, alloc-reserve-in-loop.VectorLikeClasses: '::mine::Buffer', alloc-reserve-in-loop.TargetSTL: msvc}}" \
// RUN:   -- -std=c++17 -I %S/Inputs
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -check-suffix=DEFAULT \
// RUN:   -- -- -std=c++17 -I %S/Inputs

#include "small_vector.h"
#include <string>
#include <vector>

bool keep(int);

// UpperBound reserves for every candidate append.
std::vector<int> filtered(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    if (keep(x))
      v.push_back(x);
  // CHECK-MESSAGES-UPPER: :[[@LINE-1]]:7: warning: 'v' grows about log2(N) times as this loop appends up to N elements; reserving them first allocates once
  // CHECK-FIXES-UPPER: v.reserve(in.size());
  return v;
}

// 50 iterations: below MinIterations 100, above the default 4. The numbers
// follow TargetSTL: the MSVC STL grows by half, 1, 2, 3, 4, 6, 9, ...
std::vector<int> fifty() {
  std::vector<int> v;
  for (int i = 0; i < 50; ++i)
    v.push_back(i);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:5: warning: 'v' grows 7 times as this loop appends 50 elements on libstdc++
  // CHECK-FIXES-DEFAULT: v.reserve(50);
  return v;
}

std::vector<int> twoHundred() {
  std::vector<int> v;
  for (int i = 0; i < 200; ++i)
    v.push_back(i);
  // CHECK-MESSAGES-UPPER: :[[@LINE-1]]:5: warning: 'v' grows 14 times as this loop appends 200 elements on the MSVC STL
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:5: warning: 'v' grows 9 times as this loop appends 200 elements on libstdc++
  // CHECK-FIXES-UPPER: v.reserve(200);
  // CHECK-FIXES-DEFAULT: v.reserve(200);
  return v;
}

// VectorLikeClasses replaces the default list.
int buffer(int n) {
  mine::Buffer<int> b;
  for (int i = 0; i < n; ++i)
    b.push_back(i);
  // CHECK-MESSAGES-UPPER: :[[@LINE-1]]:5: warning: 'b' grows about log2(N)
  // CHECK-FIXES-UPPER: b.reserve(n > 0 ? n : 0);
  return static_cast<int>(b.size());
}

int smallVector(int n) {
  llvm::SmallVector<int, 4> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES-DEFAULT: v.reserve(n > 0 ? n : 0);
  return static_cast<int>(v.size());
}

// A string whose count is an upper bound gets no reserve: a string's
// reserve allocates at once, so one that would have stayed in its inline
// buffer (a short name) would allocate for it (flatc's CamelToSnake).
std::string snake(const std::string &in) {
  std::string s;
  for (char c : in) {
    if (c == '-')
      s += '_';
    else
      s += c;
  }
  // CHECK-MESSAGES-UPPER: :[[@LINE-4]]:7: warning: 's' grows about log2(N) times as this loop appends up to N characters; reserving them first allocates once
  // CHECK-FIXES-UPPER: {{^}}  std::string s;{{$}}
  // CHECK-FIXES-UPPER-NEXT: {{^}}  for (char c : in) {{{$}}
  return s;
}
