#include <vector>

// A unit with no append and no reserve (explain-reach.test): no matcher of
// alloc-reserve-in-loop but the unit's own fires in it, and the code at its
// profiled site is still described.
std::vector<int> copyOf(const std::vector<int> &In) {
  std::vector<int> Out(In); // site(copied@Out)
  return Out;
}
