#include "sample.h"

double total(const std::vector<Sample> &Samples) {
  double Sum = 0;
  for (const Sample &S : Samples)
    Sum += S.Value * S.Count + S.Tag + S.Flag;
  return Sum;
}
