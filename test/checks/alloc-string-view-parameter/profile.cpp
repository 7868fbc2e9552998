// With a heapcount profile (the global option ProfileFile), the allocations
// measured where the calls build their strings decide: outside any loop, a
// parameter is reported when they are at least ProfileMinAllocations (100),
// with the saving in a note; one the profile covers with fewer is cold and
// silent. OutsideLoops: true reports every one without a profile.
// make_profile.py writes the profile for the runner's clean copy; a site
// sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-string-view-parameter %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=hot:char:1:29x2000:Parser::define --container=hot=string \
// RUN:     --site=rare:char:1:29x10:Parser::rename --container=rare=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=OUTSIDE %s alloc-string-view-parameter %t.o -- \
// RUN:   -config="{CheckOptions: {alloc-string-view-parameter.OutsideLoops: true}}" -- -std=c++17

#include <string>

namespace {
const char *const NameChars = "abcdefghijklmnopqrstuvwxyz_0";

struct Parser {
  // Called for every definition: 2,000 strings measured.
  void define(const std::string &Name) {
    check(Name, NameChars); // site(hot@NameChars)
  }
  // Measured, but 10 strings: cold.
  void rename(const std::string &Name) {
    checkAgain(Name, NameChars); // site(rare@NameChars)
  }
  void check(const std::string &Name, const std::string &Allowed) const {
    // CHECK-NOTES: :[[@LINE-1]]:58: warning: 'check' only reads 'Allowed', yet a call builds a std::string from characters for it on every call, allocating past 15 characters; a 'std::string_view' parameter would take the characters without a copy [alloc-string-view-parameter]
    // CHECK-NOTES: :{{[0-9]+}}:17: note: the string is built here{{$}}
    // CHECK-NOTES: :{{[0-9]+}}:17: note: heapcount's profile: in the profiled run 'Allowed' allocated 2,000 times (each for 29 elements); a 'std::string_view' parameter would save about 2,000 allocations
    // CHECK-NOTES-OUTSIDE: :[[@LINE-4]]:58: warning: 'check' only reads 'Allowed'
    // CHECK-NOTES-OUTSIDE: :{{[0-9]+}}:17: note: the string is built here{{$}}
    // CHECK-FIXES: {{^}}  void check(const std::string &Name, std::string_view Allowed) const {{{$}}
    // CHECK-FIXES-OUTSIDE: {{^}}  void check(const std::string &Name, std::string_view Allowed) const {{{$}}
    if (Name.find_first_not_of(Allowed) != std::string::npos)
      throw 1;
  }
  void checkAgain(const std::string &Name, const std::string &Allowed) const {
    // CHECK-NOTES-OUTSIDE: :[[@LINE-1]]:63: warning: 'checkAgain' only reads 'Allowed'
    // CHECK-NOTES-OUTSIDE: :{{[0-9]+}}:22: note: the string is built here{{$}}
    // CHECK-FIXES-OUTSIDE: {{^}}  void checkAgain(const std::string &Name, std::string_view Allowed) const {{{$}}
    if (Name.find_first_not_of(Allowed) != std::string::npos)
      throw 1;
  }
};
} // namespace

void run(const char *const *Names, int N) {
  Parser P;
  P.define(Names[0]);
  P.rename(Names[1]);
  (void)N;
}
