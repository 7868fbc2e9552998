#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  S.add("the first line, long enough to be on the heap");
  // Kept across every add(): a std::deque keeps it valid, a std::vector
  // would move the element away.
  const Line &First = S.at(0);
  for (int I = 0; I < 1000; ++I)
    S.add("line " + std::to_string(I));
  std::printf("%zu %s\n", S.size(), First.Text.c_str());
  return 0;
}
