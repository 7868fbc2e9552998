// A container or string on an allocator of its own may draw from an arena
// that is reset: a 'static const' object would outlive its memory, so only
// temporaries on std::allocator are reported.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++17 -I%S/../Inputs

#include "pool-allocator.h"
#include <string>
#include <vector>

using PoolString =
    std::basic_string<char, std::char_traits<char>, PoolAllocator<char>>;
using PoolInts = std::vector<int, PoolAllocator<int>>;

int lookup(const PoolString &Name);
int sum(const PoolInts &Values);
int sumStd(const std::vector<int> &Values);

// Negative: both temporaries live on the pool.
int perToken(const std::vector<int> &Tokens) {
  int R = 0;
  for (int T : Tokens)
    R += T + lookup("a built-in name longer than any inline buffer") +
         sum({1, 2, 3});
  return R;
}

// Negative: a pool string rebuilt from another's characters costs the pool,
// not the heap.
int perName(const std::vector<PoolString> &Names) {
  int R = 0;
  for (const PoolString &Name : Names)
    R += lookup(Name.c_str());
  return R;
}

// Positive: the same vector on std::allocator.
int perTokenStd(const std::vector<int> &Tokens) {
  int R = 0;
  for (int T : Tokens)
    R += T + sumStd({1, 2, 3});
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: the temporary std::vector<int> passed to 'sumStd'
  return R;
}
// CHECK-FIXES: static const std::vector<int> Values = {1, 2, 3};
