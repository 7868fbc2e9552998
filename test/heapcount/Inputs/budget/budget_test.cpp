// Budgets on work.cpp, one exceeded and one met. The exceeded one fails and
// prints the counts, which the test compares with valgrind's.
#include "heapcount/gtest.h"
#include "work.h"

TEST(Index, NaiveBuildIsOverBudget) {
  std::size_t Entries = 0;
  EXPECT_ALLOCS_LE(50, Entries = buildIndex(400));
  EXPECT_EQ(Entries, 40u);
}

TEST(Index, ReservedBuildIsWithinBudget) {
  std::size_t Size = 0;
  EXPECT_ALLOCS_LE(1, Size = buildPositions(400));
  EXPECT_ALLOC_BYTES_LE(1600, buildPositions(400));
  EXPECT_EQ(Size, 400u);
}

TEST(Index, NoAllocsWhenEmpty) { ASSERT_NO_ALLOCS(buildIndex(0)); }
