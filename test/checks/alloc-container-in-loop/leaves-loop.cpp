// A container declared in a block that then leaves the loop (a return, a
// break of that loop, a throw, a call that does not return) is built at
// most once per run of the loop: there is no next iteration to keep its
// capacity for. A jump that can continue the loop first, a switch that
// takes the break, or a handler in the loop that takes the throw keep the
// warning.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <vector>

int consume(const std::vector<int> &V);
[[noreturn]] void fail(const std::vector<int> &V);

// --- Silent: the block leaves the loop. -----------------------------------

int returnsAfter(const std::vector<int> &Keys, int N) {
  for (int K : Keys) {
    if (K > N) {
      std::vector<int> Found;
      Found.push_back(K);
      return consume(Found);
    }
  }
  return 0;
}

void breaksAfter(int N) {
  for (int I = 0; I < N; ++I) {
    if (I * I > N) {
      std::vector<int> Row;
      for (int J = 0; J < I; ++J)
        Row.push_back(J);
      consume(Row);
      break;
    }
  }
}

// The return is in the block around the one that declares it.
int returnsFromOuterBlock(int N) {
  int Total = 0;
  while (N > 1) {
    if (N % 5 == 0) {
      {
        std::vector<int> Digits;
        Digits.resize(static_cast<unsigned>(N % 7));
        Total += consume(Digits);
      }
      return Total;
    }
    N /= 2;
  }
  return Total;
}

void throwsAfter(int N) {
  for (int I = 0; I < N; ++I) {
    if (I == N / 2) {
      std::vector<int> Bad;
      Bad.push_back(I);
      consume(Bad);
      throw I;
    }
  }
}

void failsAfter(int N) {
  for (int I = 0; I < N; ++I) {
    if (I == N / 2) {
      std::vector<int> Bad;
      Bad.push_back(I);
      fail(Bad);
    }
  }
}

// The break leaves the inner loop only: built once per run of it, that is
// once per iteration of the outer loop; left alone too (a hoist above the
// outer loop would keep its capacity, but the warning would name the inner
// one).
void breaksInnerLoop(int N) {
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J) {
      if (J > I) {
        std::vector<int> Row;
        Row.push_back(J);
        consume(Row);
        break;
      }
    }
}

// --- Warned: the loop can go on. ------------------------------------------

// A continue before the return starts the next iteration.
void continuesFirst(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'Row' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    Row.push_back(I);
    if (consume(Row) > 0)
      continue;
    return;
  }
  // CHECK-FIXES: {{^}}void continuesFirst(int N) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::vector<int> Row;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Row.clear();{{$}}
}

// The break belongs to the switch.
void breaksTheSwitch(int N) {
  for (int I = 0; I < N; ++I) {
    switch (I % 3) {
    case 0: {
      std::vector<int> Row;
      // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Row' is constructed and filled on every iteration
      Row.push_back(I);
      consume(Row);
      break;
    }
    default:
      break;
    }
  }
}

// The handler in the loop takes the throw, and the loop goes on.
void caughtInTheLoop(int N) {
  for (int I = 0; I < N; ++I) {
    try {
      std::vector<int> Row;
      // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'Row' is constructed and filled on every iteration
      Row.push_back(I);
      consume(Row);
      throw I;
    } catch (int) {
    }
  }
  // CHECK-FIXES: {{^}}void caughtInTheLoop(int N) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::vector<int> Row;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < N; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    try {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}      Row.clear();{{$}}
}

