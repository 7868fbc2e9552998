// A class in a header whose functions live in two places: inline here, and
// drop() in scrollback.cpp, which uses the front. Opened as the main file
// (an editor does that), the header alone must not offer the deque fix-it.
#include <deque>
#include <string>

struct Line {
  std::string Text;
};

class Scrollback {
public:
  void add(Line L) { History.push_back(std::move(L)); }
  std::string lastText() const { return History.back().Text; }
  std::size_t size() const { return History.size(); }
  void drop();

private:
  std::deque<Line> History;
};

// Every function defined here: the header sees all the code that can name
// the private member.
class Status {
public:
  void set(std::string S) { Messages.push_back(std::move(S)); }
  std::size_t count() const { return Messages.size(); }

private:
  std::deque<std::string> Messages;
};
