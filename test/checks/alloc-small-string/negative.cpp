// Strings the check must leave alone: each case says why.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- -std=c++20 -isystem %S/Inputs/system

#include <istream>
#include <string>
#include <sysstrings.h>
#include <utility>
#include <vector>

void show(const std::string &Text);
void edit(std::string &Text);
void store(std::string *Text);

// Fits the inline buffer: 15 characters on libstdc++ never allocate.
void fits() {
  std::string Fifteen = "exactly fifteen";
  std::string WithNull = "short\0 then a long tail after the null";
  show(Fifteen);
  show(WithNull);
}

// Built once already: static, thread_local and namespace-scope strings.
std::string Global = "a global string, built at startup";
void once() {
  static std::string Static = "a static local, built on first call";
  thread_local std::string PerThread = "one per thread, built once per thread";
  show(Static);
  show(PerThread);
  show(Global);
}

// Moved or returned into longer-lived storage: the allocation is kept.
std::vector<std::string> Names;
struct Holder {
  std::string Member;
  void set() {
    std::string Value = "moved into a member of the object";
    Member = std::move(Value);
  }
};
void moved() {
  std::string Value = "moved into a vector that keeps it";
  Names.push_back(std::move(Value));
}
std::string returned() {
  std::string Value = "returned to the caller, who keeps it";
  return Value;
}
void thrown() {
  std::string Message = "thrown as the exception object itself";
  throw Message;
}

// Modified after construction: a static object would carry the changes of
// one call into the next.
void appended(int N) {
  std::string Line = "a prefix for the line that follows: ";
  Line += std::to_string(N);
  show(Line);
}
void assigned(bool Flag) {
  std::string Mode = "the default mode of the whole program";
  if (Flag)
    Mode = "another mode";
  show(Mode);
}
void written() {
  std::string Buffer = "characters that are overwritten below";
  Buffer[0] = 'C';
  show(Buffer);
}
void readInto(std::istream &In) {
  std::string Line = "a placeholder until a line is read in";
  std::getline(In, Line);
  show(Line);
}
// Handed out where it may be changed: a non-const reference or pointer, a
// swap, a mutable reference from a range-for.
void handedOut() {
  std::string Text = "passed by non-const reference below";
  edit(Text);
}
void addressTaken() {
  std::string Text = "its address is taken and passed on";
  store(&Text);
}
void swapped(std::string &Other) {
  std::string Text = "swapped with the caller's string";
  Text.swap(Other);
}
void boundMutable() {
  std::string Text = "bound to a non-const reference";
  std::string &Alias = Text;
  show(Alias);
}
void rangeForMutable() {
  std::string Text = "iterated by non-const reference";
  for (char &C : Text)
    C = static_cast<char>(C + 1);
  show(Text);
}
void nonConstIterator() {
  std::string Text = "a mutable iterator may write to it";
  auto It = Text.begin();
  show(Text);
  (void)It;
}

// main() runs once; outside a loop its strings are built once, and so in a
// loop whose body runs once.
int main() {
  std::string Usage = "usage: negative [options] files...";
  show(Usage);
  do {
    std::string Once = "in a loop that runs exactly once";
    show(Once);
  } while (false);
  return 0;
}

// A constexpr function cannot have a static local (before C++23).
constexpr std::size_t constexprLength() {
  std::string Text = "a string in a constexpr function";
  return Text.size();
}

// In a template, what a use does can depend on the template argument.
template <class T> void dependent() {
  std::string Text = "passed to a call that depends on T";
  T::take(Text);
}
template <class T> void dependentOperator(const T &Value) {
  std::string Text = "an operand of an operator on a T";
  show(Text + Value);
}
struct Taker {
  static void take(std::string &Text);
};
void instantiate() {
  dependent<Taker>();
  dependentOperator(std::string("x"));
}

// The literal's characters come through a variable, not a literal.
void notALiteral(const char *Source) {
  std::string Copy = Source;
  show(Copy);
}
