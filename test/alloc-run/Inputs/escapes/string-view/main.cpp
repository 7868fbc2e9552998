#include "scrollback.h"
#include <cstdio>

int main() {
  Scrollback S;
  S.add("short");
  S.title();
  for (int I = 0; I < 1000; ++I)
    S.add("line " + std::to_string(I));
  std::printf("%.*s\n", static_cast<int>(S.titled().size()),
              S.titled().data());
  return 0;
}
