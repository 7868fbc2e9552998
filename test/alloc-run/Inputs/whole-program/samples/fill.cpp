#include "sample.h"

static Sample named(int I) {
  Sample S;
  S.Tag = 'a';
  S.Value = I * 0.5;
  S.Flag = 'b';
  S.Count = I;
  return S;
}

std::vector<Sample> makeSamples(int N) {
  std::vector<Sample> Samples;
  Samples.reserve(N);
  for (int I = 0; I < N; ++I) {
    Sample S = named(I);
    Samples.push_back(S);
  }
  return Samples;
}
