// Included before small_vector.h and not including it: a unit that includes
// this header alone has no proj::SmallVector, so its fix-it cannot use one.
#pragma once
#include <vector>

class Early {
public:
  Early() { Ids.push_back(1); }
  int first() const { return Ids[0]; }

private:
  std::vector<int> Ids;
};
