// Code that uses no small-vector class gets, for a local vector that a
// heapcount profile sized, a std::pmr::vector whose memory comes from a
// std::pmr::monotonic_buffer_resource over a buffer on the stack, declared
// just before it: twice the profiled capacity, as the vector grows by
// doubling; past it, the heap as before. Only where every use stays with the
// elements (a std::pmr::vector is another type) and only with C++17. The
// fixed file is compiled.
// RUN: %check_alloc_tidy %s alloc-small-vector %t \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=marks:Mark:16:1x900,2x100:backtrack(int) \
// RUN:     --site=path:int:4:1x500,2x500:path(int) \
// RUN:     --site=taken:int:4:1x500:taken(int) \
// RUN:     --site=passed:int:4:1x500:passed(int) \
// RUN:     --site=iterated:int:4:1x500:iterated(int) \
// RUN:     --site=braced:int:4:1x500:braced(int) \
// RUN:     --site=large:Large:1024:1x500:large(int)" \
// RUN:   -- -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t.json'}}" -- -std=c++17
// C++14: no std::pmr, and no suggestion of it.
// RUN: %check_alloc_tidy -check-suffix=CXX14 %s alloc-small-vector %t.14 \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.14.cpp %t.14.json \
// RUN:     --site=marks:Mark:16:1x900,2x100:backtrack(int)" \
// RUN:   -- -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t.14.json'}}" -- -std=c++14

#include <vector>
// CHECK-FIXES: #include <memory_resource>
// CHECK-FIXES-CXX14-NOT: #include <memory_resource>

struct Mark {
  const char *Where;
  long Count;
};

// Constructed with arguments: the resource is the last one.
int backtrack(int Depth) {
  int Sum = 0;
  std::vector<Mark> Marks(1); // site(marks@Marks)
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'Marks' asked for at most 1 element in 900 of the 1000 allocations heapcount profiled for it; a std::pmr::vector<Mark> on a buffer on the stack keeps it inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: a buffer of 2 elements on the stack holds 'Marks' as it grows to 1 element; past it, the memory comes from the heap as before
  // CHECK-NOTES: :[[@LINE-3]]:3: note: heapcount's profile: 1000 allocations here, in 'backtrack(int)', for 1 to 2 elements; 900 of them for 1 or fewer
  // CHECK-NOTES: :[[@LINE-4]]:21: note: heapcount's profile: 1,000 allocations at its code in the profiled run; an inline buffer of 1 element would save about 900 allocations
  // CHECK-NOTES: :[[@LINE-5]]:21: note: beyond 1 element it allocates as a std::vector does: 100 of the profiled allocations asked for more (up to 2); alloc-small-vector.ProfileCoverage is 0.9
  // CHECK-FIXES: {{^}}  alignas(Mark) unsigned char MarksBuffer[sizeof(Mark) * 2];{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::pmr::monotonic_buffer_resource MarksArena(MarksBuffer, sizeof(MarksBuffer));{{$}}
  // CHECK-FIXES-NEXT: {{^}}  std::pmr::vector<Mark> Marks(1, &MarksArena); //{{.*}}
  // CHECK-NOTES-CXX14: :[[@LINE-9]]:21: warning: 'Marks' asked for at most 1 element in 900 of the 1000 allocations heapcount profiled for it; a small vector with room for 1 keeps it inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES-CXX14: :[[@LINE-10]]:3: note: heapcount's profile: 1000 allocations here, in 'backtrack(int)', for 1 to 2 elements; 900 of them for 1 or fewer
  // CHECK-NOTES-CXX14: :[[@LINE-11]]:21: note: heapcount's profile: 1,000 allocations at its code in the profiled run; an inline buffer of 1 element would save about 900 allocations
  // CHECK-NOTES-CXX14: :[[@LINE-12]]:21: note: beyond 1 element it allocates as a std::vector does: 100 of the profiled allocations asked for more (up to 2); alloc-small-vector.ProfileCoverage is 0.9
  // CHECK-NOTES-CXX14: :[[@LINE-13]]:21: note: no fix-it: this code uses no small-vector class (its own, or Boost's, LLVM's, Abseil's or folly's) nor their libraries, and a fix-it does not add a dependency; set alloc-small-vector.SmallVectorClass to the class to use, e.g. boost::container::small_vector<Mark, 1>{{$}}
  // CHECK-FIXES-CXX14: {{^}}  std::vector<Mark> Marks(1); //{{.*}}
  for (int I = 0; I < Depth; ++I) {
    Marks[I % 1].Count += I;
    if (I % 7 == 6)
      Marks.resize(2);
  }
  for (const Mark &M : Marks)
    Sum += static_cast<int>(M.Count);
  return Sum;
}

