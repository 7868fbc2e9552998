#ifndef ROW_H
#define ROW_H

#include <vector>

// Every Row is made with two cells (row.cpp), and mark() adds one only under
// a condition: an inline buffer of two would hold them. But first() in
// read.cpp hands out a reference to a cell, and main.cpp keeps it while the
// std::vector<Row> that holds the row grows and moves its rows: a
// std::vector's cells stay where they are, an inline buffer's move with the
// row.
class Row {
public:
  Row(int A, int B);
  void mark(int V);
  const int &first() const;
  int sum() const;

private:
  std::vector<int> Cells;
};

#endif
