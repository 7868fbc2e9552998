// std::stack<T> defaults to std::deque<T>; over a std::vector it makes fewer
// allocations.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -- -config="{CheckOptions: {alloc-deque-as-array.TargetSTL: libstdc++, alloc-deque-as-array.StackAdaptors: true}}"
// Off by default: a stack as deep as the nesting it tracks makes more
// allocations over a std::vector (1, 2, 4, ...) than over the deque (2).
// RUN: %alloc_tidy --checks='-*,alloc-deque-as-array' --config="{CheckOptions: {alloc-deque-as-array.StackAdaptors: true, alloc-deque-as-array.WarnWhenReferencesKept: true}}" %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: %alloc_tidy --checks='-*,alloc-deque-as-array' --config='{}' %s -- -std=c++17 2>&1 | count 0

#include <deque>
#include <queue>
#include <stack>
#include <string>
#include <utility>
#include <vector>

int depth(const std::string &Text) {
  std::stack<char> Open;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Open' is a std::stack over a std::deque; over a std::vector it makes fewer allocations [alloc-deque-as-array]
  // CHECK-FIXES: std::stack<char, std::vector<char>> Open;
  int Max = 0;
  for (char C : Text) {
    if (C == '(')
      Open.push(C);
    else if (C == ')' && !Open.empty())
      Open.pop();
    Max = Open.size() > static_cast<unsigned>(Max) ? Open.size() : Max;
  }
  return Max;
}

class Parser {
  std::stack<std::string> Scopes;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'Scopes' is a std::stack over a std::deque
  // CHECK-FIXES: std::stack<std::string, std::vector<std::string>> Scopes;
public:
  void enter(std::string Name) { Scopes.emplace(std::move(Name)); }
  void leave() { Scopes.pop(); }
  std::string current() const { return Scopes.top(); }
};
int useParser() { Parser P; P.enter("x"); int N = (int)P.current().size(); P.leave(); return N; }

// top() handed out by reference while push() can still run: a vector would
// move the element the caller holds (silent unless WarnWhenReferencesKept).
class Tokenizer {
  std::stack<std::string> Links;
  // CHECK-FIXES: std::stack<std::string> Links;
  // KEPT: stack.cpp:[[@LINE-2]]:27: warning: 'Links' is a std::stack over a std::deque
  // KEPT: stack.cpp:[[@LINE+3]]:49: note: no fix-it: a reference to an element is kept here while the container can still grow
public:
  void link(std::string Name) { Links.push(std::move(Name)); }
  const std::string &innermost() const { return Links.top(); }
};
int useTokenizer() { Tokenizer T; T.link("a"); return (int)T.innermost().size(); }

// A qualified element type is kept as written.
struct Token {
  int Kind;
};
int constElements(const Token *First) {
  std::stack<const Token *> Pending;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'Pending' is a std::stack over a std::deque
  // CHECK-FIXES: std::stack<const Token *, std::vector<const Token *>> Pending;
  Pending.push(First);
  const Token *Top = Pending.top();
  Pending.pop();
  return Top->Kind;
}

// A template argument that ends in '>>' keeps its own closing bracket.
int nested() {
  std::stack<std::pair<int, std::stack<int>::size_type>> Frames;
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: 'Frames' is a std::stack over a std::deque
  // CHECK-FIXES: std::stack<std::pair<int, std::stack<int>::size_type>, std::vector<std::pair<int, std::stack<int>::size_type>>> Frames;
  Frames.emplace(1, 2);
  return Frames.top().first;
}

// Already over a vector, or over an explicitly chosen deque: left alone.
int explicitContainer() {
  std::stack<int, std::vector<int>> A;
  std::stack<int, std::deque<int>> B;
  A.push(1);
  B.push(2);
  return A.top() + B.top();
}

// std::queue needs the front of its deque.
int queue() {
  std::queue<int> Q;
  Q.push(1);
  return Q.front();
}

// bool elements would make top() a proxy.
bool bools() {
  std::stack<bool> S;
  S.push(true);
  return S.top();
}

// Passed where the stack type is spelled: changing it breaks the callee.
static void drain(std::stack<int> &S) {
  while (!S.empty())
    S.pop();
}
int passedByReference() {
  std::stack<int> S;
  S.push(1);
  drain(S);
  return static_cast<int>(S.size());
}
