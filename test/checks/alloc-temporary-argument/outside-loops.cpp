// OutsideLoops: true reports a construction anywhere a function runs it on
// every call, without a profile to show that the function is hot.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t -- \
// RUN:   -config="{CheckOptions: {alloc-temporary-argument.OutsideLoops: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=DEFAULT %s alloc-temporary-argument %t.default -- -- -std=c++17

#include <string>
#include <vector>

int expect(const std::vector<std::string> &Names, int X);

int parseInstruction(int X) {
  return expect({"instruction", "a longer name than sixteen"}, X);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: the temporary std::vector<std::string> passed to 'expect' is built from 2 constant elements on every call, allocating each time; a 'static const' object built once would serve every call [alloc-temporary-argument]
  // CHECK-FIXES: {{^}}  static const std::vector<std::string> Names = {"instruction", "a longer name than sixteen"};{{$}}
  // CHECK-FIXES-NEXT: {{^}}  return expect(Names, X);{{$}}
}

// Still not in main outside a loop: it runs once.
int main() { return parseInstruction(1); }
// Without the option: nothing (no CHECK lines for suffix DEFAULT).
