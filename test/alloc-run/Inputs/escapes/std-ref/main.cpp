#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  S.add("the pinned line, long enough to be on the heap");
  S.pin();
  for (int I = 0; I < 1000; ++I)
    S.add("line " + std::to_string(I));
  std::printf("%s\n", S.pinned().c_str());
  return 0;
}
