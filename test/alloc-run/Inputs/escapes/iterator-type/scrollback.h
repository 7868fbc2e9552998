#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// first() spells the member's type in its declaration here and in its
// definition in first.cpp.
class Scrollback {
public:
  void add(std::string Text);
  std::deque<Line>::const_iterator first() const;
  std::size_t size() const;

private:
  std::deque<Line> Lines;
};

#endif
