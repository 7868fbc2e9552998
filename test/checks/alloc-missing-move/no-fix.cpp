// Where declaring the moves could change what the program does, or would
// not compile in every unit, the warning comes with a note saying why, and
// no fix-it.
// RUN: %check_alloc_tidy %s alloc-missing-move %t -- -- -std=c++17

#include <string>
#include <utility>
#include <vector>

// Read after std::move: a real move would leave it empty.
struct Message {
  ~Message() = default;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Message' suppresses its move constructor
  // CHECK-NOTES: :[[@LINE-3]]:8: note: no fix-it: 'M' is used after a std::move of it, and a real move would leave it empty
  // CHECK-NOTES: :[[@LINE+7]]:10: note: 'M' is used here after it is moved
  // CHECK-NOTES: :[[@LINE+5]]:9: note: 'std::vector<Message>' copies its elements each time 'push_back' grows it
  // CHECK-NOTES: :[[@LINE+4]]:19: note: this move of a 'Message' copies it
  std::string Text;
};
size_t post(std::vector<Message> &Queue, Message M) {
  Queue.push_back(std::move(M));
  return M.Text.size();
}

// Moved on every iteration from a variable declared outside the loop.
struct Token {
  ~Token() = default;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Token' suppresses its move constructor
  // CHECK-NOTES: :[[@LINE-3]]:8: note: no fix-it: 'T' is used after a std::move of it, and a real move would leave it empty
  // CHECK-NOTES: :[[@LINE+7]]:19: note: the loop moves 'T' again on its next iteration
  // CHECK-NOTES: :[[@LINE+6]]:9: note: 'std::vector<Token>' copies its elements each time 'push_back' grows it
  // CHECK-NOTES: :[[@LINE+5]]:19: note: this move of a 'Token' copies it
  std::string Text;
};
void repeat(std::vector<Token> &Out, Token T, int N) {
  for (int I = 0; I < N; ++I)
    Out.push_back(std::move(T));
}

// A protected destructor: removing it would make it public.
struct Guarded {
  Guarded() = default;
  std::string Name;
  void reset(Guarded &&Other) { *this = std::move(Other); }
protected:
  ~Guarded() = default;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: the user-declared destructor of 'Guarded' suppresses its move constructor
  // CHECK-NOTES: :[[@LINE-7]]:8: note: no fix-it: its destructor is not public; declare public moves
  // CHECK-NOTES: :[[@LINE-5]]:41: note: this move of a 'Guarded' copies it
};

// An aggregate: a constructor declared in it would end aggregate
// initialization in C++20.
struct Pair {
  std::string First, Second;
  Pair &operator=(const Pair &) = default;
  // CHECK-NOTES: :[[@LINE-1]]:9: warning: the user-declared copy assignment operator of 'Pair' suppresses its move constructor
  // CHECK-NOTES: :[[@LINE-4]]:8: note: no fix-it: it is an aggregate, and declaring its constructors would end its aggregate initialization
  // CHECK-NOTES: :[[@LINE+5]]:7: note: this move of a 'Pair' copies it
  // CHECK-NOTES: :[[@LINE+5]]:10: note: this move of a 'Pair' copies it
};
Pair swapped(Pair P) {
  Pair Q{P.Second, P.First};
  P = std::move(Q);
  return P;
}
