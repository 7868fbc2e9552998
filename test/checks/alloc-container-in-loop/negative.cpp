// Containers in loops the check must leave alone: each case says why.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t -- -- -isystem %S/Inputs/system -fopenmp

#include <algorithm>
#include <functional>
#include <iterator>
#include <istream>
#include <string>
#include <sysloop.h>
#include <tuple>
#include <utility>
#include <vector>

int consume(const std::vector<int> &V);
void keep(std::vector<int> &V);
void keepPointer(std::vector<int> *V);
void sink(std::vector<int> &&V);
template <class T> void forwardSomewhere(T &&Value);
std::vector<int> make(int N);

// --- The buffer leaves the iteration: hoisting would keep nothing. ---------

// Moved out: the next iteration starts from an empty vector either way.
void movedOut(std::vector<std::vector<int>> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Out.push_back(std::move(Row));
  }
}
void movedIntoVariable(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    std::vector<int> Taken = std::move(Row);
    consume(Taken);
  }
}

// Bound to an rvalue reference parameter.
void rvalueParameter(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    sink(static_cast<std::vector<int> &&>(Row));
  }
}

// Returned: moved out of the function.
std::vector<int> returned(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    if (Row.size() > 3)
      return Row;
  }
  return {};
}

// Swapped with another container, in each spelling.
void swapped(std::vector<int> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Row.swap(Out);
  }
}
void swappedByOther(std::vector<int> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Out.swap(Row);
  }
}
void swappedByStd(std::vector<int> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    std::swap(Row, Out);
  }
}

// Assigned from another container: its buffer replaces this one's.
void assignedFrom(const std::vector<int> &In, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row = In;
    Row.push_back(I);
    consume(Row);
  }
}
void assignedFromTemporary(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Row = make(I);
    consume(Row);
  }
}

// std::exchange moves it out.
void exchanged(std::vector<std::vector<int>> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Out.push_back(std::exchange(Row, {}));
  }
}

// shrink_to_fit() gives the memory back on every iteration anyway.
void shrunk(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Row.shrink_to_fit();
    consume(Row);
  }
}

// --- Kept where the analysis cannot follow. --------------------------------

// Its address is taken.
void addressTaken(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    keepPointer(&Row);
  }
}

// Bound to a non-const reference.
void boundToReference(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    std::vector<int> &Alias = Row;
    Alias.push_back(I);
    keep(Alias);
  }
}

// Passed by non-const reference to a function that may store or move it.
void nonConstReference(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    keep(Row);
  }
}
void forwardingReference(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    forwardSomewhere(Row);
  }
}

// std::ref and std::tie hand the reference on.
void referenceWrapper(std::vector<std::reference_wrapper<std::vector<int>>> &Out,
                      int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Out.push_back(std::ref(Row));
  }
}
void tied(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    int Count = 0;
    std::tie(Row, Count) = std::make_pair(make(I), I);
    Row.push_back(Count);
  }
}

// Captured by reference: the lambda may outlive the iteration.
void capturedByReference(std::vector<std::function<int()>> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Out.push_back([&Row] { return consume(Row); });
  }
}
void capturedByDefaultReference(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    auto Add = [&] { Row.push_back(I); };
    Add();
  }
}

// Moved into an init capture.
void initCapture(std::vector<std::function<int()>> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    Out.push_back([R = std::move(Row)] { return consume(R); });
  }
}

// Bound to a reference member of an aggregate.
struct RowRef {
  std::vector<int> &Row;
};
void keepRef(const RowRef &Ref);
void referenceMember(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    keepRef(RowRef{Row});
  }
}

// Through a conditional: not followed.
void conditional(std::vector<int> &Other, bool Flag, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    (Flag ? Row : Other).push_back(I);
  }
}

// --- Not a fresh, empty container. -----------------------------------------

// Constructed with contents: hoisting would lose them.
void sized(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row(static_cast<unsigned>(I));
    Row.push_back(I);
    consume(Row);
  }
}
void listInitialized(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row = {1, 2, 3};
    Row.push_back(I);
    consume(Row);
  }
}
void copyInitialized(const std::vector<int> &In, int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row = In;
    Row.push_back(I);
    consume(Row);
  }
}
void fromLiteral(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Name = "prefix";
    Name.resize(static_cast<unsigned>(N));
  }
}

