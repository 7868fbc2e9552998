// A heapcount profile (the global option ProfileFile) gives each finding
// the growth measured at its appends and what reserving would save; with
// MinProfiledAllocations, a loop whose code the profile covers but that
// allocated less is silent. make_profile.py writes the profile for the
// runner's clean copy of this file; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=hot:int:4:1x1,2x1,4x1,8x1,16x1,32x1,64x1,128x1,256x1,512x1,1024x1,2048x1,4096x1,8192x1:fill(unsigned) \
// RUN:     --site=cold:int:4:1x3,2x3:few(unsigned) \
// RUN:     --site=chars:char:1:31x40,61x40:words --container=chars=string \
// RUN:     --site=three:int:4:1x40,2x40,4x40:three" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffix=MIN %s alloc-reserve-in-loop %t.min \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.min.cpp %t.min.json \
// RUN:     --site=hot:int:4:1x1,2x1,4x1,8x1,16x1,32x1,64x1,128x1,256x1,512x1,1024x1,2048x1,4096x1,8192x1:fill(unsigned) \
// RUN:     --site=cold:int:4:1x3,2x3:few(unsigned) \
// RUN:     --site=chars:char:1:31x40,61x40:words --container=chars=string \
// RUN:     --site=three:int:4:1x40,2x40,4x40:three" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.min.json', MinProfiledAllocations: 10}}"

// A profile of another file covers none of this one: every finding is
// reported as without a profile, even with a threshold.
// RUN: %check_alloc_tidy -check-suffix=ELSEWHERE %s alloc-reserve-in-loop %t.elsewhere \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.elsewhere.cpp %t.elsewhere.json \
// RUN:     --path=/elsewhere/fill.cpp --site=hot:int:4:1x100:fill(unsigned)" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.elsewhere.json', MinProfiledAllocations: 10}}"

// A profile of an older version of this file: its sites are ignored, with a
// note, and nothing is silenced.
// RUN: %check_alloc_tidy -check-suffix=STALE %s alloc-reserve-in-loop %t.stale \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.stale.cpp %t.stale.json \
// RUN:     --hash=stale --site=hot:int:4:1x100:fill(unsigned)" \
// RUN:   -- -config="{CheckOptions: {alloc-reserve-in-loop.ProfileFile: '%t.stale.json', alloc-reserve-in-loop.MinProfiledAllocations: 10}}"
// A stale profile is one warning without a location, credited to the check
// that read it (issue 34, item 7).
// CHECK-NOTES-STALE: {{^}}warning: the heapcount profile '{{.*}}stale.json' is stale for '{{.*}}': the file has changed since it was profiled; {{.*}} (profile the program again) [alloc-reserve-in-loop]

#include <string>
#include <unordered_set>
#include <vector>

// Hot: 14 growths in one run.
std::vector<int> fill(unsigned N) {
  std::vector<int> Out;
  for (unsigned I = 0; I < N; ++I)
    Out.push_back(I); // site(hot@push_back)
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run 'Out' grew 14 times at these appends, in 1 run of up to 8,192 elements; reserving first would save about 13 allocations
  // CHECK-NOTES: :[[@LINE-4]]:3: note: N = 'N'; reserve(N) goes before this loop
  // CHECK-NOTES-MIN: :[[@LINE-4]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES-MIN: :[[@LINE-5]]:5: note: heapcount's profile: in the profiled run 'Out' grew 14 times at these appends, in 1 run of up to 8,192 elements; reserving first would save about 13 allocations
  // CHECK-NOTES-MIN: :[[@LINE-7]]:3: note: N = 'N'; reserve(N) goes before this loop
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-7]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-9]]:3: note: N = 'N'; reserve(N) goes before this loop
  // CHECK-NOTES-STALE: :[[@LINE-9]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES-STALE: :[[@LINE-10]]:5: note: heapcount's profile '{{.*}}stale.json' is stale for this file (the file has changed since it was profiled): its sites here are ignored
  // CHECK-NOTES-STALE: :[[@LINE-12]]:3: note: N = 'N'; reserve(N) goes before this loop
  return Out;
}
// CHECK-FIXES: Out.reserve(N);
// CHECK-FIXES-MIN: Out.reserve(N);
// CHECK-FIXES-ELSEWHERE: Out.reserve(N);
// CHECK-FIXES-STALE: Out.reserve(N);

// Cold: 6 allocations in three runs; silent at MinProfiledAllocations 10.
std::vector<int> few(unsigned N) {
  std::vector<int> Out;
  for (unsigned I = 0; I < N; ++I)
    Out.push_back(I); // site(cold@push_back)
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run 'Out' grew 6 times at these appends, in 3 runs of up to 2 elements; reserving first would save about 3 allocations
  // CHECK-NOTES: :[[@LINE-4]]:3: note: N = 'N'; reserve(N) goes before this loop
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-4]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-6]]:3: note: N = 'N'; reserve(N) goes before this loop
  // CHECK-NOTES-STALE: :[[@LINE-6]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES-STALE: :[[@LINE-7]]:5: note: heapcount's profile '{{.*}}stale.json' is stale for this file
  // CHECK-NOTES-STALE: :[[@LINE-9]]:3: note: N = 'N'; reserve(N) goes before this loop
  return Out;
}
// CHECK-FIXES: Out.reserve(N);
// CHECK-FIXES-ELSEWHERE: Out.reserve(N);
// CHECK-FIXES-STALE: Out.reserve(N);

