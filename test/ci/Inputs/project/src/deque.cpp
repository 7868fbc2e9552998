#include "util.h"
// One finding: a deque used only at its back.
int sumDeque() {
  std::deque<int> d;
  for (int i = 0; i < 10; ++i)
    d.push_back(i);
  int s = 0;
  for (int x : d)
    s += x;
  return s;
}
