// A concatenation that starts a new string is not reported where the
// change saves nothing or cannot be written safely.
// RUN: %check_alloc_tidy %s alloc-append-concatenation %t -- \
// RUN:   -config="{CheckOptions: {alloc-append-concatenation.WithoutProfile: true, alloc-append-concatenation.OutsideLoops: true}}" -- -std=c++17

#include <string>
#include <vector>

#define JOIN(A, B, C) (A + B + C)

// Two pieces that are strings already: the '+' makes the result once.
std::string two(const std::string &A, const std::string &B) { return A + B; }

// A piece whose length is known only by evaluating it (a call).
std::string numbered(int N, const std::string &Name) {
  return std::to_string(N) + ": " + Name;
}
std::string upper(const std::string &S);
std::string shout(const std::string &S) { return upper(S) + "!" + S; }

// Every piece a literal that fits the inline buffer: no allocation.
std::string tiny() { return std::string("ab") + "cd" + 'e'; }

// The result is not a new string of its own type.
const std::string constant(const std::string &A) { return A + "-" + A; }
auto deduced(const std::string &A) { return A + "-" + A; }
std::string fromLambda(const std::string &A) {
  auto L = [&]() -> std::string { return A + "-" + A; };
  return L();
}
void variables(const std::string &A, std::vector<std::string> &Out) {
  const std::string Fixed = A + "-" + A;
  auto Deduced = A + "-" + A;
  const std::string &Bound = A + "-" + A;
  static std::string Kept = A + "-" + A;
  for (std::string S = A + "-" + A; !S.empty(); S.pop_back())
    Out.push_back(S);
  Out.push_back(Fixed + Deduced + Bound + Kept);
}

// A piece that changes something when read.
std::string counted(const std::string &A, size_t &N) {
  return A + std::string(N++, '-') + A;
}

// Written by a macro.
std::string macro(const std::string &A) { return JOIN(A, "-", A); }

// In a template: what the pieces are depends on the instantiation.
template <typename T> std::string generic(const T &A) { return A + "-" + A; }
std::string instantiated(const std::string &A) { return generic(A); }

// Not a standard string.
struct Text {
  Text operator+(const Text &) const { return *this; }
};
Text other(const Text &A) { return A + A + A; }

// A concatenation passed as an argument, where moving it before the
// statement could change what it reads or what the call receives.
#include <cstdio>
#include <map>
void take(const std::string &S);
void takeCopy(std::string S);
void takeRvalue(std::string &&S);
void takeTwo(const std::string &A, const std::string &B);
int next(std::string &S);
void place(int N, const std::string &S);
void arguments(const std::string &A, const std::string &B, std::string &Out,
               void (*Callback)(const std::string &),
               std::map<std::string, int> &Counts) {
  // By value or by rvalue reference: a named string would be copied.
  takeCopy(A + "-" + B);
  takeRvalue(A + "-" + B);
  // Through a pointer: the parameter is not known.
  Callback(A + "-" + B);
  // Two concatenations in one call.
  takeTwo(A + "-" + B, B + "-" + A);
  // Another argument can change a piece (a reference) before it is read.
  place(next(Out), Out + "-" + A);
  // The call's value is used, or the call is one branch of an expression.
  if (Counts.count(A + "." + B))
    return;
  bool Found = Counts.count(A + "." + B) && Counts.count(B + "." + A);
  (void)Found;
  // A member of the string itself, and an operator.
  std::printf("%zu\n", Out.find(A + "-" + B));
  Counts[A + "." + B] = 1;
}
