// Data members that every constructor fills with the same small number of
// elements, and that other member functions grow only under a condition:
// an inline buffer of that many elements saves one allocation per object.
// RUN: %check_alloc_tidy %s alloc-small-vector %t

#include <memory>
#include <vector>
#include <boost/container/small_vector.hpp> // the project uses it
struct Cell {
  char Glyph;
  unsigned char Attr;
};
struct Run {
  int Attr;
  int Length;
};

// A row of a console screen buffer: the cells are sized by the screen width,
// which every construction passes as 120, and the attribute runs start with
// one run that covers the row.
class Row {
public:
  explicit Row(int Width) : Cells(Width) { Runs.push_back({7, Width}); }
  void setAttr(int X, int Attr) {
    if (Attr != Runs.back().Attr)
      Runs.push_back({Attr, X});
  }
  Cell &at(int X) { return Cells[X]; }
  int runs() const { return static_cast<int>(Runs.size()); }

private:
  std::vector<Cell> Cells;
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'Cells' holds 120 elements in every 'Row'; boost::container::small_vector<Cell, 120> keeps them inline and saves one allocation per 'Row' [alloc-small-vector]
  // CHECK-NOTES: :23:29: note: every construction of 'Row' passes 120 for 'Width'
  // at() hands out references to cells: a Row that moves (a std::vector of
  // rows growing) would take inline cells with it. Worth knowing; only the
  // author can tell that no reference is held across a move.
  // CHECK-NOTES: :[[@LINE-6]]:21: note: no fix-it: 'Row::at' returns a reference into it ({{.*}}:28); an inline buffer moves its elements with the 'Row' that holds it, and the reference would not survive a move
  // CHECK-NOTES: :[[@LINE-7]]:21: note: 'Row' grows from 48 to 288 bytes (+240) when 'Cells' becomes boost::container::small_vector<Cell, 120>
  // CHECK-FIXES: {{^}}  std::vector<Cell> Cells;{{$}}
  std::vector<Run> Runs;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Runs' starts with 1 element in every 'Row' and grows only under a condition; boost::container::small_vector<Run, 1> keeps it inline and saves one allocation per 'Row' [alloc-small-vector]
  // CHECK-NOTES: :23:12: note: 'Row(int)' gives it 1 element
  // CHECK-NOTES: :26:7: note: it grows here, under a condition; beyond 1 element it allocates as a std::vector does
  // CHECK-NOTES: :[[@LINE-4]]:20: note: 'Row' grows from 48 to 56 bytes (+8) when 'Runs' becomes boost::container::small_vector<Run, 1>
  // CHECK-FIXES: {{^}}  boost::container::small_vector<Run, 1> Runs;{{$}}
};

// The width reaches Row through another constructor and emplace_back.
class Screen {
public:
  Screen(int Width, int Height) {
    for (int Y = 0; Y < Height; ++Y)
      Rows.emplace_back(Width);
  }
  Row &row(int Y) { return Rows[Y]; }

private:
  std::vector<Row> Rows;
};

Screen Main(120, 30);
Row Status(120);
auto Spare = std::make_unique<Row>(120);

// Every constructor gives 2 elements: a default member initializer, a
// constructor initializer, and appends in a constructor body; a delegating
// constructor keeps its target's.
class Span {
public:
  Span() = default;
  Span(int A, int B) : Ends{A, B} {}
  explicit Span(int A) : Span() { Ends[0] = A; }
  Span(const Span &Other) = default;
  int length() const { return Ends[1] - Ends[0]; }

private:
  std::vector<int> Ends = {0, 0};
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Ends' holds 2 elements in every 'Span'; boost::container::small_vector<int, 2> keeps them inline and saves one allocation per 'Span' [alloc-small-vector]
  // CHECK-NOTES: :71:3: note: the default constructor gives it 2 elements
  // CHECK-NOTES: :72:24: note: 'Span(int, int)' gives it 2 elements
  // CHECK-NOTES: :73:12: note: 'Span(int)' gives it 2 elements
  // CHECK-NOTES: :[[@LINE-5]]:20: note: 'Span' grows from 24 to 32 bytes (+8) when 'Ends' becomes boost::container::small_vector<int, 2>
  // CHECK-FIXES: {{^}}  boost::container::small_vector<int, 2> Ends = {0, 0};{{$}}
};

class Path {
public:
  Path() {
    Points.push_back(0);
    for (int I = 0; I < 3; ++I)
      Points.push_back(I);
  }
  void extend(bool Far) {
    if (Far)
      Points.push_back(9);
  }
  int sum() const {
    int S = 0;
    for (int P : Points)
      S += P;
    return S;
  }

private:
  std::vector<int> Points;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Points' starts with 4 elements in every 'Path' and grows only under a condition; boost::container::small_vector<int, 4> keeps them inline
  // CHECK-NOTES: :89:3: note: 'Path()' gives it 4 elements
  // CHECK-NOTES: :96:7: note: it grows here, under a condition; beyond 4 elements it allocates as a std::vector does
  // CHECK-NOTES: :[[@LINE-4]]:20: note: 'Path' grows from 24 to 40 bytes (+16) when 'Points' becomes boost::container::small_vector<int, 4>
  // CHECK-FIXES: {{^}}  boost::container::small_vector<int, 4> Points;{{$}}
};

int main() {
  Span S(1, 4), T(S);
  Path P;
  P.extend(true);
  Main.row(0).setAttr(3, 4);
  return S.length() + T.length() + P.sum() + Status.runs() + Spare->runs();
}
