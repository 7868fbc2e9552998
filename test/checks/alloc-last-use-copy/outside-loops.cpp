// Outside a loop a copy runs once per call: reported with WithoutProfile and
// OutsideLoops, or where a heapcount profile measured the statement at
// ProfileMinAllocations (100) allocations or more; a profiled statement with
// fewer than MinProfiledAllocations is cold and silent, even in a loop.
// RUN: %check_alloc_tidy %s alloc-last-use-copy %t -- \
// RUN:   -config="{CheckOptions: {alloc-last-use-copy.WithoutProfile: true, alloc-last-use-copy.OutsideLoops: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=PROFILE %s alloc-last-use-copy %t.profile \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.profile.cpp %t.json \
// RUN:     --allocation-site=hot:41x500:scalar --allocation-site=cold:41x2:looped" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', MinProfiledAllocations: 10}}" -- -std=c++17

#include <string>
#include <vector>

struct Token {
  std::string Text;
  int Kind = 0;
};

void scalar(std::vector<Token> &Tokens, const std::string &In) {
  Token T;
  T.Text = In + " and some more text to allocate";
  Tokens.push_back(T); // site(hot@T)
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'T' is copied by 'push_back' on its last use; std::move would hand its buffer over instead of allocating a copy [alloc-last-use-copy]
  // CHECK-FIXES: {{^}}  Tokens.push_back(std::move(T)); // site(hot@T){{$}}
  // CHECK-FIXES-PROFILE: {{^}}  Tokens.push_back(std::move(T)); // site(hot@T){{$}}
  // CHECK-NOTES-PROFILE: :[[@LINE-4]]:20: warning: 'T' is copied by 'push_back' on its last use; std::move would hand its buffer over instead of allocating a copy [alloc-last-use-copy]
  // CHECK-NOTES-PROFILE: :[[@LINE-5]]:20: note: heapcount's profile: in the profiled run this statement allocated 500 times, the copy among them
}

void looped(std::vector<std::string> &Out, int N) {
  for (int I = 0; I < N; ++I) {
    std::string S(40, 'a');
    Out.push_back(S); // site(cold@S)
    // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'S' is copied by 'push_back' on its last use on every iteration
    // CHECK-NOTES: :[[@LINE-4]]:3: note: this loop runs it on every iteration, with a new 'S'
  }
}
