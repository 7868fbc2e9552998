// With a heapcount profile (the global option ProfileFile), the allocations
// measured at the assignment decide: outside any loop it is reported when
// they are at least ProfileMinAllocations (100), with the saving in a note;
// one the profile covers with fewer is cold and silent. OutsideLoops: true
// reports it without a profile. make_profile.py writes the profile for the
// runner's clean copy; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-reset-by-assignment %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=hot:int*:8:8x2000:TokenReader::reInit --container='hot=std::deque<int, std::allocator<int> >' \
// RUN:     --site=hotblock:int:4:128x2000:TokenReader::reInit --container='hotblock=std::deque<int, std::allocator<int> >' \
// RUN:     --site=rare:int*:8:8x10:TokenReader::rareReset --container='rare=std::deque<int, std::allocator<int> >' \
// RUN:     --site=cut:char:1:40x3000:TokenReader::skip --container=cut=string \
// RUN:     --site=rarecut:char:1:40x10:TokenReader::skipRarely --container=rarecut=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=OUTSIDE %s alloc-reset-by-assignment %t.o -- \
// RUN:   -config="{CheckOptions: {alloc-reset-by-assignment.OutsideLoops: true}}" -- -std=c++17

#include <stack>
#include <string>

struct TokenReader {
  std::stack<int> Brackets;
  int Position = 0;
  // Called for every expression: 4,000 allocations measured.
  void reInit() {
    Position = 0;
    Brackets = std::stack<int>(); // site(hot@std::stack) site(hotblock@=)
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: assigning a new std::stack<int> to 'Brackets' allocates on every call: on libstdc++ a new deque allocates its map and first block, and the move assignment another pair; popping it empty allocates nothing and keeps the memory it has [alloc-reset-by-assignment]
    // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run 'Brackets' allocated 4,000 times (for 8 to 128 elements); popping it empty would save about 4,000 allocations
    // CHECK-NOTES-OUTSIDE: :[[@LINE-3]]:5: warning: assigning a new std::stack<int> to 'Brackets' allocates on every call
  }
  // CHECK-FIXES: {{^}}    while (!Brackets.empty()) Brackets.pop(); // site(hot
  // CHECK-FIXES-OUTSIDE: {{^}}    while (!Brackets.empty()) Brackets.pop(); // site(hot
  // Measured, but 10 allocations: cold, silent.
  void rareReset() {
    Brackets = std::stack<int>(); // site(rare@std::stack)
    // CHECK-NOTES-OUTSIDE: :[[@LINE-1]]:5: warning: assigning a new std::stack<int> to 'Brackets' allocates on every call
  }
  // CHECK-FIXES-OUTSIDE: {{^}}    while (!Brackets.empty()) Brackets.pop(); // site(rare
  // Not covered by the profile: silent, as without one.
  void unprofiled();

  // A string cut to its rest on every call: 3,000 substrings measured.
  std::string Text;
  void skip(std::string::size_type N) {
    Text = Text.substr(N); // site(cut@substr)
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: assigning to 'Text' a substring of itself allocates on every call once the substring passes the inline buffer: it is built as a new string; assign() copies it into the memory 'Text' has [alloc-reset-by-assignment]
    // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run 'Text.substr()' allocated 3,000 times (each for 40 elements); assign() would save about 3,000 allocations
    // CHECK-NOTES-OUTSIDE: :[[@LINE-3]]:5: warning: assigning to 'Text' a substring of itself allocates on every call
  }
  // CHECK-FIXES: {{^}}    Text.assign(Text, N); // site(cut
  // CHECK-FIXES-OUTSIDE: {{^}}    Text.assign(Text, N); // site(cut
  // Measured, but 10 allocations: cold, silent.
  void skipRarely() {
    Text = Text.substr(1); // site(rarecut@substr)
    // CHECK-NOTES-OUTSIDE: :[[@LINE-1]]:5: warning: assigning to 'Text' a substring of itself allocates on every call
  }
  // CHECK-FIXES-OUTSIDE: {{^}}    Text.assign(Text, 1); // site(rarecut
};

void TokenReader::unprofiled() {
  Brackets = std::stack<int>();
  // CHECK-NOTES-OUTSIDE: :[[@LINE-1]]:3: warning: assigning a new std::stack<int> to 'Brackets' allocates on every call
}
// CHECK-FIXES-OUTSIDE: {{^}}  while (!Brackets.empty()) Brackets.pop();{{$}}
