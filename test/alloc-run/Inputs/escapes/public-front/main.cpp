#include "journal.h"
#include <cstdio>

int main() {
  Journal J;
  for (int I = 0; I < 100; ++I)
    J.add("entry " + std::to_string(I));
  trimOldest(J, 10);
  std::printf("%zu %s\n", J.Entries.size(), J.Entries.front().Text.c_str());
  return 0;
}
