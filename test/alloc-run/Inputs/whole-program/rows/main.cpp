#include "row.h"
#include <cstdio>

int main() {
  int Total = 0;
  for (int I = 0; I < 100; ++I) {
    Row Plain;
    Row Tagged(I);
    Tagged.mark(I % 7 - 3);
    Total += Plain.sum() + Tagged.sum();
  }
  std::printf("%d\n", Total);
  return 0;
}
