// A profile of a run of several processes: heapcount counts, for each site
// and each count of elements asked for there, the processes that allocated.
// Declared before the loop, a container starts from empty again in each
// process that runs the loop, so the saving leaves it one growth per count
// and process; a string, which at least doubles its capacity when it grows,
// no more growths a process than doubling takes from the shortest line to
// the longest. make_profile.py writes the profile for the runner's clean
// copy of this file; a site sits on its "site(NAME)" line.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=row:int:4:1x1000,2x1000,4x500:rows --processes=row=10:1x10,2x10,4x5 \
// RUN:     --site=line:char:1:46x21,47x21,66x63,67x21,69x42,71x21,73x42,75x105,80x21,92x21,94x21,132x21:lines \
// RUN:     --container=line=string --processes=line=21" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.json'}}"
//
// The same profile as heapcount wrote it before it counted processes: one
// run of each loop, which grows once to each count.
// RUN: %check_alloc_tidy -check-suffix=UNCOUNTED %s alloc-container-in-loop %t.one \
// RUN:   --prepare="python3 %S/../alloc-small-vector/Inputs/make_profile.py %t.one.cpp %t.one.json \
// RUN:     --site=row:int:4:1x1000,2x1000,4x500:rows \
// RUN:     --site=line:char:1:46x21,47x21,66x63,67x21,69x42,71x21,73x42,75x105,80x21,92x21,94x21,132x21:lines \
// RUN:     --container=line=string" \
// RUN:   -- -config="{CheckOptions: {ProfileFile: '%t.one.json'}}"

#include <istream>
#include <string>
#include <vector>

void use(const std::vector<int> &Row);
void use(const std::string &Line);

// 10 processes, each growing the row to 1 and 2 elements on every
// iteration, 5 of them to 4 elements too: kept, 10 + 10 + 5 growths.
void rows(int N, int Width) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Row' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-NOTES: :[[@LINE-2]]:22: note: heapcount's profile: in the profiled run 'Row' allocated 2,500 times in this loop (for 1 to 4 elements, in 10 processes); declared before the loop, it keeps its capacity, which would save about 2,475 allocations
    // CHECK-NOTES-UNCOUNTED: :[[@LINE-3]]:22: warning: 'Row' is constructed and filled on every iteration
    // CHECK-NOTES-UNCOUNTED: :[[@LINE-4]]:22: note: heapcount's profile: in the profiled run 'Row' allocated 2,500 times in this loop (for 1 to 4 elements); declared before the loop, it keeps its capacity, which would save about 2,497 allocations
    for (int J = 0; J < Width; ++J)
      Row.push_back(J); // site(row@push_back)
    use(Row);
  }
}
// CHECK-FIXES: {{^}}  std::vector<int> Row;{{$}}
// CHECK-FIXES-UNCOUNTED: {{^}}  std::vector<int> Row;{{$}}

// ninja's ParseMountInfo (src/util.cc:688) in a run of 21 processes: the
// lines of /proc/self/mountinfo, 20 a process longer than the inline
// buffer, of 45 to 131 characters. Kept, the string holds 45, then doubles
// to 90 and 180: 3 growths a process, 63 in all (what the fixed ninja made),
// not one per count.
void lines(std::istream &In) {
  while (In) {
    std::string Line;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Line' is constructed and filled on every iteration
    // CHECK-NOTES: :[[@LINE-2]]:17: note: heapcount's profile: in the profiled run 'Line' allocated 420 times in this loop (for 46 to 132 elements, in 21 processes); declared before the loop, it keeps its capacity, which would save about 357 allocations
    // CHECK-NOTES-UNCOUNTED: :[[@LINE-3]]:17: warning: 'Line' is constructed and filled on every iteration
    // CHECK-NOTES-UNCOUNTED: :[[@LINE-4]]:17: note: heapcount's profile: in the profiled run 'Line' allocated 420 times in this loop (for 46 to 132 elements); declared before the loop, it keeps its capacity, which would save about 408 allocations
    std::getline(In, Line); // site(line@getline)
    use(Line);
  }
}
// CHECK-FIXES: {{^}}  std::string Line;{{$}}
// CHECK-FIXES-UNCOUNTED: {{^}}  std::string Line;{{$}}
