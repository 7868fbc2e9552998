// A heapcount profile (the global option ProfileFile) gives each finding the
// block and map allocations measured at its code and what a std::vector
// would save; with MinProfiledAllocations, a deque whose code the profile
// covers but that allocated less is silent. make_profile.py writes the
// profile for the runner's clean copy of this file; a site sits on its
// "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=map:Row*:8:8x1,18x1,38x1,78x1,158x1,318x1,638x1,1278x1:screen --container=map=deque<Row> \
// RUN:     --site=first:Row:160:3x1:screen --container=first=deque<Row> \
// RUN:     --site=blocks:Row:160:3x3000:screen --container=blocks=deque<Row> \
// RUN:     --site=ids-map:int*:8:8x2:ids --container=ids-map=deque<int> \
// RUN:     --site=ids:int:4:128x2:ids --container=ids=deque<int>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffix=MIN %s alloc-deque-as-array %t.min \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.min.cpp %t.min.json \
// RUN:     --site=map:Row*:8:8x1,18x1,38x1,78x1,158x1,318x1,638x1,1278x1:screen --container=map=deque<Row> \
// RUN:     --site=first:Row:160:3x1:screen --container=first=deque<Row> \
// RUN:     --site=blocks:Row:160:3x3000:screen --container=blocks=deque<Row> \
// RUN:     --site=ids-map:int*:8:8x2:ids --container=ids-map=deque<int> \
// RUN:     --site=ids:int:4:128x2:ids --container=ids=deque<int>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.min.json', MinProfiledAllocations: 100}}"

// A profile of another file: as without a profile, even with a threshold.
// RUN: %check_alloc_tidy -check-suffix=ELSEWHERE %s alloc-deque-as-array %t.elsewhere \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.elsewhere.cpp %t.elsewhere.json \
// RUN:     --path=/elsewhere/screen.cpp --site=blocks:Row:160:3x3000:screen --container=blocks=deque<Row>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.elsewhere.json', MinProfiledAllocations: 100}}"

// A profile of an older version of this file: ignored, with a note.
// RUN: %check_alloc_tidy -check-suffix=STALE %s alloc-deque-as-array %t.stale \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.stale.cpp %t.stale.json \
// RUN:     --hash=stale --site=blocks:Row:160:3x3000:screen --container=blocks=deque<Row>" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.stale.json', MinProfiledAllocations: 100}}"
// A stale profile is one warning without a location, credited to the check
// that read it (issue 34, item 7).
// CHECK-NOTES-STALE: {{^}}warning: the heapcount profile '{{.*}}stale.json' is stale for '{{.*}}': the file has changed since it was profiled; {{.*}} (profile the program again) [alloc-deque-as-array]

#include <deque>

struct Row {
  int Id;
  char Text[156];
};

// Hot: one deque of 9,003 rows: 3,001 blocks and 8 maps; reserved, a
// vector makes one allocation.
int screen(int N) {
  std::deque<Row> Rows; // site(map@Rows) site(first@Rows)
  // CHECK-NOTES: :[[@LINE-1]]:19: warning: 'Rows' is a std::deque used only at its back; a std::vector holds its elements in one allocation [alloc-deque-as-array]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: heapcount's profile: in the profiled run 'Rows' made 3,009 allocations (blocks and their map) in 1 deque; a std::vector reserved once per deque would save about 3,008 allocations
  // CHECK-NOTES: :[[@LINE-3]]:19: note: on libstdc++, std::deque<Row> allocates one 480-byte block per 3 elements
  // CHECK-NOTES: :[[@LINE+12]]:3: note: this loop appends one element per iteration
  // CHECK-NOTES-MIN: :[[@LINE-5]]:19: warning: 'Rows' is a std::deque used only at its back
  // CHECK-NOTES-MIN: :[[@LINE-6]]:19: note: heapcount's profile: in the profiled run 'Rows' made 3,009 allocations
  // CHECK-NOTES-MIN: :[[@LINE-7]]:19: note: on libstdc++
  // CHECK-NOTES-MIN: :[[@LINE+8]]:3: note: this loop appends one element per iteration
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-9]]:19: warning: 'Rows' is a std::deque used only at its back
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-10]]:19: note: on libstdc++
  // CHECK-NOTES-ELSEWHERE: :[[@LINE+5]]:3: note: this loop appends one element per iteration
  // CHECK-NOTES-STALE: :[[@LINE-12]]:19: warning: 'Rows' is a std::deque used only at its back
  // CHECK-NOTES-STALE: :[[@LINE-13]]:19: note: heapcount's profile '{{.*}}stale.json' is stale for this file (the file has changed since it was profiled): its sites here are ignored
  // CHECK-NOTES-STALE: :[[@LINE-14]]:19: note: on libstdc++
  // CHECK-NOTES-STALE: :[[@LINE+1]]:3: note: this loop appends one element per iteration
  for (int I = 0; I < N; ++I)
    Rows.emplace_back(); // site(blocks@emplace_back)
  return Rows.back().Id;
}
// CHECK-FIXES: std::vector<Row> Rows;
// CHECK-FIXES-MIN: std::vector<Row> Rows;
// CHECK-FIXES-ELSEWHERE: std::vector<Row> Rows;
// CHECK-FIXES-STALE: std::vector<Row> Rows;

// Two short deques, 4 allocations, each within its first block of 128
// ints: a vector allocates 0 to 8 times for what such a deque holds, and the
// profile cannot tell which, so the finding is silent wherever the profile
// covers it (profile-small.cpp has the option that reports it).
int ids(unsigned N, int Extra) {
  std::deque<int> Ids; // site(ids-map@Ids)
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-1]]:19: warning: 'Ids' is a std::deque used only at its back
  // CHECK-NOTES-ELSEWHERE: :[[@LINE-2]]:19: note: on libstdc++
  // CHECK-NOTES-STALE: :[[@LINE-3]]:19: warning: 'Ids' is a std::deque used only at its back
  // CHECK-NOTES-STALE: :[[@LINE-4]]:19: note: heapcount's profile '{{.*}}stale.json' is stale for this file
  // CHECK-NOTES-STALE: :[[@LINE-5]]:19: note: on libstdc++
  while (N-- > 0)
    if (Extra > 0)
      Ids.push_back(Extra); // site(ids@push_back)
  return Ids.empty() ? 0 : Ids.back();
}
// CHECK-FIXES: std::deque<int> Ids;
// CHECK-FIXES-ELSEWHERE: std::vector<int> Ids;
// CHECK-FIXES-STALE: std::vector<int> Ids;
