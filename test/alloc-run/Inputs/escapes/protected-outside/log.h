#ifndef LOG_H
#define LOG_H

#include <cstddef>
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

// A protected member of a class that can be derived from: trimmed.cpp,
// which is not in the compile database, derives from it and pops the
// front.
class Log {
public:
  void add(std::string Text);
  std::size_t size() const;
  std::string last() const;

protected:
  std::deque<Line> Lines;
};

int trimmedSize();

#endif
