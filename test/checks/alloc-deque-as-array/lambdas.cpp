// Deques used inside lambdas: the lambda body's uses count like any other,
// a capture by reference or by copy is not a use in itself, and the closure's
// hidden copy is never reported on its own.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t -- -config="{CheckOptions: {alloc-deque-as-array.StackAdaptors: true}}"

#include <deque>
#include <stack>

int capturedByReference(int N) {
  std::stack<int> Ends;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'Ends' is a std::stack over a std::deque
  // CHECK-FIXES: std::stack<int, std::vector<int>> Ends;
  auto Inside = [&] { return !Ends.empty() && Ends.top() > 0; };
  for (int I = 0; I < N; ++I) {
    Ends.push(I);
    if (Inside())
      Ends.pop();
  }
  return static_cast<int>(Ends.size());
}

int capturedExplicitlyByReference() {
  std::deque<int> Values;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'Values' is a std::deque used only
  // CHECK-FIXES: std::vector<int> Values;
  auto Add = [&Values](int V) { Values.push_back(V); };
  Add(1);
  Add(2);
  return Values.back();
}

int capturedByCopy() {
  std::deque<int> Values = {1, 2, 3};
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'Values' is a std::deque used only
  // CHECK-FIXES: std::vector<int> Values = {1, 2, 3};
  auto Last = [Values] { return Values.back(); };
  // CHECK-FIXES: auto Last = [Values] { return Values.back(); };
  auto Size = [=] { return static_cast<int>(Values.size()); };
  return Last() + Size();
}

// A lambda that uses the front keeps the deque.
int frontInLambda() {
  std::deque<int> Work = {1, 2};
  auto Next = [&] {
    int V = Work.front();
    Work.pop_front();
    return V;
  };
  return Next() + Next();
}
