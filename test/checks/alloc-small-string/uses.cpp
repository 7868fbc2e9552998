// What the uses of a local allow. Reads through std::string_view's own
// members, comparisons, stream output, string_view parameters, reading
// subscripts and range-for by value: a constexpr std::string_view. Anything
// that needs a std::string (c_str(), substr(), a const std::string& or
// std::string parameter, a copy, a const reference): 'static const'.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- -std=c++20

#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

int measure(std::string_view Text);
void keep(const std::string &Text);
void byValue(std::string Text);
template <class T> int generic(const T &Value);

int viewUses(const std::string &Other, std::map<std::string, int> &Seen) {
  std::string Label = "a label that is too long to be inline";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Label' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; as a 'constexpr std::string_view' it would not allocate at all [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 37 characters; libstdc++ keeps at most 15 inline, so each construction allocates once
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'viewUses'
  // CHECK-FIXES: {{^}}  constexpr std::string_view Label = "a label that is too long to be inline";{{$}}
  int Total = measure(Label);
  if (Label == Other || Label < Other || Label.starts_with("a l"))
    ++Total;
  std::cout << Label << '\n';
  for (char C : Label)
    Total += C;
  Total += Label[2] + Label.front() + static_cast<int>(Label.compare(Other));
  (void)Label;
  return Total + static_cast<int>(Seen.size());
}

// Each of these needs a std::string; the note names the first one.
int substr() {
  std::string Path = "/usr/share/doc/alloc-tidy/index";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Path' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; declared 'static const' it would allocate only once [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the literal has 31 characters
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'substr'
  // CHECK-NOTES: :[[@LINE+2]]:21: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES: {{^}}  static const std::string Path = "/usr/share/doc/alloc-tidy/index";{{$}}
  std::string Dir = Path.substr(0, 10);
  return measure(Dir);
}
void copies(std::vector<std::string> &Out) {
  std::string Default = "a default value that allocates";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Default' is a std::string built
  // CHECK-NOTES: :[[@LINE-2]]:25: note: the literal has 30 characters
  // CHECK-NOTES: :[[@LINE-4]]:6: note: it runs once per call of 'copies'
  // CHECK-NOTES: :[[@LINE+3]]:17: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES: {{^}}  static const std::string Default = "a default value that allocates";{{$}}
  // A copy allocates either way; the original no longer does.
  Out.push_back(Default);
  std::string Copy = Default;
  const std::string &Ref = Default;
  byValue(Default);
  keep(Ref + Copy);
}
int templated() {
  std::string Name = "passed to a function template";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Name' is a std::string built
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the literal has 29 characters
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'templated'
  // CHECK-NOTES: :[[@LINE+2]]:18: note: not a std::string_view: this use needs a std::string
  // CHECK-FIXES: {{^}}  static const std::string Name = "passed to a function template";{{$}}
  return generic(Name);
}

// Lambdas: captured by a default capture, the static is simply used; named
// in the capture list, a static cannot be captured, so there is no fix-it.
int captures(int N) {
  std::string Unit = "milliseconds, rounded to the nearest";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Unit' is a std::string built
  // CHECK-NOTES: :[[@LINE-2]]:22: note: the literal has 36 characters
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'captures'
  // CHECK-FIXES: {{^}}  constexpr std::string_view Unit = "milliseconds, rounded to the nearest";{{$}}
  auto Width = [&] { return measure(Unit) * N; };
  std::string Named = "captured by name in the list below";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'Named' is a std::string built from a string literal too long for its inline buffer, so every run of its declaration allocates; as a 'constexpr std::string_view' it would not allocate at all [alloc-small-string]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 34 characters
  // CHECK-NOTES: :[[@LINE-10]]:5: note: it runs once per call of 'captures'
  // CHECK-NOTES: :[[@LINE+1]]:16: note: no fix-it: a lambda captures 'Named' by name, which it cannot do with a static variable
  auto Size = [Named] { return measure(Named); };
  return Width() + Size();
}

// Declarations the fix-it cannot rewrite.
int declarations(bool Flag) {
  std::string First = "the first of two in one declaration", Second = "x";
  // CHECK-NOTES: :[[@LINE-1]]:15: warning: 'First' is a std::string built
  // CHECK-NOTES: :[[@LINE-2]]:23: note: the literal has 35 characters
  // CHECK-NOTES: :[[@LINE-4]]:5: note: it runs once per call of 'declarations'
  // CHECK-NOTES: :[[@LINE-4]]:15: note: no fix-it: the declaration declares other variables too
  [[maybe_unused]] std::string Marked = "an attribute stands in front of it";
  // CHECK-NOTES: :[[@LINE-1]]:32: warning: 'Marked' is a std::string built
  // CHECK-NOTES: :[[@LINE-2]]:41: note: the literal has 34 characters
  // CHECK-NOTES: :[[@LINE-9]]:5: note: it runs once per call of 'declarations'
  // CHECK-NOTES: :[[@LINE-4]]:32: note: no fix-it: the declaration has attributes
  int Total = measure(First) + measure(Second) + measure(Marked);
  if (Flag)
    for (std::string Key = "declared in the for statement itself"; Total < 9;)
      Total += measure(Key);
  // CHECK-NOTES: :[[@LINE-2]]:22: warning: 'Key' is a std::string built
  // CHECK-NOTES: :[[@LINE-3]]:28: note: the literal has 36 characters
  // CHECK-NOTES: :[[@LINE-17]]:5: note: it runs once per call of 'declarations'
  // CHECK-NOTES: :[[@LINE-5]]:22: note: no fix-it: the declaration is not a statement of a block
  return Total;
}