// Static, const and reference variables are not constructed per iteration.
void notAutomatic(std::vector<int> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    static std::vector<int> Kept;
    Kept.push_back(I);
    std::vector<int> &Ref = Out;
    Ref.push_back(I);
    const std::vector<int> Empty;
    consume(Empty);
  }
}

// --- Nothing allocates. ----------------------------------------------------

// Never filled.
void onlyRead(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    consume(Row);
    Row.clear();
  }
}
// resize(0) and reserve(0) allocate nothing.
void zeroCount(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.resize(0);
    Row.reserve(0);
    consume(Row);
  }
}

// A few short constant appends fit in every library's inline buffer.
void shortString(int N) {
  for (int I = 0; I < N; ++I) {
    std::string Key;
    Key += "id-";
    Key.push_back('x');
    Key.append("42");
    Key = "short";
  }
}
// Appending a string of unknown length, once: it may well be short.
std::string suffix(int I);
void appendOnce(const std::string &Prefix, int N) {
  for (int I = 0; I < N; ++I) {
    std::string Key;
    Key += Prefix;
    Key.append(suffix(I));
  }
}
// Copied from a range of unknown length, once: it may well be short.
void rangeOnce(const std::vector<std::string> &Args) {
  for (const std::string &Arg : Args) {
    std::string Name;
    Name.assign(Arg.begin() + 1, Arg.end());
    std::string Copy;
    std::copy(Arg.begin(), Arg.end(), std::back_inserter(Copy));
  }
}
// Read with >>: a word, not a line.
void readWords(std::istream &In) {
  while (In) {
    std::string Word;
    In >> Word;
  }
}

// --- The loop runs at most once. -------------------------------------------

void doWhileFalse() {
  do {
    std::vector<int> Row;
    Row.push_back(1);
    consume(Row);
  } while (false);
}
void whileFalse() {
  while (false) {
    std::vector<int> Row;
    Row.push_back(1);
    consume(Row);
  }
}
void countOfOne() {
  for (int I = 0; I < 1; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    consume(Row);
  }
}
int leavesAtEnd(const std::vector<int> &In) {
  for (int V : In) {
    std::vector<int> Row;
    Row.push_back(V);
    return consume(Row);
  }
  while (true) {
    std::vector<int> Row;
    Row.push_back(1);
    consume(Row);
    break;
  }
  for (int V : In) {
    std::vector<int> Row;
    Row.push_back(V);
    if (consume(Row) > 0)
      return 1;
    else
      throw V;
  }
  return 0;
}

// --- Not in the loop's body. -----------------------------------------------

// In a lambda inside the loop: it belongs to the lambda, which has no loop.
void inLambda(std::vector<std::function<int()>> &Out, int N) {
  for (int I = 0; I < N; ++I)
    Out.push_back([I] {
      std::vector<int> Row;
      Row.push_back(I);
      return consume(Row);
    });
}

// In the loop's header.
void inHeader(int N) {
  for (std::vector<int> Row; static_cast<int>(Row.size()) < N;)
    Row.push_back(1);
}

// --- Macros, system headers, threads. --------------------------------------

// The loop comes from a macro.
#define REPEAT(N) for (int I = 0; I < (N); ++I)
void loopInMacro() {
  REPEAT(10) {
    std::vector<int> Row;
    Row.push_back(I);
    consume(Row);
  }
}

// The variable is declared by a macro.
#define DECLARE_ROW(Name) std::vector<int> Name
void declaredByMacro(int N) {
  for (int I = 0; I < N; ++I) {
    DECLARE_ROW(Row);
    Row.push_back(I);
    consume(Row);
  }
}

// The loop in the system header Inputs/system/sysloop.h.
int fromSystemHeader() { return systemLoop(3); }

// An OpenMP loop runs its iterations on several threads: one variable
// before the loop would be shared by all of them.
void parallel(int N) {
#pragma omp parallel for
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    Row.push_back(I);
    consume(Row);
  }
}
