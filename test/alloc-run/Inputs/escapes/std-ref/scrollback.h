#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <functional>
#include <string>
#include <vector>

struct Line {
  std::string Text;
};

// pin() in pin.cpp keeps std::ref wrappers of elements; add() in add.cpp
// grows the deque.
class Scrollback {
public:
  void add(std::string Text);
  void pin();
  std::string pinned() const;

private:
  std::deque<Line> Lines;
  std::vector<std::reference_wrapper<Line>> Pinned;
};

#endif
