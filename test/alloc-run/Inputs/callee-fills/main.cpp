#include "speller.h"
#include <cstdio>
#include <string>

int main() {
  Speller S("en");
  int Even = 0;
  for (int I = 0; I < 300; ++I)
    Even += S.check("word-number-" + std::to_string(I * 7919));
  Even += S.checkRemembered("remembered");
  Even += countWide({"one", "two", "three"});
  std::printf("%d %d\n", Even, S.checked());
  return 0;
}
