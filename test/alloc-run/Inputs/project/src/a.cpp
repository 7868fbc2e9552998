#include "util.h"
#include <vector>
int sumA(int n) {
  std::vector<int> v;
  for (int i = 0; i < 100; ++i)
    v.push_back(i * helperValue());
  int s = 0;
  for (int x : v)
    s += x;
  return s + n;
}
