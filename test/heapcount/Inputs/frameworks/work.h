// The code the Catch2 and doctest programs hold to budgets: growing a
// vector of ints to 100 elements makes 8 allocations with libstdc++
// (capacities 1, 2, 4, ... 128), 1020 bytes; a lookup in a vector that is
// already there makes none.
#ifndef HEAPCOUNT_TEST_FRAMEWORKS_WORK_H
#define HEAPCOUNT_TEST_FRAMEWORKS_WORK_H

#include <vector>

__attribute__((noinline)) inline void buildBuffer(int Rows) {
  std::vector<int> Values;
  for (int I = 0; I < Rows; ++I)
    Values.push_back(I);
  asm volatile("" : : "r"(Values.data()) : "memory");
}

struct Cache {
  std::vector<int> Values = std::vector<int>(64, 7);
  __attribute__((noinline)) int lookup(int Key) const {
    return Values[static_cast<unsigned>(Key) % Values.size()];
  }
};

#endif // HEAPCOUNT_TEST_FRAMEWORKS_WORK_H
