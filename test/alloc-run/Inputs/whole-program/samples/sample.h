// A measurement. Its fields in this order take 24 bytes; the largest first,
// 16. store.cpp keeps thousands of them; fill.cpp makes them. Whether the
// order can change depends on fill.cpp, which store.cpp cannot see.
#pragma once
#include <vector>

struct Sample {
  char Tag;
  double Value;
  char Flag;
  int Count;
};

std::vector<Sample> makeSamples(int N);
double total(const std::vector<Sample> &Samples);
