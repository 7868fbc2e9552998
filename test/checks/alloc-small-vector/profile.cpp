// Profile-guided sizes (ProfileFile, ProfileCoverage): vectors whose size the
// analysis cannot bound get the inline capacity that covers the chosen share
// of the allocations heapcount saw at their code. Inputs/make_profile.py
// writes the profile for the runner's clean copy of this file (a profile
// records the hash of the file it saw), with the counts given per site; a
// site sits on the line of its "site(NAME)" comment.
// RUN: %check_alloc_tidy %s alloc-small-vector %t \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.cpp %t.json \
// RUN:     --site=cells:Cell:4:120x9001:Row::Row(int) \
// RUN:     --site=runs-ctor:Run:8:1x9001:Row::Row(int) \
// RUN:     --site=runs-fill:Run:8:2x50:Row::fill(int) \
// RUN:     --site=path:int:4:1x100,2x100,4x100,8x30:path(int) \
// RUN:     --site=samples:double:8:1000x500:samples(int) \
// RUN:     --site=returned:int:4:1x100:returned(int) \
// RUN:     --site=size-mismatch:long:4:1x100:sizeMismatch(int) \
// RUN:     --site=mixed-good:long:8:1x200:mixedSizes(int) \
// RUN:     --site=mixed-bad:long:4:3x100:mixedSizes(int) \
// RUN:     --site=other-function:int:4:1x100:elsewhere() \
// RUN:     --site=left:int:4:1x100:twoOnOneLine(int) \
// RUN:     --site=fixed:int:4:64x100:fixed() \
// RUN:     --site=rare:int:4:2x99:rare(int)" \
// RUN:   -- -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t.json'}}"
// RUN: %check_alloc_tidy -check-suffix=ALL %s alloc-small-vector %t.all \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.all.cpp %t.all.json \
// RUN:     --site=path:int:4:1x100,2x100,4x100,8x30:path(int) \
// RUN:     --site=rare:int:4:2x99:rare(int)" \
// RUN:   -- -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t.all.json', alloc-small-vector.ProfileCoverage: 1, alloc-small-vector.ProfileMinAllocations: 50}}"

// A profile of a file somewhere else names none of this file's code: only
// what the analysis proves is reported.
// RUN: %check_alloc_tidy -check-suffix=ELSEWHERE %s alloc-small-vector %t.elsewhere \
// RUN:   --prepare="python3 %S/Inputs/make_profile.py %t.elsewhere.cpp %t.elsewhere.json \
// RUN:     --path=/elsewhere/profile.cpp --site=cells:Cell:4:120x9001:Row::Row(int)" \
// RUN:   -- -config="{CheckOptions: {alloc-small-vector.ProfileFile: '%t.elsewhere.json'}}"

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <boost/container/small_vector.hpp> // the project uses it
// CHECK-FIXES: #include <boost/container/small_vector.hpp>
// CHECK-FIXES-ALL: #include <boost/container/small_vector.hpp>
// CHECK-FIXES-ELSEWHERE: #include <boost/container/small_vector.hpp>

struct Cell {
  char16_t Ch = u' ';
  unsigned short Attr = 7;
};
struct Run {
  int Attr;
  int Length;
};