// Constructed empty, in a block of its own; the names the rewrite would
// take are taken, so it takes others.
int path(int Steps) {
  int PathBuffer = 1;
  {
    std::vector<int> Path; // site(path@Path)
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Path' asked for at most 2 elements in 1000 of the 1000 allocations
    // CHECK-NOTES: :[[@LINE-2]]:22: note: a buffer of 4 elements on the stack holds 'Path' as it grows to 2 elements; past it, the memory comes from the heap as before
    // CHECK-NOTES: :[[@LINE-3]]:5: note: heapcount's profile: 1000 allocations here, in 'path(int)', for 1 to 2 elements
    // CHECK-NOTES: :[[@LINE-4]]:22: note: heapcount's profile: 1,000 allocations at its code in the profiled run; an inline buffer of 2 elements would save about 1,000 allocations
    // CHECK-FIXES: {{^}}    alignas(int) unsigned char PathBuffer2[sizeof(int) * 4];{{$}}
    // CHECK-FIXES-NEXT: {{^}}    std::pmr::monotonic_buffer_resource PathArena(PathBuffer2, sizeof(PathBuffer2));{{$}}
    // CHECK-FIXES-NEXT: {{^}}    std::pmr::vector<int> Path(&PathArena); //{{.*}}
    for (int I = 0; I < Steps; ++I)
      Path.push_back(I);
    if (!Path.empty())
      PathBuffer += Path.back() + static_cast<int>(Path.size());
  }
  return PathBuffer;
}

// Silent: the callee names std::vector, and the vector's type cannot
// change (alloc-small-vector's rule, with or without std::pmr).
int take(const std::vector<int> &V) { return static_cast<int>(V.size()); }

int passed(int N) {
  std::vector<int> V; // site(passed@V)
  for (int I = 0; I < N; ++I)
    V.push_back(I);
  return take(V);
}

// Each of these meets code that names std::vector, or has no room for the
// buffer: the warning stays, without a fix-it, and says why.
int iterated(int N) {
  std::vector<int> V; // site(iterated@V)
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'V' asked for at most 1 element
  // CHECK-NOTES: :[[@LINE-2]]:3: note: heapcount's profile: 500 allocations here, in 'iterated(int)', each for 1 element
  // CHECK-NOTES: :[[@LINE-3]]:20: note: heapcount's profile: 500 allocations at its code in the profiled run; an inline buffer of 1 element would save about 500 allocations
  // CHECK-NOTES: :[[@LINE-4]]:20: note: no fix-it: {{.*}} (not rewritten so here: its 'begin' names the vector's type)
  for (int I = 0; I < N; ++I)
    V.push_back(I);
  std::vector<int>::iterator First = V.begin();
  return First == V.end() ? 0 : *First;
}

int braced(int N) {
  std::vector<int> V{}; // site(braced@V)
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'V' asked for at most 1 element
  // CHECK-NOTES: :[[@LINE-2]]:3: note: heapcount's profile: 500 allocations here, in 'braced(int)', each for 1 element
  // CHECK-NOTES: :[[@LINE-3]]:20: note: heapcount's profile: 500 allocations at its code in the profiled run; an inline buffer of 1 element would save about 500 allocations
  // CHECK-NOTES: :[[@LINE-4]]:20: note: no fix-it: {{.*}} (not rewritten so here: it is initialized with braces, '=' or another vector)
  for (int I = 0; I < N; ++I)
    V.push_back(I);
  return static_cast<int>(V.size());
}

// Silent: declared in the loop's init-statement.
int taken(int N) {
  for (std::vector<int> V; N > 0; --N) { // site(taken@V)
    V.push_back(N);
    if (V.size() > 3)
      return N;
  }
  return 0;
}

struct Large {
  char Bytes[1024];
};

int large(int N) {
  std::vector<Large> V; // site(large@V)
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'V' asked for at most 1 element
  // CHECK-NOTES: :[[@LINE-2]]:3: note: heapcount's profile: 500 allocations here, in 'large(int)', each for 1 element
  // CHECK-NOTES: :[[@LINE-3]]:22: note: heapcount's profile: 500 allocations at its code in the profiled run; an inline buffer of 1 element would save about 500 allocations
  // CHECK-NOTES: :[[@LINE-4]]:22: note: no fix-it: {{.*}} (not rewritten so here: its buffer would take 2048 bytes of the stack, more than 1024)
  for (int I = 0; I < N; ++I)
    V.push_back(Large{});
  return static_cast<int>(V.size());
}

int main() {
  return backtrack(3) + path(2) + passed(1) + iterated(1) + braced(1) +
                 taken(1) + large(1) >
                 0
             ? 0
             : 1;
}
