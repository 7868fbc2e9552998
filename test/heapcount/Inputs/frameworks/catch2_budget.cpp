// heapcount/budget.h in Catch2 (v2), in the form docs/heapcount.md shows:
// CHECK on the BudgetResult, which Catch2 prints when the check fails.
#define CATCH_CONFIG_MAIN
#include "heapcount/budget.h"
#include "work.h"

#include <catch2/catch.hpp>

static const int Rows = 100;

TEST_CASE("buffer builds in 8 allocations") {
  CHECK(heapcount::allocsAtMost(8, [&] { buildBuffer(Rows); }));
}

TEST_CASE("lookup does not allocate") {
  Cache C;
  int Found = 0;
  CHECK(heapcount::noAllocs([&] { Found = C.lookup(3); }));
  CHECK(Found == 7);
}

TEST_CASE("buffer builds in 7 allocations") {
  CHECK(heapcount::allocsAtMost(7, [&] { buildBuffer(Rows); }));
}

TEST_CASE("buffer asks for at most 1000 bytes") {
  CHECK(heapcount::allocBytesAtMost(1000, [&] { buildBuffer(Rows); }));
}
