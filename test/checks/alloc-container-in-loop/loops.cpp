// Vectors constructed and filled in a loop body, in every kind of loop:
// warned, declared before the loop and cleared where they were declared.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <memory>
#include <string>
#include <vector>

int consume(const std::vector<int> &V);
int Parts(const std::vector<int> &V);

int forLoop(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> Buf;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Buf' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    for (int J = 0; J < I; ++J)
      Buf.push_back(J);
    Total += consume(Buf);
  }
  // CHECK-FIXES: {{^}}  int Total = 0;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::vector<int> Buf;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Buf.clear();{{$}}
  return Total;
}

int rangeFor(const std::vector<std::string> &Words) {
  int Total = 0;
  for (const std::string &W : Words) {
    std::vector<int> Codes{};
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Codes' is constructed
    for (char C : W)
      Codes.emplace_back(C);
    Total += consume(Codes);
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Codes;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::string &W : Words) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Codes.clear();{{$}}
  return Total;
}

int whileLoop(int N) {
  int Total = 0;
  while (N > 0) {
    std::vector<int> Digits = {};
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Digits' is constructed
    Digits.resize(static_cast<unsigned>(N % 7));
    Total += consume(Digits);
    N /= 7;
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Digits;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  while (N > 0) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Digits.clear();{{$}}
  return Total;
}

int doLoop(int N) {
  int Total = 0;
  do {
    std::vector<long> Parts = std::vector<long>();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'Parts' is constructed
    Parts.insert(Parts.end(), 3, N);
    Total += static_cast<int>(Parts.size());
  } while (--N > 0);
  // CHECK-FIXES: {{^}}  std::vector<long> Parts;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  do {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Parts.clear();{{$}}
  return Total;
}

// The innermost loop holding the declaration is the one it leaves; a loop
// inside its scope only fills it. The declaration goes above the outermost
// loop that can hold it: above the inner loop only, it would be built again
// for every row, and rows of one cell would reuse nothing.
int nested(const std::vector<std::vector<int>> &Rows) {
  int Total = 0;
  for (const std::vector<int> &Row : Rows) {
    for (int Cell : Row) {
      std::vector<int> Digits;
      // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Digits' is constructed
      while (Cell > 0) {
        Digits.push_back(Cell % 10);
        Cell /= 10;
      }
      Total += consume(Digits);
    }
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Digits;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::vector<int> &Row : Rows) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    for (int Cell : Row) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}      Digits.clear();{{$}}
  return Total;
}

// The outer loop cannot hold it: the element type is declared in its body.
// Above the inner loop, where the type is in scope.
int outerType(const std::vector<std::vector<int>> &Rows) {
  int Total = 0;
  for (const std::vector<int> &Row : Rows) {
    struct Pair { int A, B; };
    for (int Cell : Row) {
      std::vector<Pair> Pairs;
      // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'Pairs' is constructed
      for (int I = 0; I < Cell; ++I)
        Pairs.push_back({I, Cell});
      Total += static_cast<int>(Pairs.size());
    }
  }
  // CHECK-FIXES: {{^}}    struct Pair { int A, B; };{{$}}
  // CHECK-FIXES-NEXT: {{^}}    std::vector<Pair> Pairs;{{$}}
  // CHECK-FIXES-NEXT: {{^}}    for (int Cell : Row) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}      Pairs.clear();{{$}}
  return Total;
}

// The name means something else after the outer loop: the hoist stops at
// the inner loop, where it hides nothing.
int outerName(const std::vector<std::vector<int>> &Rows) {
  int Total = 0;
  for (const std::vector<int> &Row : Rows) {
    for (int Cell : Row) {
      std::vector<int> Parts;
      // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Parts' is constructed
      for (int D = Cell; D > 0; D /= 2)
        Parts.push_back(D);
      Total += consume(Parts);
    }
  }
  Total += Parts(Rows.front());
  // CHECK-FIXES: {{^}}  for (const std::vector<int> &Row : Rows) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    std::vector<int> Parts;{{$}}
  // CHECK-FIXES-NEXT: {{^}}    for (int Cell : Row) {{[{]}}{{$}}
  return Total;
}

// A loop that may leave early still runs its body again and again.
int search(const std::vector<int> &In, int Target) {
  for (int V : In) {
    std::vector<int> Path;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Path' is constructed
    for (int D = V; D > 0; D /= 2)
      Path.push_back(D);
    if (consume(Path) == Target)
      break;
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Path;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int V : In) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Path.clear();{{$}}
  return Target;
}