// The width comes from the command line: no constant bounds either vector,
// so without a profile the check is silent about both.
class Row {
public:
  explicit Row(int Width) : Cells(Width) { Runs.push_back({7, Width}); } // site(cells@Cells) site(runs-ctor@Runs)
  void fill(int Attr) {
    for (Cell &C : Cells)
      if (C.Attr != Attr)
        Runs.push_back({Attr, 1}); // site(runs-fill)
  }
  int sum() const {
    int S = 0;
    for (const Cell &C : Cells)
      S += C.Ch;
    return S + static_cast<int>(Runs.size());
  }

private:
  std::vector<Cell> Cells;
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'Cells' asked for at most 120 elements in 9001 of the 9001 allocations heapcount profiled for it; boost::container::small_vector<Cell, 120> keeps them inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES: :57:29: note: heapcount's profile: 9001 allocations here, in 'Row::Row(int)', each for 120 elements
  // CHECK-NOTES: :[[@LINE-3]]:21: note: heapcount's profile: 9,001 allocations at its code in the profiled run; an inline buffer of 120 elements would save about 9,001 allocations
  // CHECK-NOTES: :[[@LINE-4]]:21: note: 'Row' grows from 48 to 528 bytes (+480) when 'Cells' becomes boost::container::small_vector<Cell, 120>
  // CHECK-FIXES: boost::container::small_vector<Cell, 120> Cells;
  std::vector<Run> Runs;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Runs' asked for at most 1 element in 9001 of the 9051 allocations heapcount profiled for it; boost::container::small_vector<Run, 1> keeps it inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES: :57:44: note: heapcount's profile: 9001 allocations here, in 'Row::Row(int)', each for 1 element
  // CHECK-NOTES: :61:9: note: heapcount's profile: 50 allocations here, in 'Row::fill(int)', each for 2 elements; 0 of them for 1 or fewer
  // CHECK-NOTES: :[[@LINE-4]]:20: note: heapcount's profile: 9,051 allocations at its code in the profiled run; an inline buffer of 1 element would save about 9,001 allocations
  // CHECK-NOTES: :[[@LINE-5]]:20: note: beyond 1 element it allocates as a std::vector does: 50 of the profiled allocations asked for more (up to 2); alloc-small-vector.ProfileCoverage is 0.9
  // CHECK-NOTES: :[[@LINE-6]]:20: note: 'Row' grows from 48 to 56 bytes (+8) when 'Runs' becomes boost::container::small_vector<Run, 1>
  // CHECK-FIXES: boost::container::small_vector<Run, 1> Runs;
};

// Growth by appends in a loop of unknown count: 1, 2, 4 and sometimes 8
// elements. 90% of the 330 allocations asked for 4 or fewer; all of them
// for 8 or fewer.
int path(int N) {
  std::vector<int> Path;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Path' asked for at most 4 elements in 300 of the 330 allocations heapcount profiled for it; boost::container::small_vector<int, 4> keeps them inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE+7]]:5: note: heapcount's profile: 330 allocations here, in 'path(int)', for 1 to 8 elements; 300 of them for 4 or fewer
  // CHECK-NOTES: :[[@LINE-3]]:20: note: heapcount's profile: 330 allocations at its code in the profiled run; an inline buffer of 4 elements would save about 300 allocations
  // CHECK-NOTES: :[[@LINE-4]]:20: note: beyond 4 elements it allocates as a std::vector does: 30 of the profiled allocations asked for more (up to 8); alloc-small-vector.ProfileCoverage is 0.9
  // CHECK-FIXES: boost::container::small_vector<int, 4> Path;
  // CHECK-MESSAGES-ALL: :[[@LINE-6]]:20: warning: 'Path' asked for at most 8 elements in 330 of the 330 allocations heapcount profiled for it; boost::container::small_vector<int, 8> keeps them inline and saves those allocations [alloc-small-vector]
  // CHECK-FIXES-ALL: boost::container::small_vector<int, 8> Path;
  for (int I = 0; I < N; ++I)
    Path.push_back(I * I); // site(path)
  int Sum = 0;
  for (int P : Path)
    Sum += P;
  return Sum;
}

// 1000 doubles are more than MaxInlineBytes (1024): nothing to suggest.
double samples(int N) {
  std::vector<double> Samples;
  for (int I = 0; I < N; ++I)
    Samples.push_back(I / 2.0); // site(samples)
  return Samples.empty() ? 0 : Samples.back();
}

// Returned: a small_vector would not convert; the profile cannot change that.
std::vector<int> returned(int N) {
  std::vector<int> Out;
  for (int I = 0; I < N; ++I)
    Out.push_back(I); // site(returned)
  return Out;
}

// The site's element is 4 bytes, a long is 8 here: a profile of another
// target or program; never a suggestion from it.
long sizeMismatch(int N) {
  std::vector<long> Values;
  for (int I = 0; I < N; ++I)
    Values.push_back(I); // site(size-mismatch)
  return Values.empty() ? 0 : Values.front();
}

// One site agrees with the vector, the other one's element is 4 bytes: the
// suggestion comes from the first alone, and a note says the second was
// ignored.
long mixedSizes(int N) {
  std::vector<long> Values;
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: 'Values' asked for at most 1 element in 200 of the 200 allocations heapcount profiled for it; boost::container::small_vector<long, 1> keeps it inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE+7]]:5: note: heapcount's profile: 200 allocations here, in 'mixedSizes(int)', each for 1 element
  // CHECK-NOTES: :[[@LINE-3]]:21: note: heapcount's profile: 200 allocations at its code in the profiled run; an inline buffer of 1 element would save about 200 allocations
  // CHECK-NOTES: :[[@LINE+7]]:5: note: ignored: the profile's site here allocated 'long' of 4 bytes, but it is 8 bytes here (a profile of another program or target?)
  // CHECK-FIXES: boost::container::small_vector<long, 1> Values;
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  for (int I = 0; I < N; ++I)
    Values.push_back(I); // site(mixed-good)
  for (int I = 0; I < N; ++I)
    Values.push_back(-I); // site(mixed-bad)
  return Values.empty() ? 0 : Values.back();
}

