//===- gtest.h - heap-call budgets as GoogleTest assertions ----*- C++ -*-===//
//
//   #include "heapcount/gtest.h"
//
//   TEST(Buffer, BuildsInThreeAllocations) {
//     EXPECT_ALLOCS_LE(3, buildBuffer(Rows));
//     EXPECT_NO_ALLOCS(Buffer.clear());
//     ASSERT_ALLOC_BYTES_LE(4096, std::string Line = render(Row));
//   }
//
// Each assertion runs its statement once, counts the heap calls made while
// it runs (the whole process's) and fails when they exceed the budget, with
// the counts and, when stacks are recorded (HEAPCOUNT_STACKS=16), the top
// call sites. It also fails, saying so, when nothing could be counted: link
// the test with AllocTidy::heapcount (or run it under `heapcount`). The
// statement may contain commas and declarations; it runs in a lambda that
// captures by reference, so a declaration ends with it, and `return` leaves
// the statement only.
//
// EXPECT_ALLOCS_LE(N, STATEMENT)        at most N allocations
// EXPECT_NO_ALLOCS(STATEMENT)           no allocation
// EXPECT_ALLOC_BYTES_LE(B, STATEMENT)   at most B bytes requested in all
// and ASSERT_ALLOCS_LE, ASSERT_NO_ALLOCS, ASSERT_ALLOC_BYTES_LE, which end
// the test on failure.
//
//===----------------------------------------------------------------------===//

#ifndef HEAPCOUNT_GTEST_H
#define HEAPCOUNT_GTEST_H

#include "heapcount/budget.h"

#include <gtest/gtest.h>

namespace heapcount {
namespace gtest_detail {

/// A predicate-formatter for EXPECT_PRED_FORMAT1: the measurement is its
/// argument, so that GoogleTest evaluates the statement once, inside the
/// assertion.
class Budget {
public:
  Budget(Limit What, std::uint64_t Max, const char *Code, const char *Assertion)
      : What(What), Max(Max), Code(Code), Assertion(Assertion) {}
  ::testing::AssertionResult operator()(const char *,
                                        const Measurement &M) const {
    BudgetResult R = checkBudget(M, What, Max, Code, Assertion);
    if (R)
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << R.message();
  }

private:
  Limit What;
  std::uint64_t Max;
  const char *Code;
  const char *Assertion;
};

} // namespace gtest_detail
} // namespace heapcount

// The parentheses keep a statement's commas (template arguments, braces)
// from splitting GoogleTest's macro arguments.
#define HEAPCOUNT_GTEST_BUDGET_(CHECK, NAME, WHAT, MAX, ...)                   \
  CHECK((::heapcount::gtest_detail::Budget(::heapcount::Limit::WHAT, (MAX),    \
                                           #__VA_ARGS__, NAME)),               \
        (::heapcount::measure([&]() { __VA_ARGS__; })))

#define EXPECT_ALLOCS_LE(N, ...)                                               \
  HEAPCOUNT_GTEST_BUDGET_(EXPECT_PRED_FORMAT1, "EXPECT_ALLOCS_LE(" #N ")",     \
                          Allocs, N, __VA_ARGS__)
#define ASSERT_ALLOCS_LE(N, ...)                                               \
  HEAPCOUNT_GTEST_BUDGET_(ASSERT_PRED_FORMAT1, "ASSERT_ALLOCS_LE(" #N ")",     \
                          Allocs, N, __VA_ARGS__)
#define EXPECT_NO_ALLOCS(...)                                                  \
  HEAPCOUNT_GTEST_BUDGET_(EXPECT_PRED_FORMAT1, "EXPECT_NO_ALLOCS", Allocs, 0,  \
                          __VA_ARGS__)
#define ASSERT_NO_ALLOCS(...)                                                  \
  HEAPCOUNT_GTEST_BUDGET_(ASSERT_PRED_FORMAT1, "ASSERT_NO_ALLOCS", Allocs, 0,  \
                          __VA_ARGS__)
#define EXPECT_ALLOC_BYTES_LE(B, ...)                                          \
  HEAPCOUNT_GTEST_BUDGET_(EXPECT_PRED_FORMAT1,                                 \
                          "EXPECT_ALLOC_BYTES_LE(" #B ")", Bytes, B,           \
                          __VA_ARGS__)
#define ASSERT_ALLOC_BYTES_LE(B, ...)                                          \
  HEAPCOUNT_GTEST_BUDGET_(ASSERT_PRED_FORMAT1,                                 \
                          "ASSERT_ALLOC_BYTES_LE(" #B ")", Bytes, B,           \
                          __VA_ARGS__)

#endif // HEAPCOUNT_GTEST_H
