#pragma once
#include <deque>

// Its functions are in vec.cpp and other.cpp: no single unit sees them
// all, so only a decision across the database (alloc-run over all of it, or
// merge with the shards' member facts) makes Items a vector.
class Recent {
public:
  void add(int V);
  int count() const;

private:
  std::deque<int> Items;
};
