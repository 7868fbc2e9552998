// With ConditionalAppends: UpperBound, a loop that appends under a condition
// gets a reserve of the most it could append. That reserve allocates in a
// run that appends nothing too, which a profile cannot see (heapcount counts
// the runs that allocated). With a profile, the
// finding stays only when the growths it saves outnumber the runs that
// allocated: not for a container that mostly holds one or two elements,
// where a small vector, not a reserve, is the fix, nor for one the profile
// has no measurement of.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=few:int:4:1x100,2x80:fewMatches \
// RUN:     --site=many:int:4:1x100,2x100,4x100,8x100:manyMatches \
// RUN:     --site=even:int:4:1x100,2x100:evenMatches" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json', alloc-reserve-in-loop.ConditionalAppends: UpperBound}}" -- -I %S/Inputs
// Without a profile the option reports all three, as before.
// RUN: %check_alloc_tidy -check-suffix=NOPROFILE %s alloc-reserve-in-loop %t.n \
// RUN:   -- -config="{CheckOptions: {alloc-reserve-in-loop.ConditionalAppends: UpperBound}}" -- -I %S/Inputs

#include "small_vector.h"
#include <unordered_set>
#include <vector>

// Each run that allocated held one or two matches: 80 growths saved for the
// 100 runs seen, and every run with none would now allocate. Silent.
int fewMatches(const std::vector<int> &Values) {
  std::vector<int> Matches;
  for (int V : Values)
    if (V < 0)
      Matches.push_back(V); // site(few@push_back)
  // CHECK-NOTES-NOPROFILE: :[[@LINE-1]]:7: warning: 'Matches' grows about log2(N) times as this loop appends up to N elements
  // CHECK-NOTES-NOPROFILE: :[[@LINE-4]]:3: note: N = 'Values.size()'
  return static_cast<int>(Matches.size());
}
// CHECK-FIXES-NOPROFILE: Matches.reserve(Values.size());
// CHECK-FIXES-NOT: Matches.reserve(Values.size());

// Runs of up to eight matches: 300 growths saved for 100 runs. Reported.
int manyMatches(const std::vector<int> &Values) {
  std::vector<int> Hits;
  for (int V : Values)
    if (V > 0)
      Hits.push_back(V); // site(many@push_back)
  // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'Hits' grows about log2(N) times as this loop appends up to N elements
  // CHECK-NOTES: :[[@LINE-2]]:7: note: heapcount's profile: in the profiled run 'Hits' grew 400 times at these appends, in 100 runs of up to 8 elements; reserving first would save about 300 allocations
  // CHECK-NOTES: :[[@LINE-5]]:3: note: N = 'Values.size()'
  // CHECK-NOTES-NOPROFILE: :[[@LINE-4]]:7: warning: 'Hits' grows about log2(N) times
  // CHECK-NOTES-NOPROFILE: :[[@LINE-7]]:3: note: N = 'Values.size()'
  return static_cast<int>(Hits.size());
}
// CHECK-FIXES: Hits.reserve(Values.size());

// At the edge: one growth saved per run that allocated, which as many runs
// with nothing to append would undo. Silent.
int evenMatches(const std::vector<int> &Values) {
  std::vector<int> Even;
  for (int V : Values)
    if (V % 2 == 0)
      Even.push_back(V); // site(even@push_back)
  // CHECK-NOTES-NOPROFILE: :[[@LINE-1]]:7: warning: 'Even' grows about log2(N) times
  // CHECK-NOTES-NOPROFILE: :[[@LINE-4]]:3: note: N = 'Values.size()'
  return static_cast<int>(Even.size());
}
// CHECK-FIXES-NOT: Even.reserve(Values.size());

// The profile covers this file and saw no growth here (a small vector that
// never left its inline buffer, or a loop that found nothing): the reserve
// could only add allocations. Silent.
int noGrowth(const std::vector<int> &Values) {
  std::vector<int> Large;
  for (int V : Values)
    if (V > 1000)
      Large.push_back(V);
  // CHECK-NOTES-NOPROFILE: :[[@LINE-1]]:7: warning: 'Large' grows about log2(N) times
  // CHECK-NOTES-NOPROFILE: :[[@LINE-4]]:3: note: N = 'Values.size()'
  return static_cast<int>(Large.size());
}
// CHECK-FIXES-NOT: Large.reserve(Values.size());

// A hash set's reserve allocates its buckets at once, and the profile has no
// measurement of this one: with a profile, silent.
int distinctNegatives(const std::vector<int> &Values) {
  std::unordered_set<int> Seen;
  for (int V : Values) {
    if (V >= 0)
      continue;
    Seen.insert(V);
  }
  // CHECK-NOTES-NOPROFILE: :[[@LINE-2]]:5: warning: 'Seen' rehashes about log2(N) times as this loop inserts up to N elements
  // CHECK-NOTES-NOPROFILE: :[[@LINE-6]]:3: note: N = 'Values.size()'
  return static_cast<int>(Seen.size());
}
// CHECK-FIXES-NOPROFILE: Seen.reserve(Values.size());
// CHECK-FIXES-NOT: Seen.reserve(Values.size());

// A small vector keeps a few elements inline: a reserve of the upper bound
// would put on the heap the elements that conditional appends mostly keep
// within it. Warned without a fix-it; with a profile that has no
// measurement of it, silent.
int inlineMatches(const std::vector<int> &Values) {
  llvm::SmallVector<int, 4> Odd;
  for (int V : Values)
    if (V % 2 != 0)
      Odd.push_back(V);
  // CHECK-NOTES-NOPROFILE: :[[@LINE-1]]:7: warning: 'Odd' grows about log2(N) times
  // CHECK-NOTES-NOPROFILE: :[[@LINE-4]]:3: note: N = 'Values.size()'
  // CHECK-NOTES-NOPROFILE: :[[@LINE-5]]:3: note: no fix-it: the count is an upper bound, and a reserve() past the inline buffer allocates at once: elements that would have stayed in the buffer would allocate for it
  return static_cast<int>(Odd.size());
}
// CHECK-FIXES-NOT: Odd.reserve(

int main() {
  std::vector<int> Values = {1, -2, 3, 4};
  return fewMatches(Values) + manyMatches(Values) + evenMatches(Values) +
                     noGrowth(Values) + inlineMatches(Values) +
                     distinctNegatives(Values) ==
                 8
             ? 0
             : 1;
}
