#ifndef SCROLLBACK_H
#define SCROLLBACK_H

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

struct Line {
  std::string Text;
};

// title() in title.cpp keeps a std::string_view over an element's text (a
// short one, in the string's own inline buffer); add() in add.cpp grows the
// deque.
class Scrollback {
public:
  void add(std::string Text);
  void title();
  std::string_view titled() const { return Title; }

private:
  std::deque<Line> Lines;
  std::string_view Title;
};

#endif
