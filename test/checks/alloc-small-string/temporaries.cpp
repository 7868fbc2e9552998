// A temporary std::string("...") bound to a const std::string& parameter
// allocates each time it is evaluated. Where a standard overload takes the
// literal itself with the same meaning (comparisons, +, +=, find, compare,
// append, ...), the fix-it drops the temporary; elsewhere a named 'static
// const' string is needed, whose name is the user's choice: no fix-it.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- -std=c++20

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

void log(const std::string &Message);
void byValue(std::string Message);
void sink(std::string &&Message);

int compare(const std::string &Name, std::string &Out) {
  int Hits = 0;
  if (Name == std::string("the name that everybody is looking for"))
    ++Hits;
  // CHECK-NOTES: :[[@LINE-2]]:15: warning: this temporary std::string is built from a string literal too long for its inline buffer, so it allocates every time it is evaluated; use the literal itself [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-3]]:27: note: the literal has 38 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-6]]:5: note: it runs once per call of 'compare'
  // CHECK-FIXES: {{^}}  if (Name == "the name that everybody is looking for"){{$}}
  if (std::string{"on the left of the comparison, too"} != Name)
    ++Hits;
  // CHECK-NOTES: :[[@LINE-2]]:7: warning: this temporary std::string is built
  // CHECK-NOTES: :[[@LINE-3]]:19: note: the literal has 34 characters
  // CHECK-NOTES: :[[@LINE-12]]:5: note: it runs once per call of 'compare'
  // CHECK-FIXES: {{^}}  if ("on the left of the comparison, too" != Name){{$}}
  if (Name.find(std::string("a needle in the haystack"), 2) != std::string::npos)
    ++Hits;
  // CHECK-NOTES: :[[@LINE-2]]:17: warning: this temporary std::string is built
  // CHECK-NOTES: :[[@LINE-3]]:29: note: the literal has 24 characters
  // CHECK-NOTES: :[[@LINE-18]]:5: note: it runs once per call of 'compare'
  // CHECK-FIXES: {{^}}  if (Name.find("a needle in the haystack", 2) != std::string::npos){{$}}
  Out += std::string(", and a suffix appended to it");
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: this temporary std::string is built
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the literal has 29 characters
  // CHECK-NOTES: :[[@LINE-23]]:5: note: it runs once per call of 'compare'
  // CHECK-FIXES: {{^}}  Out += ", and a suffix appended to it";{{$}}
  return Hits + Name.compare(std::string("compared with the other overload"));
  // CHECK-NOTES: :[[@LINE-1]]:30: warning: this temporary std::string is built
  // CHECK-NOTES: :[[@LINE-2]]:42: note: the literal has 32 characters
  // CHECK-NOTES: :[[@LINE-28]]:5: note: it runs once per call of 'compare'
  // CHECK-FIXES: {{^}}  return Hits + Name.compare("compared with the other overload");{{$}}
}

// A function of the user's, and a standard one without a literal overload:
// no fix-it. In a loop, the loop repeats it.
int lookup(const std::map<std::string, int> &Table, int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    log(std::string("one more iteration of the lookup loop"));
    // CHECK-NOTES: :[[@LINE-1]]:9: warning: this temporary std::string is built from a string literal too long for its inline buffer, so it allocates every time it is evaluated; a 'static const' std::string would allocate only once [alloc-small-string]
    // CHECK-NOTES: :[[@LINE-2]]:21: note: the literal has 37 characters
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-4]]:9: note: no fix-it: a 'static const std::string' needs a name of your choosing; or 'log' could take a std::string_view
    Total += Table.at(std::string("the key of the table entry"));
    // CHECK-NOTES: :[[@LINE-1]]:23: warning: this temporary std::string is built
    // CHECK-NOTES: :[[@LINE-2]]:35: note: the literal has 26 characters
    // CHECK-NOTES: :[[@LINE-9]]:3: note: this loop runs it on every iteration
    // CHECK-NOTES: :[[@LINE-4]]:23: note: no fix-it: a 'static const std::string' needs a name of your choosing{{$}}
  }
  return Total;
}

// Silent: the temporary is not wasted, or runs once, or fits.
std::vector<std::string> Kept;
std::string silent(const char *Name, const std::string &Other) {
  // Taken by value or by rvalue reference: the callee keeps the buffer.
  byValue(std::string("moved into the parameter, which keeps it"));
  sink(std::string("bound to an rvalue reference parameter"));
  Kept.push_back(std::string("moved into the vector, which keeps it"));
  // Fits the inline buffer.
  log(std::string("short"));
  // The error path: thrown exceptions are not the hot path.
  if (!Name)
    throw std::runtime_error(std::string("no name was given to the function"));
  // A static's initializer runs once.
  static const std::map<std::string, int> Table = {
      {std::string("a key in a static table, built once"), 1}};
  (void)Table;
  return std::string("returned to the caller, who keeps it") + Other;
}

// Comparisons whose other operand is no std::string: the literal alone would
// compare pointers, or another overload. Warned, not fixed.
bool pointers(const char *Name) {
  return Name == std::string("compared with a pointer to characters");
  // CHECK-NOTES: :[[@LINE-1]]:18: warning: this temporary std::string is built
  // CHECK-NOTES: :[[@LINE-2]]:30: note: the literal has 37 characters
  // CHECK-NOTES: :[[@LINE-4]]:6: note: it runs once per call of 'pointers'
  // CHECK-NOTES: :[[@LINE-4]]:18: note: no fix-it: a 'static const std::string' needs a name of your choosing{{$}}
}
