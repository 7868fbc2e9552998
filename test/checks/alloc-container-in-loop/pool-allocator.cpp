// A standard container on an allocator of its own may draw from an arena the
// loop resets: hoisted out of the loop it would outlive its memory, so only
// containers on std::allocator are hoisted.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t -- -- -I%S/../Inputs

#include "pool-allocator.h"
#include <vector>

void resetPool();
void use(const std::vector<int, PoolAllocator<int>> &Ids);
void useStd(const std::vector<int> &Ids);

// Negative: the pool is reset on every iteration.
void perFunction(const std::vector<std::vector<int>> &Functions) {
  for (const auto &F : Functions) {
    std::vector<int, PoolAllocator<int>> Ids;
    for (int Id : F)
      Ids.push_back(Id);
    use(Ids);
    resetPool();
  }
}

// Positive: the same on std::allocator.
void perFunctionStd(const std::vector<std::vector<int>> &Functions) {
  for (const auto &F : Functions) {
    std::vector<int> Ids;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Ids' is constructed and filled on every iteration
    for (int Id : F)
      Ids.push_back(Id);
    useStd(Ids);
  }
}
// CHECK-FIXES: void perFunctionStd(const std::vector<std::vector<int>> &Functions) {
// CHECK-FIXES-NEXT: {{^}}  std::vector<int> Ids;{{$}}
