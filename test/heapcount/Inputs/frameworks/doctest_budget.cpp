// heapcount/budget.h in doctest, in the forms docs/heapcount.md shows:
// CHECK on the BudgetResult, and CHECK_MESSAGE with its message.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include "heapcount/budget.h"
#include "work.h"

#include <doctest/doctest.h>

static const int Rows = 100;

TEST_CASE("buffer builds in 8 allocations") {
  CHECK(heapcount::allocsAtMost(8, [&] { buildBuffer(Rows); }));
}

TEST_CASE("lookup does not allocate") {
  Cache C;
  int Found = 0;
  auto R = heapcount::noAllocs([&] { Found = C.lookup(3); });
  CHECK_MESSAGE(R.ok(), R.message());
  CHECK(Found == 7);
}

TEST_CASE("buffer builds in 7 allocations") {
  auto R = heapcount::allocsAtMost(7, [&] { buildBuffer(Rows); });
  CHECK_MESSAGE(R.ok(), R.message());
}

TEST_CASE("buffer asks for at most 1000 bytes") {
  CHECK(heapcount::allocBytesAtMost(1000, [&] { buildBuffer(Rows); }));
}
