#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// mark() in mark.cpp stores the address of the last element; add() in
// add.cpp grows the deque.
class Scrollback {
public:
  void add(std::string Text);
  void mark();
  const Line *marked() const { return Marked; }
  std::size_t size() const;

private:
  std::deque<Line> Lines;
  const Line *Marked = nullptr;
};

#endif
