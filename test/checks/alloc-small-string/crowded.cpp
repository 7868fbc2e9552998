// A long literal made 'static const' saves one allocation per call; in a
// function whose every call builds four or more other strings or containers
// (a generator's method text), that is a small share of what the call costs,
// and without a profile the check stays silent (AllocationsBeside, default
// 4). What runs only in another branch does not count. With
// AllocationsBeside: 0 (suffix ALL) each is reported; a profile that
// measured the string (suffix PROFILE) reports it whatever runs beside it.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -- -std=c++14
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-small-string %t.all -- -config="{CheckOptions: {alloc-small-string.AllocationsBeside: 0}}" -- -std=c++14
// RUN: %check_alloc_tidy -check-suffix=PROFILE %s alloc-small-string %t.profile \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.profile.cpp %t.profile.json \
// RUN:     --site=prefix:char:1:20x5000:genGetter --container=prefix=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.profile.json', MinProfiledAllocations: 10}}" -- -std=c++14

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
  std::string Prefix = "public function get"; // site(prefix)
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:15: warning: 'Prefix' is a std::string built from a string literal too long for its inline buffer
  // CHECK-FIXES-ALL: {{^}}  static const std::string Prefix = "public function get"; // site(prefix){{$}}
  // CHECK-NOTES-PROFILE: :[[@LINE-3]]:15: warning: 'Prefix' is a std::string built from a string literal too long for its inline buffer
  // CHECK-NOTES-PROFILE: :[[@LINE-4]]:15: note: heapcount's profile: in the profiled run 'Prefix' allocated 5,000 times (each for 20 elements); declared 'static const', it would save about 4,999 allocations
  // CHECK-NOTES-PROFILE: :[[@LINE-5]]:24: note: the literal has 19 characters
  // CHECK-NOTES-PROFILE: :[[@LINE-7]]:6: note: it runs once per call of 'genGetter'
  // CHECK-FIXES-PROFILE: {{^}}  static const std::string Prefix = "public function get"; // site(prefix){{$}}
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
