// A heapcount profile (the global option ProfileFile) gives each finding
// the allocations measured at its fills and what hoisting would save. A
// string of unknown length (a line read by std::getline), silent by default,
// is reported when the profile saw it allocate. With MinProfiledAllocations,
// a container whose code the profile covers but that allocated less is
// silent. make_profile.py writes the profile for the runner's clean copy of
// this file; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=row:int:4:1x5000,2x5000,4x5000:rows \
// RUN:     --site=line:char:1:31x900,61x100:lines --container=line=string \
// RUN:     --site=few:int:4:1x3:few" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffix=MIN %s alloc-container-in-loop %t.min \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.min.cpp %t.min.json \
// RUN:     --site=row:int:4:1x5000,2x5000,4x5000:rows \
// RUN:     --site=line:char:1:31x900,61x100:lines --container=line=string \
// RUN:     --site=few:int:4:1x3:few" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.min.json', MinProfiledAllocations: 100}}"

// A profile of another file covers none of this one: reported as without a
// profile (the line stays silent), even with a threshold.
// RUN: %check_alloc_tidy -check-suffix=ELSEWHERE %s alloc-container-in-loop %t.elsewhere \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.elsewhere.cpp %t.elsewhere.json \
// RUN:     --path=/elsewhere/rows.cpp --site=row:int:4:1x100:rows" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.elsewhere.json', MinProfiledAllocations: 100}}"

// A profile of an older version of this file: ignored, with a note.
// RUN: %check_alloc_tidy -check-suffix=STALE %s alloc-container-in-loop %t.stale \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.stale.cpp %t.stale.json \
// RUN:     --hash=stale --site=row:int:4:1x100:rows --site=line:char:1:31x900:lines --container=line=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.stale.json', MinProfiledAllocations: 100}}"
// A stale profile is one warning without a location, credited to the check
// that read it (issue 34, item 7).
// CHECK-NOTES-STALE: {{^}}warning: the heapcount profile '{{.*}}stale.json' is stale for '{{.*}}': the file has changed since it was profiled; {{.*}} (profile the program again) [alloc-container-in-loop]

#include <istream>
#include <string>
#include <vector>

void use(const std::vector<int> &Row);
void use(const std::string &Line);

// Hot: 15,000 allocations in 5,000 iterations; kept, the vector grows
// through 3 sizes once.
void rows(int N, int Width) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-NOTES: :[[@LINE-2]]:22: note: heapcount's profile: in the profiled run 'Row' allocated 15,000 times in this loop (for 1 to 4 elements); declared before the loop, it keeps its capacity, which would save about 14,997 allocations
    // CHECK-NOTES-MIN: :[[@LINE-3]]:22: warning: 'Row' is constructed
    // CHECK-NOTES-MIN: :[[@LINE-4]]:22: note: heapcount's profile: in the profiled run 'Row' allocated 15,000 times
    // CHECK-NOTES-ELSEWHERE: :[[@LINE-5]]:22: warning: 'Row' is constructed
    // CHECK-NOTES-STALE: :[[@LINE-6]]:22: warning: 'Row' is constructed
    // CHECK-NOTES-STALE: :[[@LINE-7]]:22: note: heapcount's profile '{{.*}}stale.json' is stale for this file (the file has changed since it was profiled): its sites here are ignored
    for (int J = 0; J < Width; ++J)
      Row.push_back(J); // site(row@push_back)
    use(Row);
  }
}
// CHECK-FIXES: {{^}}  std::vector<int> Row;{{$}}
// CHECK-FIXES-MIN: {{^}}  std::vector<int> Row;{{$}}
// CHECK-FIXES-ELSEWHERE: {{^}}  std::vector<int> Row;{{$}}
// CHECK-FIXES-STALE: {{^}}  std::vector<int> Row;{{$}}

// A line of unknown length: silent by default, but the profile saw 1,000
// growths past the inline buffer.
void lines(std::istream &In) {
  while (In) {
    std::string Line;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Line' is constructed and filled on every iteration
    // CHECK-NOTES: :[[@LINE-2]]:17: note: heapcount's profile: in the profiled run 'Line' allocated 1,000 times in this loop (for 31 to 61 elements); declared before the loop, it keeps its capacity, which would save about 998 allocations
    // CHECK-NOTES-MIN: :[[@LINE-3]]:17: warning: 'Line' is constructed
    // CHECK-NOTES-MIN: :[[@LINE-4]]:17: note: heapcount's profile: in the profiled run 'Line' allocated 1,000 times
    std::getline(In, Line); // site(line@getline)
    use(Line);
  }
}
// CHECK-FIXES: {{^}}  std::string Line;{{$}}
// CHECK-FIXES-MIN: {{^}}  std::string Line;{{$}}

// Cold: 3 allocations; silent at MinProfiledAllocations 100.
void few(int N) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed
    // CHECK-NOTES: :[[@LINE-2]]:22: note: heapcount's profile: in the profiled run 'Row' allocated 3 times in this loop (each for 1 element); declared before the loop, it keeps its capacity, which would save about 2 allocations
    // CHECK-NOTES-ELSEWHERE: :[[@LINE-3]]:22: warning: 'Row' is constructed
    // CHECK-NOTES-STALE: :[[@LINE-4]]:22: warning: 'Row' is constructed
    // CHECK-NOTES-STALE: :[[@LINE-5]]:22: note: heapcount's profile '{{.*}}stale.json' is stale for this file
    Row.push_back(I); // site(few@push_back)
    use(Row);
  }
}
// CHECK-FIXES: {{^}}  std::vector<int> Row;{{$}}
// CHECK-FIXES-ELSEWHERE: {{^}}  std::vector<int> Row;{{$}}
// CHECK-FIXES-STALE: {{^}}  std::vector<int> Row;{{$}}

// A line the profile never saw allocate (a file it covers): as silent as
// without a profile.
void shortLines(std::istream &In) {
  while (In) {
    std::string Key;
    std::getline(In, Key, '=');
    use(Key);
  }
}
