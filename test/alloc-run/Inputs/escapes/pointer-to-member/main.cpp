#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  for (int I = 0; I < 100; ++I)
    S.add("line " + std::to_string(I));
  for (int I = 0; I < 40; ++I)
    S.drop();
  std::printf("%zu %s\n", S.size(), S.last().c_str());
  return 0;
}
