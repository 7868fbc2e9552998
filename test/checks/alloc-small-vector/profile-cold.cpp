// Vectors the analysis bounds get the allocations a profile measured at
// their code (the global option ProfileFile); with MinProfiledAllocations,
// one whose code the profile covers but that allocated less is silent, and
// so is one the profile sized with fewer allocations in all. A profile of
// another file, or of an older version of this one, silences nothing.
// RUN: %check_alloc_tidy %s alloc-small-vector %t \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=hot:int:4:1x4000,2x4000,4x4000:hot --site=cold:int:4:1x2,2x2:cold \
// RUN:     --site=sized:int:4:2x50:sized" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', alloc-small-vector.ProfileMinAllocations: 10}}"
// RUN: %check_alloc_tidy -check-suffix=MIN %s alloc-small-vector %t.min \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.min.cpp %t.min.json \
// RUN:     --site=hot:int:4:1x4000,2x4000,4x4000:hot --site=cold:int:4:1x2,2x2:cold \
// RUN:     --site=sized:int:4:2x50:sized" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.min.json', alloc-small-vector.ProfileMinAllocations: 10, MinProfiledAllocations: 100}}"
// RUN: %check_alloc_tidy -check-suffix=ELSEWHERE %s alloc-small-vector %t.elsewhere \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.elsewhere.cpp %t.elsewhere.json \
// RUN:     --path=/elsewhere/vectors.cpp --site=hot:int:4:1x4000:hot" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.elsewhere.json', MinProfiledAllocations: 100}}"
// RUN: %check_alloc_tidy -check-suffix=STALE %s alloc-small-vector %t.stale \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.stale.cpp %t.stale.json \
// RUN:     --hash=stale --site=hot:int:4:1x4000:hot" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.stale.json', MinProfiledAllocations: 100}}"

#include <vector>
#include <boost/container/small_vector.hpp> // the project uses it
// Sizing from a stale profile is off, and said once.
// CHECK-MESSAGES-STALE: warning: the heapcount profile '{{.*}}stale.json' is stale for '{{.*}}stale.cpp': the file has changed since it was profiled; its 1 site there is ignored (profile the program again) [alloc-small-vector]

int hot() {
  std::vector<int> Corners;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Corners' never holds more than 3 elements
  // CHECK-MESSAGES-MIN: :[[@LINE-2]]:20: warning: 'Corners' never holds more than 3 elements
  // CHECK-MESSAGES-ELSEWHERE: :[[@LINE-3]]:20: warning: 'Corners' never holds more than 3 elements
  // CHECK-MESSAGES-STALE: :[[@LINE-4]]:20: warning: 'Corners' never holds more than 3 elements
  Corners.push_back(1); // site(hot)
  Corners.push_back(2);
  Corners.push_back(3);
  return Corners[0] + Corners[2];
}
// CHECK-FIXES: boost::container::small_vector<int, 4> Corners;
// CHECK-FIXES-MIN: boost::container::small_vector<int, 4> Corners;
// CHECK-FIXES-ELSEWHERE: boost::container::small_vector<int, 4> Corners;
// CHECK-FIXES-STALE: boost::container::small_vector<int, 4> Corners;

int cold() {
  std::vector<int> Pair;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Pair' never holds more than 2 elements
  // CHECK-MESSAGES-ELSEWHERE: :[[@LINE-2]]:20: warning: 'Pair' never holds more than 2 elements
  // CHECK-MESSAGES-STALE: :[[@LINE-3]]:20: warning: 'Pair' never holds more than 2 elements
  Pair.push_back(1); // site(cold)
  Pair.push_back(2);
  return Pair[0] + Pair[1];
}
// CHECK-FIXES: boost::container::small_vector<int, 2> Pair;
// CHECK-FIXES-ELSEWHERE: boost::container::small_vector<int, 2> Pair;
// CHECK-FIXES-STALE: boost::container::small_vector<int, 2> Pair;

// Sized by the profile alone: 50 allocations, fewer than 100.
int sized(int N) {
  std::vector<int> Two;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Two' asked for at most 2 elements in 50 of the 50 allocations
  for (int I = 0; I < N; ++I)
    Two.push_back(I); // site(sized)
  return Two.empty() ? 0 : Two.back();
}
// CHECK-FIXES: boost::container::small_vector<int, 2> Two;
