#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  S.add("the first line, long enough to be on the heap");
  const Line &First = *S.first();
  for (int I = 0; I < 1000; ++I)
    S.add("line " + std::to_string(I));
  std::printf("%zu %s\n", S.size(), First.Text.c_str());
  return 0;
}
