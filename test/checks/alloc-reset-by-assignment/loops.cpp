// A std::deque, or a std::stack or std::queue over one, emptied by assigning
// a new one on every iteration: on libstdc++ the new deque allocates its map
// and first block, and the move assignment another pair. clear() empties a
// deque; popping empties a stack or queue; neither allocates.
// RUN: %check_alloc_tidy %s alloc-reset-by-assignment %t -- -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=LIBCXX %s alloc-reset-by-assignment %t.libcxx -- \
// RUN:   -config="{CheckOptions: {alloc-reset-by-assignment.TargetSTL: libc++}}" -- -std=c++17

#include <deque>
#include <queue>
#include <stack>
#include <string>
#include <vector>

void use(const std::deque<int> &D);
int next();

void deques(int Rounds) {
  std::deque<int> Pending;
  for (int R = 0; R < Rounds; ++R) {
    Pending = std::deque<int>();
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: assigning a new std::deque<int> to 'Pending' allocates on every iteration: on libstdc++ a new deque allocates its map and first block, and the move assignment another pair; clear() allocates nothing and keeps the memory it has [alloc-reset-by-assignment]
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the assignment on every iteration
    // CHECK-FIXES: {{^}}    Pending.clear();{{$}}
    Pending.push_back(next());
    use(Pending);
  }
}

void bracesAndLists(int Rounds) {
  std::deque<int> A, B;
  for (int R = 0; R < Rounds; ++R) {
    // Negative: a deque's '= {}' is its initializer-list assignment, which
    // builds no deque.
    A = {};
    B = std::deque<int>{};
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: assigning a new std::deque<int> to 'B' allocates on every iteration
    // CHECK-NOTES: :[[@LINE-6]]:3: note: this loop runs the assignment on every iteration
    // CHECK-FIXES: {{^}}    B.clear();{{$}}
    A.push_back(R);
    B.push_back(R);
    use(A);
    use(B);
  }
}

struct Parser {
  std::stack<int> Brackets;
  std::queue<std::string> Tokens;
  std::stack<int> Depths;
  void run(int Lines) {
    for (int L = 0; L < Lines; ++L) {
      Brackets = std::stack<int>();
      // CHECK-NOTES: :[[@LINE-1]]:7: warning: assigning a new std::stack<int> to 'Brackets' allocates on every iteration: on libstdc++ a new deque allocates its map and first block, and the move assignment another pair; popping it empty allocates nothing and keeps the memory it has
      // CHECK-NOTES: :[[@LINE-3]]:5: note: this loop runs the assignment on every iteration
      // CHECK-FIXES: {{^}}      while (!Brackets.empty()) Brackets.pop();{{$}}
      this->Tokens = std::queue<std::string>();
      // CHECK-NOTES: :[[@LINE-1]]:7: warning: assigning a new std::queue<std::string> to 'this->Tokens' allocates on every iteration
      // CHECK-NOTES: :[[@LINE-7]]:5: note: this loop runs the assignment on every iteration
      // CHECK-FIXES: {{^}}      while (!this->Tokens.empty()) this->Tokens.pop();{{$}}
      Depths = {};
      // CHECK-NOTES: :[[@LINE-1]]:7: warning: assigning a new std::stack<int> to 'Depths' allocates on every iteration
      // CHECK-NOTES: :[[@LINE-11]]:5: note: this loop runs the assignment on every iteration
      // CHECK-FIXES: {{^}}      while (!Depths.empty()) Depths.pop();{{$}}
      Brackets.push(L);
      Depths.push(L);
      Tokens.push("x");
    }
  }
};

// Warned without a fix-it.
std::deque<int> &current();
void noFix(int Rounds) {
  std::stack<std::string> Names;
  std::deque<int> D;
  for (int R = 0; R < Rounds; ++R) {
    // Popping destroys a stack's strings from the top, the assignment from
    // the bottom.
    Names = std::stack<std::string>();
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: assigning a new std::stack<std::string> to 'Names' allocates on every iteration
    // CHECK-NOTES: :[[@LINE-5]]:3: note: this loop runs the assignment on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: popping the stack destroys its elements from the top, the assignment from the bottom: their destructors would run in the other order
    // The value of the assignment is used.
    (D = std::deque<int>()).push_back(R);
    // CHECK-NOTES: :[[@LINE-1]]:6: warning: assigning a new std::deque<int> to 'D' allocates on every iteration
    // CHECK-NOTES: :[[@LINE-10]]:3: note: this loop runs the assignment on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:6: note: no fix-it: the assignment is part of a larger expression, where no statement can take its place
    // Reached through a call: naming it twice could reach another object.
    current() = std::deque<int>();
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: assigning a new std::deque<int> to 'current()' allocates on every iteration
    // CHECK-NOTES: :[[@LINE-15]]:3: note: this loop runs the assignment on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: 'current()' is reached through a call or a macro; naming it again could reach another object
    Names.push("n");
    use(D);
  }
}

// In parentheses, the whole statement is replaced; as a for loop's
// increment, where no statement can go, it is warned without a fix-it.
void places(int Rounds) {
  std::queue<int> Q;
  for (int R = 0; R < Rounds; ++R) {
    (Q = std::queue<int>());
    // CHECK-NOTES: :[[@LINE-1]]:6: warning: assigning a new std::queue<int> to 'Q' allocates on every iteration
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the assignment on every iteration
    // CHECK-FIXES: {{^}}    while (!Q.empty()) Q.pop();{{$}}
    Q.push(R);
  }
  for (int R = 0; R < Rounds; ++R, Q = std::queue<int>())
    Q.push(R);
  // CHECK-NOTES: :[[@LINE-2]]:36: warning: assigning a new std::queue<int> to 'Q' allocates on every iteration
  // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs the assignment on every iteration
  // CHECK-NOTES: :[[@LINE-4]]:36: note: no fix-it: the assignment is part of a larger expression, where no statement can take its place
}

// Negatives.
template <class T> struct Arena {
  using value_type = T;
  Arena() = default;
  template <class U> Arena(const Arena<U> &) {}
  T *allocate(std::size_t N) { return static_cast<T *>(::operator new(N * sizeof(T))); }
  void deallocate(T *P, std::size_t) { ::operator delete(P); }
  friend bool operator==(Arena, Arena) { return true; }
  friend bool operator!=(Arena, Arena) { return false; }
};

void negatives(int Rounds, const std::deque<int> &Other) {
  std::deque<int> D;
  std::vector<int> V;
  std::stack<int, std::vector<int>> OverVector;
  std::deque<int, Arena<int>> OnArena;
  for (int R = 0; R < Rounds; ++R) {
    V = std::vector<int>();        // a new vector allocates nothing
    OverVector = std::stack<int, std::vector<int>>();
    OnArena = std::deque<int, Arena<int>>(); // another allocator's business
    D = Other;                     // a copy, not a reset
    D = std::deque<int>(3);        // not empty
    V.push_back(R);
    OverVector.push(R);
    OnArena.push_back(R);
    use(D);
  }
  // Outside a loop, without a profile: once per call, not reported.
  D = std::deque<int>();
  use(D);
}

// On libc++ a new deque allocates nothing: silent.
// CHECK-NOTES-LIBCXX-NOT: warning:
