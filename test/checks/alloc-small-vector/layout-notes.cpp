// The notes of a data member's diagnostic: the size of the class before and
// after (checked against sizeof in the compiled program, before and after the
// fix, with the real Boost small_vector) and the allocation each object
// saves (counted with a replaced operator new).
// RUN: %check_alloc_tidy %s alloc-small-vector %t
// RUN: %clangxx -std=c++17 %s -o %t.before
// RUN: %t.before | FileCheck %s --check-prefix=BEFORE
// RUN: %clangxx -std=c++17 %t.plugin.fixed.cpp -o %t.after
// RUN: %t.after | FileCheck %s --check-prefix=AFTER
// RUN: %check_alloc_tidy -check-suffix=FULL %s alloc-small-vector %t.full -- -config="{CheckOptions: {alloc-small-vector.LayoutNotes: Full}}"
// RUN: %check_alloc_tidy -check-suffix=NONE %s alloc-small-vector %t.none -- -config="{CheckOptions: {alloc-small-vector.LayoutNotes: None}}"

#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>
#include <boost/container/small_vector.hpp> // the project uses it
static int Allocations = 0;
void *operator new(std::size_t Size) {
  ++Allocations;
  if (void *P = std::malloc(Size))
    return P;
  throw std::bad_alloc();
}
void operator delete(void *P) noexcept { std::free(P); }
void operator delete(void *P, std::size_t) noexcept { std::free(P); }

struct Run {
  unsigned short Attr;
  unsigned short Length;
};

class AttrRow {
public:
  explicit AttrRow(unsigned short Width) : Runs{{7, Width}} {}
  void set(unsigned short X, unsigned short Attr) {
    if (Attr != Runs.back().Attr)
      Runs.push_back({Attr, X});
  }
  int runs() const { return static_cast<int>(Runs.size()); }

private:
  bool Dirty = false;
  std::vector<Run> Runs;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Runs' starts with 1 element in every 'AttrRow' and grows only under a condition; boost::container::small_vector<Run, 1> keeps it inline and saves one allocation per 'AttrRow' [alloc-small-vector]
  // CHECK-NOTES: :35:44: note: 'AttrRow(unsigned short)' gives it 1 element
  // CHECK-NOTES: :38:7: note: it grows here, under a condition; beyond 1 element it allocates as a std::vector does
  // CHECK-NOTES: :[[@LINE-4]]:20: note: 'AttrRow' grows from 32 to 40 bytes (+8) when 'Runs' becomes boost::container::small_vector<Run, 1>{{$}}
  // CHECK-NOTES-FULL: :[[@LINE-5]]:20: warning: 'Runs' starts with 1 element
  // CHECK-NOTES-FULL: :35:44: note: 'AttrRow(unsigned short)' gives it 1 element
  // CHECK-NOTES-FULL: :38:7: note: it grows here, under a condition
  // CHECK-NOTES-FULL: :[[@LINE-8]]:20: note: 'AttrRow' grows from 32 to 40 bytes (+8) when 'Runs' becomes boost::container::small_vector<Run, 1>{{$}}
  // CHECK-NOTES-FULL: :[[@LINE-9]]:20: note: layout of 'AttrRow' (offset +size) before -> after:
  // CHECK-NOTES-FULL-NEXT: {{^}}  Dirty    0 +1        0 +1{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  Runs     8 +24       8 +32{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  padding  7           7{{$}}
  // CHECK-NOTES-FULL-NEXT: {{^}}  sizeof   32          40{{$}}
  // CHECK-MESSAGES-NONE: :[[@LINE-14]]:20: warning: 'Runs' starts with 1 element
  // CHECK-FIXES: {{^}}  boost::container::small_vector<Run, 1> Runs;{{$}}
  // CHECK-FIXES-FULL: {{^}}  boost::container::small_vector<Run, 1> Runs;{{$}}
  // CHECK-FIXES-NONE: {{^}}  boost::container::small_vector<Run, 1> Runs;{{$}}
};

int main() {
  std::printf("sizeof(AttrRow) = %zu\n", sizeof(AttrRow));
  int Before = Allocations;
  AttrRow *Rows = static_cast<AttrRow *>(std::malloc(100 * sizeof(AttrRow)));
  for (int I = 0; I < 100; ++I)
    new (&Rows[I]) AttrRow(80);
  std::printf("100 rows: %d allocations\n", Allocations - Before);
  // Boost rounds the inline buffer up to its alignment: two 4-byte runs
  // fit; the third allocates.
  Rows[0].set(10, 3);
  Rows[0].set(20, 5);
  std::printf("three runs: %d allocations\n", Allocations - Before);
  for (int I = 0; I < 100; ++I)
    Rows[I].~AttrRow();
  std::free(Rows);
  return 0;
}
// BEFORE: sizeof(AttrRow) = 32
// BEFORE-NEXT: 100 rows: 100 allocations
// BEFORE-NEXT: three runs: 102 allocations
// AFTER: sizeof(AttrRow) = 40
// AFTER-NEXT: 100 rows: 0 allocations
// AFTER-NEXT: three runs: 1 allocations
