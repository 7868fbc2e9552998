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

/// One budget assertion: measures the statement and checks it when it is
/// made. As a base, OwnWork outlives the result, so everything the
/// assertion does for its own sake (measuring, the message, GoogleTest's
/// record of a failure, freeing them) is left out of a budget it is nested
/// in.
class Check : private detail::OwnWork {
public:
  template <typename Callable>
  Check(Limit What, BudgetLimit Max, const char *Code, const char *Assertion,
        Callable &&Body)
      : Result(checkBudget(detail::measureIn(*this, Body), What, Max, Code,
                           Assertion)) {}
  explicit operator bool() const { return Result.ok(); }
  const char *message() const { return Result.message().c_str(); }

private:
  BudgetResult Result;
};

} // namespace gtest_detail
} // namespace heapcount

// The statement is quoted as written (CODE is stringized by the assertion
// itself, before its macros are expanded) and runs in a lambda, so its
// commas (template arguments, braces) need no parentheses. The check lives
// until the failure is reported: see gtest_detail::Check. __COUNTER__ names
// it apart from the check of a budget nested in the statement.
#define HEAPCOUNT_GTEST_BUDGET_(FAILURE, NAME, WHAT, MAX, CODE, ...)           \
  HEAPCOUNT_GTEST_BUDGET_AS_(__COUNTER__, FAILURE, NAME, WHAT, MAX, CODE,      \
                             __VA_ARGS__)
#define HEAPCOUNT_GTEST_BUDGET_AS_(ID, ...)                                    \
  HEAPCOUNT_GTEST_BUDGET_NAMED_(HEAPCOUNT_GTEST_CAT_(heapcount_check_, ID),    \
                                __VA_ARGS__)
#define HEAPCOUNT_GTEST_CAT_(A, B) HEAPCOUNT_GTEST_CAT2_(A, B)
#define HEAPCOUNT_GTEST_CAT2_(A, B) A##B
#define HEAPCOUNT_GTEST_BUDGET_NAMED_(CHECK, FAILURE, NAME, WHAT, MAX, CODE,   \
                                      ...)                                     \
  GTEST_AMBIGUOUS_ELSE_BLOCKER_                                                \
  if (const ::heapcount::gtest_detail::Check CHECK{::heapcount::Limit::WHAT,   \
                                                   (MAX), CODE, NAME,          \
                                                   [&]() { __VA_ARGS__; }})    \
    ;                                                                          \
  else                                                                         \
    FAILURE(CHECK.message())

#define EXPECT_ALLOCS_LE(N, ...)                                               \
  HEAPCOUNT_GTEST_BUDGET_(GTEST_NONFATAL_FAILURE_, "EXPECT_ALLOCS_LE(" #N ")", \
                          Allocs, N, #__VA_ARGS__, __VA_ARGS__)
#define ASSERT_ALLOCS_LE(N, ...)                                               \
  HEAPCOUNT_GTEST_BUDGET_(GTEST_FATAL_FAILURE_, "ASSERT_ALLOCS_LE(" #N ")",    \
                          Allocs, N, #__VA_ARGS__, __VA_ARGS__)
#define EXPECT_NO_ALLOCS(...)                                                  \
  HEAPCOUNT_GTEST_BUDGET_(GTEST_NONFATAL_FAILURE_, "EXPECT_NO_ALLOCS", Allocs, \
                          0, #__VA_ARGS__, __VA_ARGS__)
#define ASSERT_NO_ALLOCS(...)                                                  \
  HEAPCOUNT_GTEST_BUDGET_(GTEST_FATAL_FAILURE_, "ASSERT_NO_ALLOCS", Allocs, 0, \
                          #__VA_ARGS__, __VA_ARGS__)
#define EXPECT_ALLOC_BYTES_LE(B, ...)                                          \
  HEAPCOUNT_GTEST_BUDGET_(GTEST_NONFATAL_FAILURE_,                             \
                          "EXPECT_ALLOC_BYTES_LE(" #B ")", Bytes, B,           \
                          #__VA_ARGS__, __VA_ARGS__)
#define ASSERT_ALLOC_BYTES_LE(B, ...)                                          \
  HEAPCOUNT_GTEST_BUDGET_(GTEST_FATAL_FAILURE_,                                \
                          "ASSERT_ALLOC_BYTES_LE(" #B ")", Bytes, B,           \
                          #__VA_ARGS__, __VA_ARGS__)

#endif // HEAPCOUNT_GTEST_H
