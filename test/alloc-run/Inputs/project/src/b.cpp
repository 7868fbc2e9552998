#include "util.h"
int sumB() {
  std::deque<int> d;
  for (int i = 0; i < 10; ++i)
    d.push_back(i);
  int s = 0;
  for (int x : d)
    s += x;
  return s;
}
