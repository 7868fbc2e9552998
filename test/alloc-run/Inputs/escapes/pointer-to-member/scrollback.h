#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// drop() in drop.cpp reaches Lines through a pointer to member, and pops
// its front.
class Scrollback {
public:
  void add(std::string Text);
  void drop();
  std::size_t size() const;
  std::string last() const;

private:
  std::deque<Line> Lines;
};

#endif
