// A user-declared destructor, copy constructor or copy assignment keeps the
// compiler from declaring a class's moves; when the unit moves an object of
// a class that holds a container or a string, every such move copies and
// allocates. The fix-it removes a destructor that does nothing, or declares
// the moves (and the copies they would otherwise delete) defaulted. The
// fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-missing-move %t -- -- -std=c++17

#include <string>
#include <utility>
#include <vector>

// A tree of expressions combined into a vector of children: each growth of
// the vector copies every child, and everything the children hold.
class Expr {
public:
  Expr() = default;
  explicit Expr(char C) : Ch(C) {}
  ~Expr() = default;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Expr' suppresses its move constructor: every move of a 'Expr' copies 'Children' (std::vector<Expr>), allocating [alloc-missing-move]
  // CHECK-NOTES: :[[@LINE+17]]:14: note: 'std::vector<Expr>' copies its elements each time 'push_back' grows it
  // CHECK-NOTES: :[[@LINE+17]]:14: note: 'std::vector<Expr>' copies its elements each time 'push_back' grows it
  // CHECK-NOTES: :[[@LINE+22]]:14: note: 'std::vector<Expr>' copies its elements each time 'push_back' grows it
  // CHECK-NOTES: :[[@LINE-9]]:7: note: the unit moves a 'Expr' in 1 more place
  // CHECK-FIXES: {{^}}  explicit Expr(char C) : Ch(C) {}{{$}}
  // CHECK-FIXES-NEXT: {{^}}  //{{$}}

  friend Expr operator|(const Expr &A, const Expr &B);
  friend Expr single(char C);

private:
  char Ch = 0;
  std::vector<Expr> Children;
};

Expr operator|(const Expr &A, const Expr &B) {
  Expr R;
  R.Children.push_back(A);
  R.Children.push_back(B);
  return R;
}

Expr single(char C) {
  Expr R;
  R.Children.push_back(Expr(C));
  return R;
}

// A polymorphic base: the destructor stays, the moves and copies are
// declared defaulted after it.
struct Shape {
  virtual ~Shape() = default;
  // CHECK-NOTES: :[[@LINE-1]]:11: warning: the user-declared destructor of 'Shape' suppresses its move constructor: every move of a 'Shape' copies 'Name' (std::string), allocating [alloc-missing-move]
  // CHECK-NOTES: :[[@LINE+10]]:16: note: this move of a 'Shape' copies it
  // CHECK-FIXES: {{^}}  virtual ~Shape() = default;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Shape(const Shape &) = default;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Shape(Shape &&) = default;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Shape &operator=(const Shape &) = default;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Shape &operator=(Shape &&) = default;{{$}}
  std::string Name;
};

Shape keep(Shape S) {
  Shape Kept = std::move(S);
  return Kept;
}

// A copy constructor defaulted in the class: the moves are added, the copy
// assignment too (declaring a move would delete it).
class Record {
public:
  Record() = default;
  Record(const Record &) = default;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the user-declared copy constructor of 'Record' suppresses its move constructor: every move of a 'Record' copies 'Fields' (std::vector<std::string>), allocating [alloc-missing-move]
  // CHECK-NOTES: :[[@LINE+11]]:7: note: 'std::vector<Record>' copies its elements each time 'reserve' grows it
  // CHECK-NOTES: :[[@LINE+12]]:9: note: 'std::vector<Record>' copies its elements each time 'push_back' grows it
  // CHECK-NOTES: :[[@LINE+11]]:19: note: the temporary 'Record' passed to 'push_back' is copied into place
  // CHECK-FIXES: {{^}}  Record(const Record &) = default;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Record(Record &&) = default;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Record &operator=(const Record &) = default;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  Record &operator=(Record &&) = default;{{$}}
  std::vector<std::string> Fields;
};

void collect(std::vector<Record> &Out, int N) {
  Out.reserve(N);
  for (int I = 0; I < N; ++I)
    Out.push_back(Record());
}

// An empty destructor body does nothing either.
struct Line {
  ~Line() {}
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Line' suppresses its move constructor: every move of a 'Line' copies 'Text' (std::string), allocating [alloc-missing-move]
  // CHECK-NOTES: :[[@LINE+8]]:20: note: this move of a 'Line' copies it
  // CHECK-FIXES: {{^}}struct Line {{{$}}
  // CHECK-FIXES-NEXT: {{^}}  //{{$}}
  std::string Text;
};

void append(std::vector<Line> &Lines, std::vector<Line> &More) {
  for (Line &L : More)
    Lines.back() = std::move(L);
}
