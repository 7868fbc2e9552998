// The growth counts in the messages, checked against the real libraries: the
// same functions are compiled into a program that counts operator new calls,
// against libstdc++ and libc++.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -check-suffix=GNU -- -- -std=c++17
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -check-suffix=LLVM -- -- -std=c++17 -stdlib=libc++
// RUN: %clangxx -std=c++17 -DCOUNT_ALLOCATIONS %s -o %t.gnu
// RUN: %t.gnu | FileCheck %s --check-prefix=COUNT-GNU
// RUN: %clangxx -std=c++17 -stdlib=libc++ -DCOUNT_ALLOCATIONS %s -o %t.llvm
// RUN: %t.llvm | FileCheck %s --check-prefix=COUNT-LLVM

#include <cstddef>
#include <string>
#include <vector>

std::size_t fill1000() {
  std::vector<int> v;
  for (int i = 0; i < 1000; ++i)
    v.push_back(i);
  // CHECK-MESSAGES-GNU: :[[@LINE-1]]:5: warning: 'v' grows 11 times as this loop appends 1000 elements on libstdc++
  // CHECK-MESSAGES-LLVM: :[[@LINE-2]]:5: warning: 'v' grows 11 times as this loop appends 1000 elements on libc++
  // CHECK-FIXES-GNU: v.reserve(1000);
  // CHECK-FIXES-LLVM: v.reserve(1000);
  return v.size();
}

std::size_t fill9001() {
  std::vector<long> v;
  for (int i = 0; i < 9001; ++i)
    v.emplace_back(i);
  // CHECK-MESSAGES-GNU: :[[@LINE-1]]:5: warning: 'v' grows 15 times as this loop appends 9001 elements on libstdc++
  // CHECK-MESSAGES-LLVM: :[[@LINE-2]]:5: warning: 'v' grows 15 times as this loop appends 9001 elements on libc++
  // CHECK-FIXES-GNU: v.reserve(9001);
  // CHECK-FIXES-LLVM: v.reserve(9001);
  return v.size();
}

std::size_t text100() {
  std::string s;
  for (int i = 0; i < 100; ++i)
    s += 'x';
  // CHECK-MESSAGES-GNU: :[[@LINE-1]]:5: warning: 's' grows 3 times as this loop appends 100 characters on libstdc++
  // libc++ rounds string capacities; its count is not quoted.
  // CHECK-MESSAGES-LLVM: :[[@LINE-3]]:5: warning: 's' grows about log2(N) times as this loop appends N characters
  // CHECK-FIXES-GNU: s.reserve(100);
  // CHECK-FIXES-LLVM: s.reserve(100);
  return s.size();
}

#ifdef COUNT_ALLOCATIONS
#include <cstdio>
#include <cstdlib>
#include <new>

static unsigned long Allocations = 0;
void *operator new(std::size_t Size) {
  ++Allocations;
  if (void *P = std::malloc(Size ? Size : 1))
    return P;
  throw std::bad_alloc();
}
void operator delete(void *P) noexcept { std::free(P); }
void operator delete(void *P, std::size_t) noexcept { std::free(P); }

template <typename F> unsigned long count(F Fill) {
  Allocations = 0;
  Fill();
  return Allocations;
}

int main() {
  std::printf("vector 1000: %lu\n", count(fill1000));
  std::printf("vector 9001: %lu\n", count(fill9001));
  std::printf("string 100: %lu\n", count(text100));
}
// COUNT-GNU: vector 1000: 11
// COUNT-GNU: vector 9001: 15
// COUNT-GNU: string 100: 3
// COUNT-LLVM: vector 1000: 11
// COUNT-LLVM: vector 9001: 15
#endif
