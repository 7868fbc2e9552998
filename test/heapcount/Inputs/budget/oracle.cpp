// buildIndex(400) N times, for valgrind: the difference between N=1 and
// N=0 is what one call allocates.
#include "work.h"

#include <cstdlib>

int main(int Argc, char **Argv) {
  int Times = Argc > 1 ? std::atoi(Argv[1]) : 1;
  std::size_t Sum = 0;
  for (int I = 0; I < Times; ++I)
    Sum += buildIndex(400);
  return Sum == static_cast<std::size_t>(Times) * 40 ? 0 : 1;
}
