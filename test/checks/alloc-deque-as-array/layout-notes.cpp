// The layout note of a data member's diagnostic: how the enclosing class's
// size changes when the deque becomes a vector, checked against sizeof in the
// compiled program before and after the fix.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -- -config="{CheckOptions: {alloc-deque-as-array.StackAdaptors: true}}" -- -DPRINT_SIZES
// RUN: %clangxx -std=c++17 -DPRINT_SIZES %s -o %t.before
// RUN: %t.before | FileCheck %s --check-prefix=BEFORE
// RUN: %clangxx -std=c++17 -DPRINT_SIZES %t.plugin.fixed.cpp -o %t.after
// RUN: %t.after | FileCheck %s --check-prefix=AFTER
// RUN: %check_alloc_tidy -check-suffix=FULL %s alloc-deque-as-array %t.full -- -config="{CheckOptions: {alloc-deque-as-array.LayoutNotes: Full, alloc-deque-as-array.StackAdaptors: true}}"
// RUN: %check_alloc_tidy -check-suffix=NONE %s alloc-deque-as-array %t.none -- -config="{CheckOptions: {alloc-deque-as-array.LayoutNotes: None, alloc-deque-as-array.StackAdaptors: true}}"

#include <cstdio>
#include <deque>
#include <stack>
#include <vector>

struct Row {
  int Cells[4];
};

class Screen {
public:
  explicit Screen(int Height) {
    for (int Y = 0; Y < Height; ++Y)
      Rows.emplace_back();
  }
  Row &row(int Y) { return Rows[Y]; }

private:
  int Width = 80;
  std::deque<Row> Rows;
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Rows' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: on libstdc++, std::deque<Row> allocates one 512-byte block per 32 elements
  // CHECK-NOTES: :24:5: note: this loop appends one element per iteration
  // CHECK-NOTES: :[[@LINE-4]]:19: note: 'Screen' shrinks from 88 to 32 bytes (-56) when 'Rows' becomes std::vector<Row>{{$}}
  // CHECK-NOTES-FULL: :[[@LINE-5]]:19: warning: 'Rows' is a std::deque used only at its back
  // CHECK-NOTES-FULL: :[[@LINE-6]]:19: note: on libstdc++
  // CHECK-NOTES-FULL: :24:5: note: this loop appends one element per iteration
  // CHECK-NOTES-FULL: :[[@LINE-8]]:19: note: 'Screen' shrinks from 88 to 32 bytes (-56) when 'Rows' becomes std::vector<Row>{{$}}
  // CHECK-NOTES-FULL: :[[@LINE-9]]:19: note: layout of 'Screen' (offset +size) before -> after:
  // CHECK-NOTES-FULL-NEXT: {{^}}  Width    0 +4        0 +4{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  Rows     8 +80       8 +24{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  padding  4           4{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  sizeof   88          32{{$}}
  // CHECK-MESSAGES-NONE: :[[@LINE-14]]:19: warning: 'Rows' is a std::deque used only at its back
  // CHECK-FIXES: std::vector<Row> Rows;
  // CHECK-FIXES-FULL: std::vector<Row> Rows;
  // CHECK-FIXES-NONE: std::vector<Row> Rows;
};

// A stack member: std::stack<int> becomes std::stack<int, std::vector<int>>.
class Parser {
public:
  void push(int State) { States.push(State); }
  int top() const { return States.top(); }

private:
  std::stack<int> States;
  char Mode = 0;
  // CHECK-NOTES: :[[@LINE-2]]:19: warning: 'States' is a std::stack over a std::deque; over a std::vector it makes fewer allocations [alloc-deque-as-array]
  // CHECK-NOTES: :[[@LINE-3]]:19: note: on libstdc++ an empty std::deque already allocates
  // CHECK-NOTES: :[[@LINE-4]]:19: note: 'Parser' shrinks from 88 to 32 bytes (-56) when 'States' becomes std::stack<int, std::vector<int>>{{$}}
  // CHECK-NOTES-FULL: :[[@LINE-5]]:19: warning: 'States' is a std::stack
  // CHECK-NOTES-FULL: :[[@LINE-6]]:19: note: on libstdc++
  // CHECK-NOTES-FULL: :[[@LINE-7]]:19: note: 'Parser' shrinks from 88 to 32 bytes (-56)
  // CHECK-NOTES-FULL: :[[@LINE-8]]:19: note: layout of 'Parser' (offset +size) before -> after:
  // CHECK-NOTES-FULL-NEXT: {{^}}  States   0 +80       0 +24{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  Mode     80 +1       24 +1{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  padding  7           7{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  sizeof   88          32{{$}}
  // CHECK-MESSAGES-NONE: :[[@LINE-13]]:19: warning: 'States' is a std::stack
  // CHECK-FIXES: std::stack<int, std::vector<int>> States;
  // CHECK-FIXES-FULL: std::stack<int, std::vector<int>> States;
  // CHECK-FIXES-NONE: std::stack<int, std::vector<int>> States;
};

// A local has no enclosing record: no layout note.
int sum(int N) {
  std::deque<int> Values;
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Values' is a std::deque used only at its back
  // CHECK-NOTES: :[[@LINE-2]]:19: note: on libstdc++
  // CHECK-NOTES: :[[@LINE+8]]:3: note: this loop appends one element per iteration
  // CHECK-NOTES-FULL: :[[@LINE-4]]:19: warning: 'Values' is a std::deque used only at its back
  // CHECK-NOTES-FULL: :[[@LINE-5]]:19: note: on libstdc++
  // CHECK-NOTES-FULL: :[[@LINE+5]]:3: note: this loop appends one element per iteration
  // CHECK-MESSAGES-NONE: :[[@LINE-7]]:19: warning: 'Values' is a std::deque used only at its back
  // CHECK-FIXES: std::vector<int> Values;
  // CHECK-FIXES-FULL: std::vector<int> Values;
  // CHECK-FIXES-NONE: std::vector<int> Values;
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  int Total = 0;
  for (int V : Values)
    Total += V;
  return Total;
}

#ifdef PRINT_SIZES
int main() {
  Screen S(2);
  Parser P;
  P.push(1);
  std::printf("Screen %zu Parser %zu\n", sizeof(Screen), sizeof(Parser));
  // BEFORE: Screen 88 Parser 88
  // AFTER: Screen 32 Parser 32
  return S.row(1).Cells[0] + P.top() + sum(3) - 4;
}
#endif
