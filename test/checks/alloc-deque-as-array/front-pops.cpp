// A deque popped at its front is reported only where a heapcount profile
// shows it stays short: every deque at its code allocated its map and first
// block and nothing more, so none ever held more than a block. On a vector,
// pop_front() is erase(begin()), which moves every element. The profile
// cannot count the elements within a block, so the fix-it to a std::vector
// comes only with AssumeFirstBlockDequesShort. Without a profile, or where
// a deque needed a second block, it stays.
// RUN: %check_alloc_tidy -check-suffixes=ALL,DEFAULT %s alloc-deque-as-array %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=map:Entry*:8:8x1000:pending --container=map=deque<Entry> \
// RUN:     --site=first:Entry:16:32x1000:pending --container=first=deque<Entry> \
// RUN:     --site=held-map:Entry*:8:8x10:heldBack --container=held-map=deque<Entry> \
// RUN:     --site=held:Entry:16:32x10:heldBack --container=held=deque<Entry> \
// RUN:     --site=either-map:Entry*:8:8x10:either --container=either-map=deque<Entry> \
// RUN:     --site=either:Entry:16:32x10:either --container=either=deque<Entry>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffixes=ALL,SHORT %s alloc-deque-as-array %t.short \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.short.cpp %t.short.json \
// RUN:     --site=map:Entry*:8:8x1000:pending --container=map=deque<Entry> \
// RUN:     --site=first:Entry:16:32x1000:pending --container=first=deque<Entry> \
// RUN:     --site=held-map:Entry*:8:8x10:heldBack --container=held-map=deque<Entry> \
// RUN:     --site=held:Entry:16:32x10:heldBack --container=held=deque<Entry> \
// RUN:     --site=either-map:Entry*:8:8x10:either --container=either-map=deque<Entry> \
// RUN:     --site=either:Entry:16:32x10:either --container=either=deque<Entry>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.short.json', alloc-deque-as-array.AssumeFirstBlockDequesShort: true}}"
// A profile in which the deques grew past their first block: silent.
// RUN: %check_alloc_tidy -check-suffix=GROWS %s alloc-deque-as-array %t.grows \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.grows.cpp %t.grows.json \
// RUN:     --site=map:Entry*:8:8x1000:pending --container=map=deque<Entry> \
// RUN:     --site=first:Entry:16:32x1000:pending --container=first=deque<Entry> \
// RUN:     --site=more:Entry:16:32x40:pending --container=more=deque<Entry>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.grows.json'}}"
// Without a profile nothing shows that a deque stays short: silent.
// RUN: %check_alloc_tidy -check-suffix=NONE %s alloc-deque-as-array %t.none

#include <deque>

struct Entry {
  unsigned long Seq;
  const char *Text;
};

// Positive: a short queue, built per call; the pop becomes erase(begin())
// where the user says the deques are short.
unsigned long pending(const char *const *Texts, int N) {
  std::deque<Entry> Queue; // site(map@Queue) site(first@Queue)
  // CHECK-NOTES-ALL: :[[@LINE-1]]:21: warning: 'Queue' is a std::deque popped at its front that never outgrew its first block in the profiled run; a std::vector allocates nothing while empty and holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES-ALL: :[[@LINE-2]]:21: note: heapcount's profile: in the profiled run 'Queue' made 2,000 allocations (blocks and their map) in 1,000 deques, none past its first block of 32 elements; a std::vector growing by doubling allocates nothing while empty, once for 1 element and 6 times to hold 32, and the profile cannot count the elements within a block: it would save up to 2,000 allocations where most hold at most 1, and allocate more where most hold 3 or more
  // CHECK-NOTES-ALL: :[[@LINE-3]]:21: note: on libstdc++, std::deque<Entry> allocates one 512-byte block per 32 elements
  // CHECK-NOTES-ALL: :[[@LINE+9]]:5: note: on a std::vector this is erase(begin()), which moves every element; the profile shows that no deque here ever held more than its first block of 32 elements
  // CHECK-NOTES-DEFAULT: :[[@LINE-5]]:21: note: no fix-it: the profile cannot tell how many elements each deque held; where most hold at most one, AssumeFirstBlockDequesShort gives the fix-it
  for (int I = 0; I < N; ++I)
    Queue.push_back(Entry{static_cast<unsigned long>(I), Texts[I]}); // site(more@push_back)
  unsigned long Sum = 0;
  while (!Queue.empty()) {
    Sum += Queue.front().Seq;
    if (Queue.front().Text[0] == 'x')
      Queue.push_back(Entry{0, "y"});
    Queue.pop_front();
  }
  return Sum;
}
// CHECK-FIXES-DEFAULT: {{^}}  std::deque<Entry> Queue; // site(map@Queue) site(first@Queue){{$}}
// CHECK-FIXES-DEFAULT: {{^}}    Queue.pop_front();{{$}}
// CHECK-FIXES-SHORT: {{^}}  std::vector<Entry> Queue; // site(map@Queue) site(first@Queue){{$}}
// CHECK-FIXES-SHORT: {{^}}    Queue.erase(Queue.begin());{{$}}

// Negative: a reference to the last element is read after a pop; on a
// vector it would name the element after it.
unsigned long heldBack(unsigned long First, unsigned long Second) {
  std::deque<Entry> Pair; // site(held-map@Pair) site(held@Pair)
  Pair.push_back(Entry{First, "a"});
  Pair.push_back(Entry{Second, "b"});
  const Entry &Last = Pair.back();
  Pair.pop_front();
  return Last.Seq;
}

// A pop whose value takes part in an expression: warned, no fix-it (erase
// returns an iterator, so the conditional's types would no longer match).
unsigned long either(bool Front) {
  std::deque<Entry> Ends; // site(either-map@Ends) site(either@Ends)
  // CHECK-NOTES-ALL: :[[@LINE-1]]:21: warning: 'Ends' is a std::deque popped at its front
  // CHECK-NOTES-ALL: :[[@LINE-2]]:21: note: heapcount's profile: in the profiled run 'Ends' made 20 allocations (blocks and their map) in 10 deques, none past its first block of 32 elements;
  // CHECK-NOTES-ALL: :[[@LINE-3]]:21: note: on libstdc++, std::deque<Entry> allocates one 512-byte block per 32 elements
  // CHECK-NOTES-ALL: :[[@LINE+4]]:11: note: on a std::vector this is erase(begin())
  // CHECK-NOTES-ALL: :[[@LINE+3]]:11: note: no fix-it: this pop_front() is part of an expression whose type would change with erase(), which returns an iterator
  Ends.push_back(Entry{1, "a"});
  Ends.push_back(Entry{2, "b"});
  Front ? Ends.pop_front() : Ends.pop_back();
  return Ends.back().Seq;
}
