// Parameters the check must leave alone, each with the reason. Every
// function is called with a temporary, so only the reason keeps it silent.
// RUN: %check_alloc_tidy %s alloc-copied-parameter %t

#include <set>
#include <string>
#include <unordered_set>
#include <vector>

std::vector<std::string> Names;
std::string Last;

// Read after the copy: moved from, it would be empty.
void readAfter(const std::string &S) {
  Names.push_back(S);
  Last = S.substr(1);
}

// Copied on every iteration: only one copy could be a move.
void inLoop(const std::string &S, int N) {
  for (int I = 0; I < N; ++I)
    Names.push_back(S);
}

// Two copies of the same parameter.
void twice(const std::string &S) {
  Names.push_back(S);
  Names.push_back(S);
}

// Only lvalues are passed: by value, they would be copied just the same.
void lvaluesOnly(const std::string &S) { Names.push_back(S); }

// Passed on by const reference: no storage here (no form of copy the check
// knows).
void show(const std::string &S);
void passOn(const std::string &S) { show(S); }

// Copied into a local that is not kept: the copy dies with the call.
void intoLocal(const std::string &S) {
  std::vector<std::string> Local;
  Local.push_back(S);
  show(Local.front());
}

// Copying it does not allocate (a reference to a scalar is not even
// looked at).
struct Point {
  int X, Y;
};
std::vector<Point> Points;
void addPoint(const Point &P) { Points.push_back(P); }
std::vector<int> Ints;
void addInt(const int &I) { Ints.push_back(I); }

// A user-declared destructor suppresses the move constructor: moved, it is
// copied anyway (alloc-missing-move's finding).
struct NoMove {
  ~NoMove() {}
  std::vector<int> Data;
};
std::vector<NoMove> NoMoves;
void addNoMove(const NoMove &N) { NoMoves.push_back(N); }

// Virtual: the overrides share the signature.
struct Sink {
  virtual void put(const std::string &S) { Names.push_back(S); }
  virtual ~Sink() = default;
};
struct LoudSink : Sink {
  void put(const std::string &S) override { Names.push_back(S); }
};

// A template: its instantiations may differ.
template <typename T> void addAll(const std::string &S, T) {
  Names.push_back(S);
}

// Its address is taken: the pointer's type names the signature.
void viaPointer(const std::string &S) { Names.push_back(S); }
void (*Pointer)(const std::string &) = &viaPointer;

// Cold: it only runs to report an error.
void reportError(const std::string &S) { Names.push_back(S); }

// Without a profile, a constructor's member initializer is
// modernize-pass-by-value's finding (member-initializer.cpp: with one)
// and this check leaves it alone.
struct Named {
  explicit Named(const std::string &S) : Name(S) {}
  std::string Name;
};

// Used in a lambda, which can run any number of times.
void later(const std::string &S) {
  auto Push = [&] { Names.push_back(S); };
  Push();
}

// Inserted into a set: copied only when the set holds no equal string, so
// not on every call (a pool of strings mostly finds it there).
std::set<std::string> Pool;
std::unordered_set<std::string> Seen;
const std::string &pooled(const std::string &S) { return *Pool.insert(S).first; }
void see(const std::string &S) { Seen.emplace(S); }

// A member of the configuration: set once per run (option ColdClasses).
class Config {
public:
  void setMarkers(const std::vector<std::string> &M) { Markers = M; }

private:
  std::vector<std::string> Markers;
};

void calls(Sink &K, LoudSink &L) {
  readAfter(std::string("a"));
  inLoop(std::string("a"), 2);
  twice(std::string("a"));
  lvaluesOnly(Last);
  passOn(std::string("a"));
  intoLocal(std::string("a"));
  addPoint(Point{1, 2});
  addInt(3);
  addNoMove(NoMove());
  K.put(std::string("a"));
  L.put(std::string("a"));
  addAll(std::string("a"), 1);
  viaPointer(std::string("a"));
  reportError(std::string("a"));
  Named N(std::string("a"));
  later(std::string("a"));
  pooled(std::string("a"));
  see(std::string("a"));
  Config C;
  C.setMarkers(std::vector<std::string>{"a"});
}