// The site is in another function than the code on its line.
int otherFunction(int N) {
  std::vector<int> Values;
  for (int I = 0; I < N; ++I)
    Values.push_back(I); // site(other-function)
  return Values.empty() ? 0 : Values.front();
}

// Two vectors on one line: the site's column names the left one.
int twoOnOneLine(int N) {
  std::vector<int> Left, Right;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Left' asked for at most 1 element in 100 of the 100 allocations heapcount profiled for it; boost::container::small_vector<int, 1> keeps it inline and saves those allocations [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE+5]]:5: note: heapcount's profile: 100 allocations here, in 'twoOnOneLine(int)', each for 1 element
  // CHECK-NOTES: :[[@LINE-3]]:20: note: heapcount's profile: 100 allocations at its code in the profiled run; an inline buffer of 1 element would save about 100 allocations
  // CHECK-NOTES: :[[@LINE-4]]:26: note: no fix-it: 'Right' is declared with the same type; declare it separately
  // CHECK-FIXES: std::vector<int> Left, Right;
  for (int I = 0; I < N; ++I)
    Left.push_back(I), Right.push_back(I); // site(left@Left)
  return static_cast<int>(Left.size() + Right.size());
}

// 99 allocations saved in the whole run are fewer than ProfileMinAllocations
// (100): not worth a bigger object. With 50, they are.
int rare(int N) {
  std::vector<int> Pair;
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:20: warning: 'Pair' asked for at most 2 elements in 99 of the 99 allocations heapcount profiled for it; boost::container::small_vector<int, 2> keeps them inline
  // CHECK-FIXES-ALL: boost::container::small_vector<int, 2> Pair;
  for (int I = 0; I < N; ++I)
    Pair.push_back(I); // site(rare)
  return Pair.empty() ? 0 : Pair.back();
}

// What the analysis proves needs no profile, and a profile does not change
// it (its site here says 64 elements).
int fixed() {
  std::vector<int> Corners;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Corners' never holds more than 3 elements; boost::container::small_vector<int, 4> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: boost::container::small_vector<int, 3> holds only 2 elements inline (part of its buffer falls in padding); 4 is the smallest capacity that holds 3
  // CHECK-NOTES: :[[@LINE+10]]:3: note: adds 1 element
  // CHECK-NOTES: :[[@LINE+10]]:3: note: adds 1 element
  // CHECK-NOTES: :[[@LINE+10]]:3: note: adds 1 element
  // CHECK-NOTES: :[[@LINE-6]]:20: note: heapcount's profile: in the profiled run 'Corners' allocated 100 times (each for 64 elements); an inline buffer of 3 elements would save about 0 allocations
  // CHECK-NOTES: :[[@LINE-7]]:20: note: on libstdc++, a std::vector makes 3 allocations while 3 elements are appended one at a time
  // CHECK-FIXES: boost::container::small_vector<int, 4> Corners;
  // CHECK-MESSAGES-ELSEWHERE: :[[@LINE-9]]:20: warning: 'Corners' never holds more than 3 elements
  // CHECK-MESSAGES-ALL: :[[@LINE-10]]:20: warning: 'Corners' never holds more than 3 elements
  // CHECK-FIXES-ELSEWHERE: boost::container::small_vector<int, 4> Corners;
  // CHECK-FIXES-ALL: boost::container::small_vector<int, 4> Corners;
  Corners.push_back(1); // site(fixed)
  Corners.push_back(2);
  Corners.push_back(3);
  return Corners[0] + Corners[2];
}

int main(int Argc, char **Argv) {
  int Width = Argc > 1 ? std::atoi(Argv[1]) : 120;
  Row R(Width);
  R.fill(3);
  std::printf("%d %d %g %d %ld %ld %d %d %d\n", R.sum(), path(Argc),
              samples(Argc), returned(Argc).front(), sizeMismatch(Argc),
              mixedSizes(Argc), otherFunction(Argc),
              twoOnOneLine(Argc), fixed() + rare(Argc));
}
