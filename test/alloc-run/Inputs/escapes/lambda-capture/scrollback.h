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

// watch() in watch.cpp keeps a lambda that captures the last element by
// reference; add() in add.cpp grows the deque before the lambda runs.
class Scrollback {
public:
  void add(std::string Text);
  void watch();
  std::size_t watched() const;

private:
  std::deque<Line> Lines;
  std::vector<std::function<std::size_t()>> Watchers;
};

#endif
