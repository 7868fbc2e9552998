// On libstdc++ a std::stack over its default deque is silent without a
// profile: a stack as deep as a nesting makes more allocations over a
// std::vector, a stack that mostly stays empty fewer, and the code does not
// say which. A heapcount profile measures the blocks and maps each stack
// allocated (heapcount names their container std::stack) and decides as for
// a deque: a stack that left its first block is flagged where a vector
// growing by doubling saves allocations; one that saved nothing, one the
// profile saw no allocation of, and one of a file the profile does not cover
// stay silent; stacks that never left their first block need
// AssumeFirstBlockDequesShort, as deques do.
// RUN: %check_alloc_tidy -check-suffixes=ALL,DEFAULT %s alloc-deque-as-array %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=deep-map:int*:8:8x10:deepest --container=deep-map=stack<int> \
// RUN:     --site=deep:int:4:128x10:deepest --container=deep=stack<int> \
// RUN:     --site=deep-push:int:4:128x230:deepest --container=deep-push=stack<int> \
// RUN:     --site=deep-push-map:int*:8:18x10,38x10:deepest --container=deep-push-map=stack<int> \
// RUN:     --site=two-map:int*:8:8x50:twoBlocks --container=two-map=stack<int> \
// RUN:     --site=two:int:4:128x50:twoBlocks --container=two=stack<int> \
// RUN:     --site=two-push:int:4:128x50:twoBlocks --container=two-push=stack<int> \
// RUN:     --site=empty-map:char*:8:8x200:unbalanced --container=empty-map=stack<char> \
// RUN:     --site=empty:char:1:512x200:unbalanced --container=empty=stack<char>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffixes=ALL,SHORT %s alloc-deque-as-array %t.short \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.short.cpp %t.short.json \
// RUN:     --site=deep-map:int*:8:8x10:deepest --container=deep-map=stack<int> \
// RUN:     --site=deep:int:4:128x10:deepest --container=deep=stack<int> \
// RUN:     --site=deep-push:int:4:128x230:deepest --container=deep-push=stack<int> \
// RUN:     --site=deep-push-map:int*:8:18x10,38x10:deepest --container=deep-push-map=stack<int> \
// RUN:     --site=two-map:int*:8:8x50:twoBlocks --container=two-map=stack<int> \
// RUN:     --site=two:int:4:128x50:twoBlocks --container=two=stack<int> \
// RUN:     --site=two-push:int:4:128x50:twoBlocks --container=two-push=stack<int> \
// RUN:     --site=empty-map:char*:8:8x200:unbalanced --container=empty-map=stack<char> \
// RUN:     --site=empty:char:1:512x200:unbalanced --container=empty=stack<char>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.short.json', alloc-deque-as-array.AssumeFirstBlockDequesShort: true}}"
// A profile of another file: silent, as without a profile.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t.elsewhere \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.elsewhere.cpp %t.elsewhere.json \
// RUN:     --path=/elsewhere/stacks.cpp --site=deep-push:int:4:128x230:deepest --container=deep-push=stack<int>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.elsewhere.json'}}"

#include <stack>
#include <string>

// Ten stacks of 3,000 elements: 24 blocks and 3 maps each.
int deepest(const std::string &Text) {
  std::stack<int> Open; // site(deep-map@Open) site(deep@Open)
  // CHECK-NOTES-ALL: :[[@LINE-1]]:19: warning: 'Open' is a std::stack over a std::deque; over a std::vector it makes fewer allocations [alloc-deque-as-array]
  // CHECK-NOTES-ALL: :[[@LINE-2]]:19: note: heapcount's profile: in the profiled run 'Open' made 270 allocations (blocks and their map) in 10 deques; a std::vector growing by doubling would save about 140 allocations
  // CHECK-NOTES-ALL: :[[@LINE-3]]:19: note: on libstdc++ an empty std::deque already allocates a 64-byte map and a 512-byte block; a std::vector allocates nothing until the first push
  // CHECK-FIXES-ALL: {{^}}  std::stack<int, std::vector<int>> Open; // site(deep-map@Open) site(deep@Open){{$}}
  int Max = 0;
  for (char C : Text) {
    if (C == '(')
      Open.push(Max); // site(deep-push@push) site(deep-push-map@push)
    else if (C == ')' && !Open.empty())
      Open.pop();
    if (static_cast<int>(Open.size()) > Max)
      Max = static_cast<int>(Open.size());
  }
  return Max;
}

// Fifty stacks of two blocks and a map: a vector doubling to 256 elements
// allocates 9 times, more than the deque's 3.
int twoBlocks(int N) {
  std::stack<int> Pending; // site(two-map@Pending) site(two@Pending)
  for (int I = 0; I < N; ++I)
    Pending.push(I); // site(two-push@push)
  int Sum = 0;
  while (!Pending.empty()) {
    Sum += Pending.top();
    Pending.pop();
  }
  return Sum;
}

// 200 stacks that never left their first block.
int unbalanced(const std::string &Word) {
  std::stack<char> Quotes; // site(empty-map@Quotes) site(empty@Quotes)
  // CHECK-NOTES-SHORT: :[[@LINE-1]]:20: warning: 'Quotes' is a std::stack over a std::deque; over a std::vector it makes fewer allocations [alloc-deque-as-array]
  // CHECK-NOTES-SHORT: :[[@LINE-2]]:20: note: heapcount's profile: in the profiled run 'Quotes' made 400 allocations (blocks and their map) in 200 deques, none past its first block of 512 elements; a std::vector growing by doubling allocates nothing while empty, once for 1 element and 10 times to hold 512, and the profile cannot count the elements within a block: it would save up to 400 allocations where most hold at most 1, and allocate more where most hold 3 or more
  // CHECK-NOTES-SHORT: :[[@LINE-3]]:20: note: on libstdc++ an empty std::deque already allocates a 64-byte map and a 512-byte block; a std::vector allocates nothing until the first push
  // CHECK-FIXES-DEFAULT: {{^}}  std::stack<char> Quotes; // site(empty-map@Quotes) site(empty@Quotes){{$}}
  // CHECK-FIXES-SHORT: {{^}}  std::stack<char, std::vector<char>> Quotes; // site(empty-map@Quotes) site(empty@Quotes){{$}}
  for (char C : Word) {
    if (C != '"')
      continue;
    if (!Quotes.empty())
      Quotes.pop();
    else
      Quotes.push(C);
  }
  return static_cast<int>(Quotes.size());
}

// In a covered file, but no allocation measured: the run never made one.
int neverRun(int N) {
  std::stack<long> Unused;
  // CHECK-FIXES-ALL: {{^}}  std::stack<long> Unused;{{$}}
  Unused.push(N);
  return static_cast<int>(Unused.top());
}
