#include "sample.h"
#include <cstdio>

int main() {
  std::vector<Sample> Samples = makeSamples(5000);
  std::printf("%zu samples, %.1f\n", Samples.size(), total(Samples));
  return 0;
}
