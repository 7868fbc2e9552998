// With a heapcount profile, a deque the profile measured where a std::vector
// would save nothing (many small deques: two blocks and one map each, and a
// vector growing through their sizes allocates more often) is silent; a
// namespace-scope deque's code is measured too (it has no function). Deques
// that never left their first block are not judged so (profile.cpp, 'Ids'):
// a vector makes fewer allocations for those that hold 0 or 1 elements.
// yaml-cpp's stack of emitter states is one that held more (its fix added
// 158 allocations in the proof); uncrustify's ChunkStack is one that
// mostly held none.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=map:int*:8:8x190:collect --container=map=deque<int> \
// RUN:     --site=block:int:4:128x380:collect --container=block=deque<int>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"

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
// CHECK-NOTES: :[[@LINE-3]]:24: warning: 'Registered' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
// CHECK-NOTES: :[[@LINE-4]]:24: note: heapcount's profile: in the profiled run 'Registered' made no allocation at this code; the change would save about 0 allocations
// CHECK-NOTES: :[[@LINE-5]]:24: note: on libstdc++, std::deque<int> allocates one 512-byte block per 128 elements
// CHECK-FIXES: {{^}}static std::vector<int> Registered;{{$}}
