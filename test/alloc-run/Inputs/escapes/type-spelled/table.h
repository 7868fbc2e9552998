#ifndef TABLE_H
#define TABLE_H

#include <cstddef>
#include <deque>
#include <string>

struct Row {
  std::string Name;
  int Value = 0;
};

// Filled once by its constructor (table.cpp) and only read after that, so
// a std::vector would do; but begin() spells the member's type, here and in
// rows.cpp, and would have to change with it.
class Table {
public:
  explicit Table(int N);
  std::deque<Row>::const_iterator begin() const;
  std::deque<Row>::const_iterator end() const;

private:
  std::deque<Row> Rows;
};

#endif
