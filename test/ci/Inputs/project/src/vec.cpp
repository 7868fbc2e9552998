#include "util.h"
// Two findings: a vector that never outgrows a small inline buffer, and
// appends in a counted loop without reserve().
int sumVector(int n) {
  std::vector<int> v;
  for (int i = 0; i < 100; ++i)
    v.push_back(i * scale());
  int s = 0;
  for (int x : v)
    s += x;
  return s + n;
}

#include "recent.h"
void Recent::add(int V) { Items.push_back(V); }
