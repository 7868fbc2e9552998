//===- BudgetTest.cpp - heapcount/gtest.h in a linked test ---------------===//
//
// This binary links AllocTidy::heapcount: it counts its own heap calls from
// its first allocation, without the heapcount command or LD_PRELOAD. The
// budgets below are exact (a budget one lower fails), so each assertion is
// checked both ways.
//
//===----------------------------------------------------------------------===//

#include "heapcount/gtest.h"

#include <gtest/gtest-spi.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

// Kept out of line so that the optimizer cannot drop the allocations.
__attribute__((noinline)) void growInts(int N) {
  std::vector<int> Values;
  // The growth is what the budgets measure.
  for (int I = 0; I < N; ++I)
    // NOLINTNEXTLINE(alloc-reserve-in-loop,performance-inefficient-vector-operation)
    Values.push_back(I);
  asm volatile("" : : "r"(Values.data()) : "memory");
}

__attribute__((noinline)) void reservedInts(int N) {
  std::vector<int> Values;
  Values.reserve(N);
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  asm volatile("" : : "r"(Values.data()) : "memory");
}

__attribute__((noinline)) void *keep(void *P) {
  asm volatile("" : : "r"(P) : "memory");
  return P;
}

TEST(Budget, LinkedLibraryIsCounting) {
  EXPECT_TRUE(heapcount::active());
  EXPECT_TRUE(heapcount::counting());
}

// A vector of ints grown to 100 elements: capacities 1, 2, 4, ..., 128.
TEST(Budget, GrowingVectorMakesEightAllocations) {
  EXPECT_ALLOCS_LE(8, growInts(100));
  EXPECT_NONFATAL_FAILURE(EXPECT_ALLOCS_LE(7, growInts(100)),
                          "made 8 allocations, over the budget of 7");
  // 4 + 8 + ... + 512 bytes.
  EXPECT_ALLOC_BYTES_LE(1020, growInts(100));
  EXPECT_NONFATAL_FAILURE(EXPECT_ALLOC_BYTES_LE(1019, growInts(100)),
                          "made 1020 bytes allocated, over the budget of 1019");
}

TEST(Budget, ReserveMakesOne) {
  EXPECT_ALLOCS_LE(1, reservedInts(100));
  EXPECT_NONFATAL_FAILURE(EXPECT_NO_ALLOCS(reservedInts(100)),
                          "`reservedInts(100)` made 1 allocation, over the "
                          "budget of 0");
}

TEST(Budget, NoAllocs) {
  int Sum = 0;
  EXPECT_NO_ALLOCS(for (int I = 0; I < 10; ++I) Sum += I);
  EXPECT_EQ(Sum, 45);
  EXPECT_NONFATAL_FAILURE(EXPECT_NO_ALLOCS(std::free(keep(std::malloc(8)))),
                          "counted: 1 allocs, 1 frees, 8 bytes allocated");
}

// Statements with commas and declarations.
TEST(Budget, StatementsWithCommas) {
  std::map<int, std::string> Names;
  EXPECT_ALLOCS_LE(1, Names.emplace(1, "one"));
  EXPECT_NONFATAL_FAILURE(
      EXPECT_NO_ALLOCS(std::map<int, int> M{{1, 2}, {3, 4}}; keep(&M)),
      "made 2 allocations");
}

TEST(Budget, AssertFormsEndTheTest) {
  ASSERT_ALLOCS_LE(1, delete static_cast<int *>(keep(new int(1))));
  ASSERT_NO_ALLOCS(keep(nullptr));
  ASSERT_ALLOC_BYTES_LE(4, delete static_cast<int *>(keep(new int(1))));
  EXPECT_FATAL_FAILURE(
      ASSERT_NO_ALLOCS(delete static_cast<int *>(keep(new int(1)))),
      "ASSERT_NO_ALLOCS failed");
  EXPECT_FATAL_FAILURE(ASSERT_ALLOCS_LE(1, std::free(keep(std::malloc(1)));
                                        std::free(keep(std::malloc(1)))),
                       "made 2 allocations, over the budget of 1");
  EXPECT_FATAL_FAILURE(
      ASSERT_ALLOC_BYTES_LE(15, std::free(keep(std::malloc(16)))),
      "made 16 bytes allocated, over the budget of 15");
}

// Without the library, or before its start marker, nothing is counted: the
// check fails and says why, whatever the budget.
TEST(Budget, NothingCountedFails) {
  heapcount::Measurement Absent;
  heapcount::BudgetResult R =
      heapcount::checkBudget(Absent, heapcount::Limit::Allocs, 1000);
  EXPECT_FALSE(R);
  EXPECT_NE(R.message().find("the budget failed: the code was not measured: "
                             "heapcount's counting library is not in this "
                             "process"),
            std::string::npos)
      << R.message();

  heapcount::Measurement Paused;
  Paused.Loaded = true;
  R = heapcount::checkBudget(Paused, heapcount::Limit::Bytes, 1000, "f()",
                             "EXPECT_ALLOC_BYTES_LE(1000)");
  EXPECT_FALSE(R);
  EXPECT_NE(R.message().find("EXPECT_ALLOC_BYTES_LE(1000) failed: `f()` was "
                             "not measured: heapcount is loaded but not "
                             "counting"),
            std::string::npos)
      << R.message();
}

