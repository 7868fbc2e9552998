#pragma once
#include <vector>

#include "tiny_config.h"

// Included by both units: the same fix-it comes from each and is applied
// once.
inline std::vector<int> squares(int N) {
  std::vector<int> Out;
  for (int I = 0; I < N; ++I)
    Out.push_back(I * I);
  return Out;
}

int area(int Kind);
int lengths(const char *const *Words, int N);

// Its functions are in shapes.cpp and main.cpp: no single unit sees them
// all, so only the decision across the units makes History a vector.
#include <deque>
class Recent {
public:
  void add(int V);
  int last() const;

private:
  std::deque<int> History;
};
