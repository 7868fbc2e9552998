#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// Its functions are spread over scrollback.cpp and trim.cpp: no single
// translation unit sees all the code that uses History.
class Scrollback {
public:
  void add(std::string Text);
  std::string lastText() const;
  std::size_t size() const { return History.size(); }
  void trim(std::size_t Keep);
  std::string joined() const;

private:
  std::deque<Line> History;
};

#endif
