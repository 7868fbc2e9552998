// Vectors the check must leave alone; each case says why.
// RUN: %check_alloc_tidy %s alloc-small-vector %t -- -- -isystem %S/Inputs/system

#include "Inputs/header_row.h"
#include <algorithm>
#include <istream>
#include <iterator>
#include <memory_resource>
#include <sysvec.h>
#include <utility>
#include <vector>

void take(std::vector<int> &V);
void keep(std::vector<int> V);
int read(std::istream &In);

// Returned: the caller owns the elements and names the type.
std::vector<int> returned() {
  std::vector<int> V = {1, 2};
  return V;
}

// Moved out into longer-lived storage.
std::vector<std::vector<int>> Store;
void movedOut() {
  std::vector<int> V = {1, 2};
  Store.push_back(std::move(V));
}

// Passed by non-const reference: the callee may grow it.
void byReference() {
  std::vector<int> V = {1};
  take(V);
}

// Copied into a by-value parameter of the vector type, or into another
// vector: the types are linked.
void byValue() {
  std::vector<int> V = {1};
  keep(V);
}
int copied() {
  std::vector<int> V = {1, 2};
  std::vector<int> W = V;
  return W[0];
}

// Its address escapes.
std::vector<int> *Escaped;
void addressTaken() {
  std::vector<int> V = {1};
  Escaped = &V;
}

// Captured by a lambda, which may outlive the bound.
int captured() {
  std::vector<int> V = {1, 2};
  auto F = [&V] { V.push_back(3); };
  F();
  return V[0];
}

// Grown in a loop whose trip count is not a constant.
int unknownLoop(int N) {
  std::vector<int> V;
  for (int I = 0; I < N; ++I)
    V.push_back(I);
  return static_cast<int>(V.size());
}
int whileLoop(std::istream &In) {
  std::vector<int> V;
  while (In)
    V.push_back(read(In));
  return static_cast<int>(V.size());
}

// Declared in a for-init statement: the loop's body runs many times for one
// declaration.
int forInit() {
  int Sum = 0;
  for (std::vector<int> V = {1}; V.size() < 100;)
    V.push_back(Sum++);
  return Sum;
}

// Filled from input: a range, a size known only at run time.
int fromRange(const int *First, const int *Last) {
  std::vector<int> V(First, Last);
  return V[0];
}
int fromSize(int N) {
  std::vector<int> V(N);
  return static_cast<int>(V.size());
}
int insertRange(const std::vector<int> &Src) {
  std::vector<int> V = {1};
  V.insert(V.end(), Src.begin(), Src.end());
  return V[0];
}
int resizedAtRunTime(int N) {
  std::vector<int> V;
  V.resize(static_cast<unsigned>(N));
  return static_cast<int>(V.size());
}

// Never holds an element: an empty std::vector allocates nothing.
int empty() {
  std::vector<int> V;
  return static_cast<int>(V.size());
}

// Too big for an inline buffer (MaxInlineBytes, 1024 by default).
int big() {
  std::vector<double> V(200);
  return static_cast<int>(V[0]);
}

// Static and thread-local vectors allocate once.
int staticLocal() {
  static std::vector<int> V = {1, 2, 3};
  return V[0];
}

// A custom allocator would be lost.
int polymorphic() {
  std::pmr::vector<int> V = {1, 2};
  return V[0];
}

// std::vector<bool> is a different container.
bool bits() {
  std::vector<bool> V = {true, false};
  return V[0];
}

// Templates: the element type, and so the size, depend on the arguments.
template <typename T> T firstOf() {
  std::vector<T> V = {T(), T()};
  return V[0];
}
template <typename T> struct Holder {
  Holder() : Items{T()} {}
  std::vector<T> Items;
};
int instantiate() {
  Holder<int> H;
  return firstOf<int>() + H.Items[0];
}

// Declared by a macro.
#define DECLARE_PAIR(Name) std::vector<int> Name = {0, 1}
int macro() {
  DECLARE_PAIR(P);
  return P[1];
}

// Passed to a template: the analysis cannot see what it needs.
template <typename C> int countOf(const C &Container) {
  return static_cast<int>(Container.size());
}
int toTemplate() {
  std::vector<int> V = {1, 2};
  return countOf(V);
}

// A member that no constructor fills is usually empty: going inline would
// only grow the object.
class Usually {
public:
  void add(bool Really, int X) {
    if (Really)
      Items.push_back(X);
  }

private:
  std::vector<int> Items;
};

// A member that one constructor leaves empty.
class Partly {
public:
  Partly() = default;
  explicit Partly(int X) : Items{X} {}
  int size() const { return static_cast<int>(Items.size()); }

private:
  std::vector<int> Items;
};

// Grown unconditionally, or in a loop, outside the constructors.
class Appended {
public:
  Appended() : Items{0} {}
  void add(int X) { Items.push_back(X); }

private:
  std::vector<int> Items;
};
class Looped {
public:
  Looped() : Items{0} {}
  void fill(int N) {
    for (int I = 0; I < N; ++I)
      if (I % 2)
        Items.push_back(I);
  }

private:
  std::vector<int> Items;
};

// Assigned from input.
class Assigned {
public:
  Assigned() : Items{0} {}
  void set(const std::vector<int> &From) { Items = From; }

private:
  std::vector<int> Items;
};

// Sized by a constructor argument that is not the same constant everywhere,
// or not a constant at all.
class Varies {
public:
  explicit Varies(int N) : Items(N) {}

private:
  std::vector<int> Items;
};
Varies Narrow(8), Wide(16);
class FromInput {
public:
  explicit FromInput(int N) : Items(N) {}

private:
  std::vector<int> Items;
};
FromInput Make(std::istream &In) { return FromInput(read(In)); }

// More than MaxInlineElements (8) from a constant initializer.
class Many {
public:
  Many() : Items(9) {}

private:
  std::vector<int> Items;
};

// An aggregate can be initialised with any number of elements.
struct Aggregate {
  std::vector<int> Items = {1};
};
Aggregate Agg{{1, 2, 3, 4}};

// Declared in a header: other files may construct HeaderRow differently.
HeaderRow Header(80);

// An element under a preprocessor conditional: on Windows the list holds
// two, and a std::array of one would not compile there.
int configured(int Base) {
  const std::vector<int> Candidates = {
      Base,
#ifdef _WIN32
      Base + 1,
#endif
  };
  int Sum = 0;
  for (int C : Candidates)
    Sum += C;
  return Sum;
}

int use() {
  Usually U;
  U.add(true, 1);
  Partly P(3);
  Appended A;
  A.add(1);
  Looped L;
  L.fill(4);
  Assigned S;
  S.set({1, 2});
  Many M;
  return systemPrimes() + P.size() + Header.width() + Agg.Items[0];
}
