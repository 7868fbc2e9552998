// Macros: a type or a fill written by a macro is fine, and the fix-it keeps
// the macro's name; a loop or a declaration written by a macro is left
// alone (negative.cpp), and so is a name a macro uses for something else.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <utility>
#include <vector>

int consume(const std::vector<int> &V);

#define INTS std::vector<int>
#define APPEND(Container, Value) (Container).push_back(Value)

int typeFromMacro(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    INTS Row;
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'Row' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    APPEND(Row, I);
    Total += consume(Row);
  }
  // CHECK-FIXES: {{^}}  INTS Row;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Row.clear();{{$}}
  return Total;
}

// A macro that moves the container out keeps the check silent.
#define TAKE(Out, Container) (Out).push_back(std::move(Container))
void movedByMacro(std::vector<std::vector<int>> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    APPEND(Row, I);
    TAKE(Out, Row);
  }
}

// After the loop, a macro names a global 'Count': a hoisted 'Count' would
// capture it, so there is no fix-it.
int Count;
#define ADD_COUNT(Total) ((Total) += Count)
int hiddenGlobal(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> Count;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Count' is constructed
    APPEND(Count, I);
    Total += consume(Count);
  }
  return ADD_COUNT(Total);
}
