#include "table.h"
#include <cstdio>

int main() {
  Table T(100);
  long Sum = 0;
  for (const Row &R : T)
    Sum += R.Value;
  std::printf("%ld\n", Sum);
  return 0;
}
