// Budgets in a GoogleTest program linked with the counting library, built
// natively, with AddressSanitizer or ThreadSanitizer, or run under valgrind
// (test/heapcount/budget-sanitizers.test, budget-valgrind.test): a budget
// met, one exceeded by exact counts (a vector of ints grown to 100
// elements: 8 allocations, 1020 bytes) and one of no allocation.
#include "heapcount/gtest.h"

#include <vector>

namespace {

__attribute__((noinline)) void growInts(int N) {
  std::vector<int> Values;
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  asm volatile("" : : "r"(Values.data()) : "memory");
}

TEST(Tools, Met) {
  EXPECT_ALLOCS_LE(8, growInts(100));
  EXPECT_ALLOC_BYTES_LE(1020, growInts(100));
}

TEST(Tools, Exceeded) { EXPECT_ALLOCS_LE(7, growInts(100)); }

TEST(Tools, NoAllocs) { EXPECT_NO_ALLOCS(growInts(0)); }

} // namespace
