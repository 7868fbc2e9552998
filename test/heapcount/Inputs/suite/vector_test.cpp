// The suite's first test: 100 push_backs grow a vector 8 times (1, 2, 4,
// ..., 128 elements of 8 bytes), and fill() grows another to 16 ints.
#include "fill.h"

#include <cstdio>

int main() {
  std::vector<long> Numbers;
  for (long I = 0; I < 100; ++I)
    Numbers.push_back(I);
  // VECTOR-SITE: site: vector_test.cpp:[[@LINE-1]]:13 main | std::vector<long, std::allocator<long> > | long (8) | 8 allocs 2040 bytes | counts 1x1 2x1 4x1 8x1 16x1 32x1 64x1 128x1
  std::vector<int> Values;
  fill(Values, 10);
  std::printf("%zu %zu\n", Numbers.size(), Values.size());
  return 0;
}