// Never run in the profiled run: no site in a covered file.
std::vector<int> never(unsigned N) {
  std::vector<int> Out;
  for (unsigned I = 0; I < N; ++I)
    Out.push_back(I);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run 'Out' made no allocation at this code; the change would save about 0 allocations
  // CHECK-NOTES: :[[@LINE-4]]:3: note: N = 'N'; reserve(N) goes before this loop
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-4]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-6]]:3: note: N = 'N'; reserve(N) goes before this loop
  // CHECK-NOTES-STALE: :[[@LINE-6]]:5: warning: 'Out' grows about log2(N) times
  // CHECK-NOTES-STALE: :[[@LINE-7]]:5: note: heapcount's profile '{{.*}}stale.json' is stale for this file
  // CHECK-NOTES-STALE: :[[@LINE-9]]:3: note: N = 'N'; reserve(N) goes before this loop
  return Out;
}
// CHECK-FIXES: Out.reserve(N);
// CHECK-FIXES-ELSEWHERE: Out.reserve(N);
// CHECK-FIXES-STALE: Out.reserve(N);

// A string's growth: the site is a basic_string's, its element char. 80
// allocations in 40 runs: reserving saves 40.
std::string words(const std::string &Text) {
  std::string Line;
  for (char C : Text)
    Line.push_back(C); // site(chars@push_back)
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'Line' grows about log2(N) times as this loop appends N characters
  // CHECK-NOTES: :[[@LINE-2]]:5: note: heapcount's profile: in the profiled run 'Line' grew 80 times at these appends, in 40 runs of up to 61 elements; reserving first would save about 40 allocations
  // CHECK-NOTES: :[[@LINE-4]]:3: note: N = {{.*}}
  // CHECK-NOTES-MIN: :[[@LINE-4]]:5: warning: 'Line' grows about log2(N) times
  // CHECK-NOTES-MIN: :[[@LINE-5]]:5: note: heapcount's profile: in the profiled run 'Line' grew 80 times
  // CHECK-NOTES-MIN: :[[@LINE-7]]:3: note: N = {{.*}}
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-7]]:5: warning: 'Line' grows about log2(N) times
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-9]]:3: note: N = {{.*}}
  // CHECK-NOTES-STALE: :[[@LINE-9]]:5: warning: 'Line' grows about log2(N) times
  // CHECK-NOTES-STALE: :[[@LINE-10]]:5: note: heapcount's profile '{{.*}}stale.json' is stale for this file
  // CHECK-NOTES-STALE: :[[@LINE-12]]:3: note: N = {{.*}}
  return Line;
}
// CHECK-FIXES: Line.reserve(Text.size());
// CHECK-FIXES-MIN: Line.reserve(Text.size());
// CHECK-FIXES-ELSEWHERE: Line.reserve(Text.size());
// CHECK-FIXES-STALE: Line.reserve(Text.size());

// Appends right after the declaration: 120 allocations in 40 runs, at least
// ProfileMinAllocations (100), so worth reporting outside a loop; at
// MinProfiledAllocations 10 it is still reported. A profile that does not
// cover the file (or is stale) measures nothing: a straight run is reported
// only with a measurement, so it is silent there.
std::vector<int> three(int A, int B, int C) {
  std::vector<int> V;
  V.push_back(A); // site(three@push_back)
  V.push_back(B);
  V.push_back(C);
  // CHECK-NOTES: :[[@LINE-3]]:3: warning: 'V' grows 3 times for these 3 appends on libstdc++; reserve(3) first makes 1 allocation [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-4]]:3: note: heapcount's profile: in the profiled run 'V' grew 120 times at these appends, in 40 runs of up to 4 elements; reserving first would save about 80 allocations
  // CHECK-NOTES-MIN: :[[@LINE-5]]:3: warning: 'V' grows 3 times for these 3 appends
  // CHECK-NOTES-MIN: :[[@LINE-6]]:3: note: heapcount's profile: in the profiled run 'V' grew 120 times
  return V;
}
// CHECK-FIXES: V.reserve(3);
// CHECK-FIXES-MIN: V.reserve(3);
// CHECK-FIXES-ELSEWHERE-NOT: V.reserve(3);
// CHECK-FIXES-STALE-NOT: V.reserve(3);

// Never run in the profiled run: no allocation measured, so a straight run
// is silent.
std::vector<int> two(int A, int B) {
  std::vector<int> V;
  V.push_back(A);
  V.push_back(B);
  return V;
}
// CHECK-FIXES-NOT: V.reserve(2);

// A hash container's sites are its nodes and buckets, not its elements: not
// measured, so neither ranked nor silenced.
std::unordered_set<int> ids(const std::vector<int> &In) {
  std::unordered_set<int> Seen;
  for (int X : In)
    Seen.insert(X);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'Seen' rehashes about log2(N) times
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'In.size()'; reserve(In.size()) goes before this loop
  // CHECK-NOTES-MIN: :[[@LINE-3]]:5: warning: 'Seen' rehashes about log2(N) times
  // CHECK-NOTES-MIN: :[[@LINE-5]]:3: note: N = 'In.size()'
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-5]]:5: warning: 'Seen' rehashes about log2(N) times
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-7]]:3: note: N = 'In.size()'
  // CHECK-NOTES-STALE: :[[@LINE-7]]:5: warning: 'Seen' rehashes about log2(N) times
  // CHECK-NOTES-STALE: :[[@LINE-9]]:3: note: N = 'In.size()'
  return Seen;
}
// CHECK-FIXES: Seen.reserve(In.size());
// CHECK-FIXES-MIN: Seen.reserve(In.size());
// CHECK-FIXES-ELSEWHERE: Seen.reserve(In.size());
// CHECK-FIXES-STALE: Seen.reserve(In.size());