// A negative budget is not read as 2^64 - 1, which every statement meets:
// it fails, whatever the statement. (A negative constant does not compile
// with clang: test/heapcount/budget-honest.test.)
TEST(Budget, NegativeBudgetFails) {
  volatile int Limit = -1;
  int Budget = Limit;
  EXPECT_NONFATAL_FAILURE(EXPECT_ALLOCS_LE(Budget, growInts(100)),
                          "EXPECT_ALLOCS_LE(Budget) failed: `growInts(100)` "
                          "cannot meet a negative budget (-1)");
  EXPECT_NONFATAL_FAILURE(EXPECT_ALLOC_BYTES_LE(Budget, keep(nullptr)),
                          "cannot meet a negative budget (-1)");
  long long Lowest = Limit * 9223372036854775807LL - 1;
  heapcount::BudgetResult R = heapcount::allocsAtMost(Lowest, [] {});
  EXPECT_FALSE(R);
  EXPECT_NE(R.message().find("negative budget (-9223372036854775808)"),
            std::string::npos)
      << R.message();
  EXPECT_FALSE(heapcount::allocBytesAtMost(Budget, [] {}));
  // Unsigned and large budgets are what they say.
  EXPECT_TRUE(heapcount::allocsAtMost(~0ULL, [] { growInts(100); }));
}

// The failure quotes the statement as written, not as the preprocessor
// expanded it.
#define GROW_A_HUNDRED growInts(100)
TEST(Budget, StatementQuotedAsWritten) {
  EXPECT_NONFATAL_FAILURE(EXPECT_ALLOCS_LE(7, GROW_A_HUNDRED),
                          "`GROW_A_HUNDRED` made 8 allocations");
  EXPECT_FATAL_FAILURE(ASSERT_NO_ALLOCS(GROW_A_HUNDRED),
                       "ASSERT_NO_ALLOCS failed: `GROW_A_HUNDRED` made");
}

// A budget nested in the statement of another counts for the outer one with
// its statement only: not its measuring, its message, or GoogleTest's record
// of its failure.
TEST(Budget, NestedBudgetsCountStatementsOnly) {
  EXPECT_ALLOCS_LE(16, growInts(100); EXPECT_ALLOCS_LE(8, growInts(100)));
  EXPECT_NONFATAL_FAILURE(
      EXPECT_ALLOCS_LE(15, growInts(100); EXPECT_ALLOCS_LE(8, growInts(100))),
      "made 16 allocations, over the budget of 15");
  EXPECT_NO_ALLOCS(EXPECT_NO_ALLOCS(keep(nullptr));
                   EXPECT_ALLOC_BYTES_LE(0, keep(nullptr)));
  // The inner budget fails (one failure); the outer one, 8, is met.
  EXPECT_NONFATAL_FAILURE(
      EXPECT_ALLOCS_LE(8, EXPECT_ALLOCS_LE(7, GROW_A_HUNDRED)),
      "`GROW_A_HUNDRED` made 8 allocations, over the budget "
      "of 7");
  // Three levels, and the plain form inside the macro.
  EXPECT_ALLOCS_LE(8, EXPECT_ALLOCS_LE(8, EXPECT_TRUE(heapcount::allocsAtMost(
                                              8, [] { growInts(100); }))));
  heapcount::BudgetResult Outer = heapcount::allocsAtMost(8, [] {
    heapcount::BudgetResult Inner =
        heapcount::allocsAtMost(8, [] { growInts(100); });
    keep(&Inner);
  });
  EXPECT_TRUE(Outer) << Outer;
  EXPECT_EQ(Outer.measurement().Allocs, 8u);
}

// The plain form, for other frameworks.
TEST(Budget, PlainForm) {
  heapcount::BudgetResult Met =
      heapcount::allocsAtMost(8, [] { growInts(100); });
  EXPECT_TRUE(Met) << Met;
  heapcount::BudgetResult Exceeded =
      heapcount::allocsAtMost(7, [] { growInts(100); });
  EXPECT_FALSE(Exceeded);
  EXPECT_EQ(Exceeded.measurement().Allocs, 8u);
  EXPECT_EQ(Exceeded.measurement().Frees, 8u);
  EXPECT_TRUE(heapcount::noAllocs([] {}));
  EXPECT_FALSE(heapcount::allocBytesAtMost(1019, [] { growInts(100); }));
}

} // namespace
