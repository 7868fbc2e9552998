// A row of cells. Its two constructors are in two files: row.cpp gives a
// plain row one cell, tagged.cpp gives a tagged row two. No single unit
// sees both, so only the whole program can say that two cells inline hold
// every row.
#pragma once
#include <vector>

class Row {
public:
  Row();
  explicit Row(int Tag);
  int sum() const;
  void mark(int V);

private:
  std::vector<int> Cells;
};
