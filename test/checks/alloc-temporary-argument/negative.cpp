// What alloc-temporary-argument must not report: temporaries that are not
// built from constants, that do not allocate, that the callee may keep or
// modify, that are built once, or on an error path; and, without a profile,
// constructions outside loops.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- -- -std=c++17

#include <array>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

int expect(const std::vector<std::string> &Names, int X);
void log(const std::string &Message);
void byValue(std::vector<int> Values);
void sink(std::vector<int> &&Values);
void both(const std::vector<int> &Values);
void both(std::vector<int> &&Values);
int list(std::initializer_list<int> Values);
int fixed(const std::array<int, 3> &Values);
void reportError(const std::vector<std::string> &Lines);
template <typename T> int generic(const T &Value);
int variadic(const char *Format, ...);

struct ErrorMessage {
  explicit ErrorMessage(const std::vector<std::string> &Lines);
};

struct Noisy {
  Noisy(int V); // not constexpr: may count or log
};
int noisy(const std::vector<Noisy> &Items);

int negatives(const std::vector<int> &In, const std::string &Name) {
  int R = 0;
  for (int X : In) {
    // Not constant: the elements change from one iteration to the next.
    R += expect({Name, "a longer name than sixteen"}, X);
    both({X, X + 1});
    // Short enough for the inline buffer: no allocation.
    log("short");
    // Empty: no allocation.
    R += expect({}, X);
    // By value, by rvalue reference, or an rvalue overload: the callee may
    // keep or modify the object.
    byValue({1, 2, 3});
    sink({1, 2, 3});
    both({1, 2, 3});
    // No allocation at all.
    R += list({1, 2, 3});
    R += fixed({1, 2, 3});
    // A user's constructor may have effects that running once would change.
    R += noisy({Noisy(1), Noisy(2)});
    // alloc-small-string reports a spelled std::string("...").
    log(std::string("a message that is longer than fifteen"));
    // A cold callee: error reporting.
    reportError({"an error line that is long enough"});
    // The constructor of an error message: a class ColdFunctions names.
    ErrorMessage Message({"a line of the message that is long", "another"});
    // Deduced from the argument: the object keeps its type, but the call is
    // generic code's business.
    (void)variadic("%d", X);
  }
  return R;
}

// The error path: a function that does not return; a construction right
// before leaving the loop (once per run of the loop); a command-line option
// looked up while the arguments are parsed.
[[noreturn]] void fail(const std::string &Message);
int option(const std::string &Name);
int leaving(const std::vector<int> &In) {
  for (int X : In) {
    if (X < 0)
      fail("a negative value is not allowed here");
    if (X == 0)
      return expect({"instruction", "a longer name than sixteen"}, X);
    if (X == 1) {
      log("a message that is longer than fifteen");
      break;
    }
  }
  int R = 0;
  for (int X : In)
    R += option("--maximum-allocations-increase") + X;
  return R;
}

// Without a loop and without a profile: once per call, the function may be
// cold.
int once(int X) { return expect({"instruction", "a longer name than sixteen"}, X); }

// Under a throw: the error path.
void fail(int X) {
  for (int I = 0; I < X; ++I)
    if (I > 10)
      throw std::runtime_error(std::string("index out of range: ") +
                               "a long explanation");
}

// A template's pattern: judged once, instantiations skipped.
template <typename T> int pattern(const std::vector<T> &In) {
  int R = 0;
  for (const T &X : In)
    R += expect({"instruction", "a longer name than sixteen"}, int(X));
  return R;
}
int usePattern(const std::vector<int> &In) { return pattern(In); }

// Built once: at namespace scope, in main outside a loop.
int Global = expect({"instruction", "a longer name than sixteen"}, 0);
int main() { return expect({"instruction", "a longer name than sixteen"}, 1); }