// Named like the function itself: hoisting hides nothing that is used.
int digits(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> digits;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'digits' is constructed
    for (int V = I; V > 0; V /= 10)
      digits.push_back(V % 10);
    Total += consume(digits);
  }
  // CHECK-FIXES: {{^}}  std::vector<int> digits;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    digits.clear();{{$}}
  return Total;
}

// Declared in a nested block of the body: cleared in that block.
int inBranch(const std::vector<int> &In) {
  int Total = 0;
  for (int V : In) {
    if (V > 0) {
      std::vector<int> Factors;
      // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Factors' is constructed
      for (int F = 2; F <= V; ++F)
        while (V % F == 0) {
          Factors.push_back(F);
          V /= F;
        }
      Total += consume(Factors);
    }
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Factors;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int V : In) {{[{]}}{{$}}
  // CHECK-FIXES: {{^}}      Factors.clear();{{$}}
  return Total;
}

// Two in one loop: both are hoisted.
int two(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> Evens;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Evens' is constructed
    std::vector<int> Odds;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Odds' is constructed
    for (int J = 0; J < I; ++J) {
      if (J % 2)
        Odds.push_back(J);
      else
        Evens.push_back(J);
    }
    Total += consume(Evens) + consume(Odds);
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Evens;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::vector<int> Odds;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Evens.clear();{{$}}
  // CHECK-FIXES: {{^}}    Odds.clear();{{$}}
  return Total;
}

// In a member function, copied out into a member: the copy allocates either
// way, the buffer need not.
class Index {
public:
  void add(const std::vector<std::string> &Lines) {
    for (const std::string &L : Lines) {
      std::vector<unsigned> Spaces;
      // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'Spaces' is constructed
      for (unsigned I = 0; I < L.size(); ++I)
        if (L[I] == ' ')
          Spaces.push_back(I);
      Rows.push_back(Spaces);
      Last = Spaces;
    }
    // CHECK-FIXES: {{^}}    std::vector<unsigned> Spaces;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    for (const std::string &L : Lines) {{[{]}}{{$}}
    // CHECK-FIXES-NEXT: {{^}}      Spaces.clear();{{$}}
  }

private:
  std::vector<std::vector<unsigned>> Rows;
  std::vector<unsigned> Last;
};

// Uses that read or copy it keep it in the loop: const references,
// by-value and const-reference arguments, iteration, comparisons,
// element access, copies into variables and captures by copy.
int sumByValue(std::vector<int> V);
int readers(const std::vector<int> &In) {
  int Total = 0;
  for (int V : In) {
    std::vector<int> Parts;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Parts' is constructed
    for (int I = 0; I < V; ++I)
      Parts.push_back(I);
    const std::vector<int> &View = Parts;
    std::vector<int> Copy = Parts;
    auto Count = [Parts] { return Parts.size(); };
    for (int P : Parts)
      Total += P;
    if (Parts == In && !Parts.empty())
      Total += Parts[0] + Parts.back() + View.front();
    Total += sumByValue(Parts) + consume(Copy) + static_cast<int>(Count());
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Parts;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int V : In) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Parts.clear();{{$}}
  return Total;
}

// Copied into an aggregate.
struct Match {
  std::string Name;
  std::vector<const int *> Found;
};
std::vector<Match> matches(const std::vector<int> &In,
                           const std::vector<std::string> &Names) {
  std::vector<Match> All;
  for (const std::string &Name : Names) {
    std::vector<const int *> Hits;
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Hits' is constructed
    for (const int &V : In)
      if (V == static_cast<int>(Name.size()))
        Hits.emplace_back(&V);
    All.push_back(Match{Name, Hits});
  }
  // CHECK-FIXES: {{^}}  std::vector<const int *> Hits;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (const std::string &Name : Names) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Hits.clear();{{$}}
  return All;
}

// Elements whose destruction runs no user code may be destroyed by the next
// clear() instead: strings, records of them, std::unique_ptr<int>.
struct Row {
  int Id;
  std::string Name;
  std::vector<std::string> Tags;
};
int quietElements(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<Row> Rows;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Rows' is constructed
    std::vector<std::unique_ptr<int>> Owned;
    // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'Owned' is constructed
    for (int J = 0; J < I; ++J) {
      Rows.push_back(Row{J, "row", {}});
      Owned.push_back(std::make_unique<int>(J));
    }
    Total += static_cast<int>(Rows.size() + Owned.size());
  }
  // CHECK-FIXES: {{^}}  std::vector<Row> Rows;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::vector<std::unique_ptr<int>> Owned;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Rows.clear();{{$}}
  // CHECK-FIXES: {{^}}    Owned.clear();{{$}}
  return Total;
}
