#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  S.add("the watched line, long enough to be on the heap");
  S.watch();
  for (int I = 0; I < 1000; ++I)
    S.add("line " + std::to_string(I));
  std::printf("%zu\n", S.watched());
  return 0;
}
