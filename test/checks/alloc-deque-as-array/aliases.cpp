// Deques spelled through a type alias: the alias is rewritten when every
// declaration that names it converts; otherwise the warning has no fix-it.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t

#include <deque>

struct Row {
  int Id;
};

using Rows = std::deque<Row>;
// CHECK-FIXES: using Rows = std::vector<Row>;

int twoUsers() {
  Rows A;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'A' is a std::deque used only at its back
  Rows B;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'B' is a std::deque used only at its back
  A.push_back(Row{1});
  B.push_back(Row{2});
  return A.back().Id + B[0].Id;
}

// An alias shared with a deque that uses its front: no fix-it for anyone.
typedef std::deque<int> Queue;
// CHECK-FIXES: typedef std::deque<int> Queue;

int sharedAlias() {
  Queue Back;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'Back' is a std::deque used only at its back
  Queue Front;
  Back.push_back(1);
  Front.push_front(2);
  return Back.back() + Front.front();
}

// An alias used by something that is not a variable the check follows.
using Ints = std::deque<int>;
// CHECK-FIXES: using Ints = std::deque<int>;
static int sum(const Ints &Values) { return static_cast<int>(Values.size()); }
int aliasInSignature() {
  Ints Local;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'Local' is a std::deque used only at its back
  Local.push_back(1);
  return static_cast<int>(Local.size()) + sum(Ints());
}

// Several declarators share one spelled type: all convert, one rewrite.
int declarators() {
  std::deque<int> X, Y;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'X' is a std::deque used only
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: 'Y' is a std::deque used only
  // CHECK-FIXES: std::vector<int> X, Y;
  X.push_back(1);
  Y.push_back(2);
  return X.back() + Y.back();
}

// One of them must stay a deque: no rewrite.
int mixedDeclarators() {
  std::deque<int> Kept, Changed;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'Changed' is a std::deque used only
  // CHECK-FIXES: std::deque<int> Kept, Changed;
  Kept.push_front(1);
  Changed.push_back(2);
  return Kept.front() + Changed.back();
}
