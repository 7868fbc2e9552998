// A long literal made 'static const' saves one allocation per call; in a
// function whose every call builds four or more other strings or containers
// (a generator's method text), that is a small share of what the call costs,
// and without a profile the check stays silent (AllocationsBeside, default
// 4). What runs only in another branch does not count. With
// AllocationsBeside: 0 (suffix ALL) each is reported.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- -std=c++14
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-small-string %t.all -- -config="{CheckOptions: {alloc-small-string.AllocationsBeside: 0}}" -- -std=c++14

#include <string>
#include <vector>

struct Field {
  std::string name() const;
  std::string type() const;
};
std::string camel(const std::string &Name);
void print(const std::string &Text);

// Negative by default: name(), type(), camel() twice and the first '+' of
// each chain (the others append to the string it made).
void genGetter(const Field &F) {
  std::string Prefix = "public function get";
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:15: warning: 'Prefix' is a std::string built from a string literal too long for its inline buffer
  // CHECK-FIXES-ALL: {{^}}  static const std::string Prefix = "public function get";{{$}}
  std::string Name = camel(F.name());
  std::string Type = camel(F.type());
  print(Prefix + Name + "(): " + Type);
  print(Prefix + Name + "Or(" + Type + " Default)");
}

// Positive: what the other branch builds does not run with it; name(),
// type() and the '+' are three.
void genSetter(const Field &F, bool Typed) {
  std::string Prefix = "public function set";
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'Prefix' is a std::string built from a string literal too long for its inline buffer
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:15: warning: 'Prefix' is a std::string built from a string literal too long for its inline buffer
  // CHECK-FIXES: {{^}}  static const std::string Prefix = "public function set";{{$}}
  // CHECK-FIXES-ALL: {{^}}  static const std::string Prefix = "public function set";{{$}}
  if (Typed) {
    std::string Name = camel(F.name());
    std::string Type = camel(F.type());
    print(Name + ": " + Type);
    print(Type + ": " + Name);
    print(Name + Type);
  }
  print(F.type());
  print(Prefix + F.name());
}
