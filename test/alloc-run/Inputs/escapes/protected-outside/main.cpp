#include "log.h"
#include <cstdio>

int main() {
  Log L;
  for (int I = 0; I < 100; ++I)
    L.add("line " + std::to_string(I));
  std::printf("%zu %s %d\n", L.size(), L.last().c_str(), trimmedSize());
  return 0;
}
