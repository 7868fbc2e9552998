#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// main.cpp calls dropLast() (drop.cpp) through a pointer to member
// function; every function uses Lines at its back only.
class Scrollback {
public:
  void add(std::string Text);
  void dropLast();
  std::size_t size() const;
  std::string last() const;

private:
  std::deque<Line> Lines;
};

#endif
