// The in-process API: heapcount::countIn and heapcount::Scope count what a
// piece of code allocates, under the preloaded library; without it the
// program still runs and every count is 0.
#include "heapcount/heapcount.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

int main() {
  std::printf("active: %d\n", heapcount::active() ? 1 : 0);

  // Growing a vector of ints to 100 elements: capacities 1, 2, 4, ... 128.
  heapcount::Counts Grow = heapcount::countIn([] {
    std::vector<int> Values;
    for (int I = 0; I < 100; ++I)
      Values.push_back(I);
  });
  std::printf("grow: %llu allocs, %llu frees, %llu bytes\n",
              static_cast<unsigned long long>(Grow.Allocs),
              static_cast<unsigned long long>(Grow.Frees),
              static_cast<unsigned long long>(Grow.Bytes));

  // With reserve() first: one allocation.
  heapcount::Counts Reserved = heapcount::countIn([] {
    std::vector<int> Values;
    Values.reserve(100);
    for (int I = 0; I < 100; ++I)
      Values.push_back(I);
  });
  std::printf("reserved: %llu allocs\n",
              static_cast<unsigned long long>(Reserved.Allocs));

  heapcount::Scope Scope;
  void *Block = std::malloc(24);
  heapcount::Counts Open = Scope.counts();
  std::free(Block);
  std::printf("scope: %llu allocs, %llu frees, then %llu frees\n",
              static_cast<unsigned long long>(Open.Allocs),
              static_cast<unsigned long long>(Open.Frees),
              static_cast<unsigned long long>(Scope.counts().Frees));

  heapcount_snapshot C;
  int Active = heapcount_snapshot_take(&C);
  std::printf("c api: %d, live blocks known: %d\n", Active,
              C.live_blocks > 0 ? 1 : 0);
  return 0;
}
