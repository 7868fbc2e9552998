// Warned without a fix-it when moving the declaration is not provably safe:
// a note says why.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <memory>
#include <string>
#include <vector>

int consume(const std::vector<int> &V);

// Declared together with another variable.
void twoDeclarators(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> A, B;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'A' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-NOTES: :[[@LINE-2]]:22: note: no fix-it: the declaration declares other variables too
    // CHECK-NOTES: :[[@LINE-3]]:25: warning: 'B' is constructed
    // CHECK-NOTES: :[[@LINE-4]]:25: note: no fix-it: the declaration declares other variables too
    A.push_back(I);
    B.push_back(-I);
    consume(A);
    consume(B);
  }
}

// The loop is the body of an if: there is no block to declare it in.
void loopUnderIf(bool Flag, int N) {
  if (Flag)
    for (int I = 0; I < N; ++I) {
      std::vector<int> Row;
      // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Row' is constructed
      // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: the loop is not a statement of a block, where a declaration could go
      Row.push_back(I);
      consume(Row);
    }
}

// A label before the loop.
void labelledLoop(int N) {
again:
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-3]]:3: note: no fix-it: the loop is not a statement of a block
    Row.push_back(I);
    consume(Row);
  }
}

// The type is spelled with auto.
void autoType(int N) {
  for (int I = 0; I < N; ++I) {
    auto Row = std::vector<int>();
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-2]]:10: note: no fix-it: the type is spelled with 'auto' or 'decltype'
    Row.push_back(I);
    consume(Row);
  }
}

// The type names an alias or a class declared in the loop, which does not
// exist before it.
void aliasInLoop(int N) {
  for (int I = 0; I < N; ++I) {
    using Ints = std::vector<int>;
    Ints Row;
    // CHECK-NOTES: :[[@LINE-1]]:10: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-3]]:11: note: no fix-it: the type names 'Ints', which is declared inside the loop
    Row.push_back(I);
    consume(Row);
  }
}
void classInLoop(int N) {
  for (int I = 0; I < N; ++I) {
    struct Point {
      int X, Y;
    };
    std::vector<Point> Points;
    // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Points' is constructed
    // CHECK-NOTES: :[[@LINE-5]]:12: note: no fix-it: the type names 'Point', which is declared inside the loop
    Points.push_back({I, -I});
  }
}

// Another declaration of the name in the function: hoisting could clash
// with it or hide it.
void sameNameElsewhere(int N) {
  {
    int Row = N;
    N += Row;
  }
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-6]]:9: note: no fix-it: 'Row' is also declared here, in the same function
    Row.push_back(I);
    consume(Row);
  }
}

// The name means something else after the loop (here a member): the
// hoisted variable would hide it.
struct Table {
  int Width = 0;
  int fill(int N) {
    for (int I = 0; I < N; ++I) {
      std::vector<int> Width;
      // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Width' is constructed
      // CHECK-NOTES: :[[@LINE-2]]:24: note: no fix-it: the name 'Width' means something else elsewhere in the block that holds the loop
      Width.push_back(I);
      consume(Width);
    }
    return Width;
  }
};

// Elements whose destructor has effects: clear() would run it one
// iteration later.
struct Logger {
  ~Logger();
};
void elementDestructor(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<Logger> Loggers;
    // CHECK-NOTES: :[[@LINE-1]]:25: warning: 'Loggers' is constructed
    // CHECK-NOTES: :[[@LINE-2]]:25: note: no fix-it: destroying a 'Logger' may run code of yours, which clear() would delay from the end of one iteration to the next
    Loggers.emplace_back();
  }
}
void ownedLoggers(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<std::unique_ptr<Logger>> Owned;
    // CHECK-NOTES: :[[@LINE-1]]:42: warning: 'Owned' is constructed
    // CHECK-NOTES: :[[@LINE-2]]:42: note: no fix-it: destroying a 'std::unique_ptr<Logger>' may run code of yours
    Owned.push_back(std::make_unique<Logger>());
  }
}
void sharedInts(int N) {
  // A shared_ptr's deleter is chosen at run time.
  for (int I = 0; I < N; ++I) {
    std::vector<std::shared_ptr<int>> Shared;
    // CHECK-NOTES: :[[@LINE-1]]:39: warning: 'Shared' is constructed
    // CHECK-NOTES: :[[@LINE-2]]:39: note: no fix-it: destroying a 'std::shared_ptr<int>' may run code of yours
    Shared.push_back(std::make_shared<int>(I));
  }
}

// A goto could jump past the hoisted declaration.
int withGoto(int N) {
  if (N < 0)
    goto done;
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-3]]:3: note: no fix-it: the function uses goto, which could jump past the hoisted declaration
    Row.push_back(I);
    consume(Row);
  }
done:
  return N;
}

// A case after the loop, in the block the declaration would go to, could
// jump past it ("jump bypasses variable initialization").
int caseAfterLoop(int K, int N) {
  switch (K) {
  case 0:
    consume({});
    for (int I = 0; I < N; ++I) {
      std::vector<int> Row;
      // CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Row' is constructed
      // CHECK-NOTES: :[[@LINE-3]]:5: note: no fix-it: a case or label follows the loop in its block: a jump to it would pass the hoisted declaration
      Row.push_back(I);
      consume(Row);
    }
    break;
  case 1:
    return 1;
  }
  return 0;
}

// Attributes would not follow the declaration.
void withAttribute(int N) {
  for (int I = 0; I < N; ++I) {
    [[maybe_unused]] std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:39: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-2]]:39: note: no fix-it: the declaration has attributes
    Row.push_back(I);
  }
}

// Declared in an if statement's initializer, not as a statement of a block.
void ifInitializer(int N) {
  for (int I = 0; I < N; ++I) {
    if (std::vector<int> Row; I % 2 == 0) {
      // CHECK-NOTES: :[[@LINE-1]]:26: warning: 'Row' is constructed
      // CHECK-NOTES: :[[@LINE-2]]:26: note: no fix-it: the declaration is not a statement of a block
      Row.push_back(I);
      consume(Row);
    }
  }
}

// A preprocessor directive between the loop and the declaration: the
// hoisted line could land in a branch that another configuration skips.
void conditionalCompilation(int N) {
  for (int I = 0; I < N; ++I) {
#ifdef SKIP_ODD
    if (I % 2)
      continue;
#endif
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-7]]:3: note: no fix-it: a preprocessor directive stands between the loop and the declaration
    Row.push_back(I);
    consume(Row);
  }
}

// The loop asks for the capacity: a container kept across iterations starts
// each one with the capacity it grew to, where a new one has none.
int capacities(int N) {
  int Grown = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> V;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'V' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    for (int J = 0; J < I; ++J)
      V.push_back(J);
    Grown += V.capacity() > 8;
    // CHECK-NOTES: :[[@LINE-1]]:14: note: no fix-it: the loop asks for 'V''s capacity(), which a container kept across iterations would change
  }
  return Grown;
}
