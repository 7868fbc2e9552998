// GoogleTest programs for count-gtest.test: OUTCOME selects what the second
// test does (pass, fail, crash the process in the middle of the run, or
// skip itself).
#include "gtest/gtest.h"
#include <cstdlib>

TEST(Counted, Passes) { EXPECT_EQ(1 + 1, 2); }

TEST(Counted, Second) {
#if OUTCOME == 1
  EXPECT_EQ(1 + 1, 3);
#elif OUTCOME == 2
  std::abort();
#elif OUTCOME == 3
  GTEST_SKIP() << "a library is missing here";
#endif
}

TEST(Counted, Third) { SUCCEED(); }
