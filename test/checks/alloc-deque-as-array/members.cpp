// Data members of classes defined in this file: the whole class is visible.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t

#include <deque>
#include <string>

struct Cell {
  char Glyph;
  unsigned short Attr;
};

class TextBuffer {
public:
  explicit TextBuffer(int Height) {
    for (int Y = 0; Y < Height; ++Y)
      Rows.emplace_back();
    // CHECK-FIXES: Rows.reserve(Height > 0 ? Height : 0);
    // CHECK-FIXES-NEXT: for (int Y = 0; Y < Height; ++Y)
  }
  // Handing out references is fine: the rows only grow in the constructor.
  std::string &row(int Y) { return Rows[Y]; }
  int height() const { return static_cast<int>(Rows.size()); }

private:
  std::deque<std::string> Rows;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'Rows' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-FIXES: std::vector<std::string> Rows;
};
int useBuffer() { TextBuffer B(3); return B.height() + (int)B.row(0).size(); }

// Growth after references were handed out: a vector would move them, and
// the deque was chosen for that (silent unless WarnWhenReferencesKept is on;
// reference-stability.cpp).
class Log {
public:
  void add(std::string Line) { Lines.push_back(std::move(Line)); }
  const std::string &line(int I) const { return Lines[I]; }
private:
  std::deque<std::string> Lines;
  // CHECK-FIXES: std::deque<std::string> Lines;
};
int useLog() { Log L; L.add("x"); return (int)L.line(0).size(); }

// Front operations in any member function keep the deque.
class History {
public:
  void add(int V) {
    Events.push_back(V);
    if (Events.size() > 8)
      Events.pop_front();
  }
  int last() const { return Events.back(); }

private:
  std::deque<int> Events;
};
int useHistory() { History H; H.add(1); return H.last(); }

// A member initialised in the constructor's initialiser list.
class Grid {
public:
  Grid() : Cells(80) {}
  Cell &at(int X) { return Cells[X]; }

private:
  std::deque<Cell> Cells;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Cells' is a std::deque used only
  // CHECK-FIXES: std::vector<Cell> Cells;
};
int useGrid() { Grid G; return G.at(3).Glyph; }
