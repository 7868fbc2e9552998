// With a heapcount profile, a deque the profile measured where a std::vector
// would save nothing (many small deques: two blocks and one map each, and a
// vector growing through their sizes allocates more often) is silent; a
// namespace-scope deque's code is measured too (it has no function).
// Deques that never left their first block cannot be judged so: a vector
// makes fewer allocations for those that hold 0 or 1 elements and more for
// those that hold 3 or more, and the profile cannot count the elements
// within a block. yaml-cpp's stacks as deep as the nesting held more (a
// fix-it added 158 allocations in the proof); uncrustify's ChunkStack
// mostly held none. They are silent, unless AssumeFirstBlockDequesShort
// says that they are short: then the note gives the range, not "about".
// RUN: %check_alloc_tidy -check-suffixes=ALL,DEFAULT %s alloc-deque-as-array %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=map:int*:8:8x190:collect --container=map=deque<int> \
// RUN:     --site=block:int:4:128x380:collect --container=block=deque<int> \
// RUN:     --site=short-map:int*:8:8x150:firstBlock --container=short-map=deque<int> \
// RUN:     --site=short:int:4:128x150:firstBlock --container=short=deque<int>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffixes=ALL,SHORT %s alloc-deque-as-array %t.short \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.short.cpp %t.short.json \
// RUN:     --site=map:int*:8:8x190:collect --container=map=deque<int> \
// RUN:     --site=block:int:4:128x380:collect --container=block=deque<int> \
// RUN:     --site=short-map:int*:8:8x150:firstBlock --container=short-map=deque<int> \
// RUN:     --site=short:int:4:128x150:firstBlock --container=short=deque<int>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.short.json', alloc-deque-as-array.AssumeFirstBlockDequesShort: true}}"

#include <deque>

int collect(int N, int Extra) {
  std::deque<int> Items; // site(map@Items)
  while (N-- > 0)
    if (Extra > 0)
      Items.push_back(Extra); // site(block@push_back)
  int Sum = 0;
  for (int V : Items)
    Sum += V;
  return Sum;
}

static std::deque<int> Registered;
void add(int V) { Registered.push_back(V); }
int count() { return static_cast<int>(Registered.size()); }
// CHECK-NOTES-ALL: :[[@LINE-3]]:24: warning: 'Registered' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
// CHECK-NOTES-ALL: :[[@LINE-4]]:24: note: heapcount's profile: in the profiled run 'Registered' made no allocation at this code; the change would save about 0 allocations
// CHECK-NOTES-ALL: :[[@LINE-5]]:24: note: on libstdc++, std::deque<int> allocates one 512-byte block per 128 elements
// CHECK-FIXES-ALL: {{^}}static std::vector<int> Registered;{{$}}

// 150 deques that each allocated their map and first block, and nothing
// more, grown under a condition (no reserve): silent by default; with
// AssumeFirstBlockDequesShort, a range.
int firstBlock(int N, int Skip) {
  std::deque<int> Pending; // site(short-map@Pending)
  // CHECK-NOTES-SHORT: :[[@LINE-1]]:19: warning: 'Pending' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES-SHORT: :[[@LINE-2]]:19: note: heapcount's profile: in the profiled run 'Pending' made 300 allocations (blocks and their map) in 150 deques, none past its first block of 128 elements; a std::vector growing by doubling allocates nothing while empty, once for 1 element and 8 times to hold 128, and the profile cannot count the elements within a block: it would save up to 300 allocations where most hold at most 1, and allocate more where most hold 3 or more
  // CHECK-NOTES-SHORT: :[[@LINE-3]]:19: note: on libstdc++, std::deque<int> allocates one 512-byte block per 128 elements
  while (N-- > 0)
    if (N != Skip)
      Pending.push_back(N); // site(short@push_back)
  return Pending.empty() ? 0 : Pending.back();
}
// CHECK-FIXES-DEFAULT: {{^}}  std::deque<int> Pending; // site(short-map@Pending){{$}}
// CHECK-FIXES-SHORT: {{^}}  std::vector<int> Pending; // site(short-map@Pending){{$}}
