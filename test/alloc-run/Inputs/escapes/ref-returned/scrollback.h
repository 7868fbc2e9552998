#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// add() grows Lines in add.cpp; at() hands out references to its elements
// in read.cpp. No unit sees both.
class Scrollback {
public:
  void add(std::string Text);
  const Line &at(std::size_t I) const;
  std::size_t size() const;

private:
  std::deque<Line> Lines;
};

#endif
