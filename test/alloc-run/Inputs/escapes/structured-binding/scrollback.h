#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// firstText() in read.cpp returns a reference to an element's text through
// a structured binding; add() in add.cpp grows the deque.
class Scrollback {
public:
  void add(std::string Text);
  const std::string &firstText() const;

private:
  std::deque<Line> Lines;
};

#endif
