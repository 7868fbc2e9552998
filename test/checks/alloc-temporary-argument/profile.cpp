// With a heapcount profile (the global option ProfileFile), the allocations
// measured at the argument decide: a function with no loop is reported when
// they are at least ProfileMinAllocations (100), with the saving in a note;
// a loop whose argument the profile covers but which made fewer than
// MinProfiledAllocations is cold and silent. make_profile.py writes the
// profile for the runner's clean copy; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-temporary-argument %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=hot:string:3:3x5000:parseInstruction --element=hot=string \
// RUN:     --allocation-site=hotstr:27x5000:parseInstruction \
// RUN:     --site=rare:string:3:3x50:rarely --element=rare=string \
// RUN:     --site=loop:int:4:2x3:looped" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17

#include <string>
#include <vector>

int expect(const std::vector<std::string> &Names, int X);
int total(const std::vector<int> &Counts);

int parseInstruction(int X) {
  return expect({"instruction", "operand", "a longer name than sixteen"}, X); // site(hot@{) site(hotstr@"a longer)
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: the temporary std::vector<std::string> passed to 'expect' is built from 3 constant elements on every call, allocating each time; a 'static const' object built once would serve every call [alloc-temporary-argument]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: heapcount's profile: in the profiled run the argument for 'Names' allocated 10,000 times (the container and what it holds); a 'static const' object built once would save about 9,998 allocations
  // CHECK-FIXES: {{^}}  static const std::vector<std::string> Names = {"instruction", "operand", "a longer name than sixteen"};{{$}}
}

// Fewer than ProfileMinAllocations saved outside a loop: silent.
int rarely(int X) {
  return expect({"instruction", "operand", "a longer name than sixteen"}, X); // site(rare@{)
}

// In a loop, but the profile covers it with 3 allocations: cold, silent.
int looped(const std::vector<int> &In) {
  int R = 0;
  for (int X : In)
    R += total({X > 0 ? 1 : 2, 3, 4, 5}) + total({1, 2, 3, 4}); // site(loop@{1, 2)
  return R;
}
