#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  for (int I = 0; I < 5; ++I)
    S.add("line " + std::to_string(I));
  S.trim(3);
  std::printf("%zu %s %s\n", S.size(), S.lastText().c_str(),
              S.joined().c_str());
  return 0;
}
