#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  S.add("the first line, long enough to be on the heap");
  const std::string &First = S.firstText();
  for (int I = 0; I < 1000; ++I)
    S.add("line " + std::to_string(I));
  std::printf("%s\n", First.c_str());
  return 0;
}
