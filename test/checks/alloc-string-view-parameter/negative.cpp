// What alloc-string-view-parameter leaves alone: a parameter the function
// needs as a std::string, a function whose type may not change, calls that
// build nothing worth a view, and code outside loops without a profile.
// RUN: %check_alloc_tidy %s alloc-string-view-parameter %t -- -- -std=c++17
// Before C++17 there is no std::string_view: nothing is reported.
// RUN: %check_alloc_tidy -check-suffix=CXX14 %s alloc-string-view-parameter %t.14 -- -- -std=c++14

#include <functional>
#include <map>
#include <string>

const char *next();
void consume(const std::string &S);

namespace {
// Passed on to a function that takes a std::string.
void passesOn(const std::string &S) { consume(S); }
// Its C string, a substring, its iterators: a view has no c_str(), and its
// substr() and iterators have other types.
int cString(const std::string &S) { return S.c_str()[0]; }
std::string part(const std::string &S) { return S.substr(1); }
int first(const std::string &S) { return *S.begin(); }
// Copied, or kept.
std::string copied(const std::string &S) { std::string T = S; return T; }
std::string returned(const std::string &S) { return S; }
// Concatenated: a view has no operator+.
std::string joined(const std::string &S) { return S + "!"; }
// A lambda that outlives the call would keep a view of a dead temporary.
std::function<int()> later(const std::string &S) {
  return [S] { return static_cast<int>(S.size()); };
}
// Looked up in a map keyed by strings: the key needs a std::string.
int lookUp(const std::map<std::string, int> &M, const std::string &Key) {
  auto It = M.find(Key);
  return It == M.end() ? 0 : It->second;
}
} // namespace

// Its one use copies it into storage that outlives the call: a view would
// still copy the characters there. Taken by value and moved, the temporary
// becomes the stored string (alloc-copied-parameter's finding).
class Writer {
public:
  void setValue(const std::string &Key, const std::string &Value) {
    Values[Key] = Value;
  }
  void setPadding(const std::string &Padding) { Pad = Padding; }

private:
  std::map<std::string, std::string> Values;
  std::string Pad;
};

void configure(Writer &W, int N) {
  for (int I = 0; I < N; ++I) {
    W.setValue("name", "a value longer than any inline buffer");
    W.setPadding("a padding longer than any inline buffer");
  }
}

// Virtual: every override takes the same parameter.
struct Sink {
  virtual ~Sink();
  virtual int put(const std::string &S) { return static_cast<int>(S.size()); }
};
// Overloaded: the calls might pick the other one.
static int width(const std::string &S) { return static_cast<int>(S.size()); }
static int width(int N) { return N; }
// A template: its instantiations may differ.
template <typename T> int sized(const std::string &S, T) {
  return static_cast<int>(S.size());
}
// Only short literals: they fit the inline buffer, nothing is allocated.
static bool isKeyword(const std::string &S) { return S == "if" || S == "for"; }
// Called outside any loop, without a profile.
static int once(const std::string &S) { return static_cast<int>(S.size()); }

// An error reporter (ColdFunctions): its calls are the error path.
static bool addError(const std::string &Message) { return Message.empty(); }
// Called right before the loop is left: once per run of the loop.
static bool fail(const std::string &Why) { return Why.empty(); }

bool scan(const char *Text) {
  for (const char *P = Text; *P; ++P) {
    if (*P == '\\')
      return addError("an escape sequence at the end of the text");
    if (*P == '"')
      return fail("a quote where none may be");
  }
  return true;
}

int everything(const std::map<std::string, int> &M, Sink &Out, int N) {
  int Total = once(next());
  for (int I = 0; I < N; ++I) {
    passesOn(next());
    Total += cString(next()) + first(next()) + lookUp(M, next());
    Total += static_cast<int>(part(next()).size() + copied(next()).size() +
                              returned(next()).size() + joined(next()).size());
    Total += later(next())();
    Total += Out.put(next()) + width(next()) + sized(next(), 1);
    Total += isKeyword("if") + isKeyword("while");
  }
  return Total;
}
