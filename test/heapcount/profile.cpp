// heapcount --profile: for every allocation a standard container's growth
// made, the user's call site, the container, the element type and size, and
// the histogram of element counts requested there. Inputs/check_profile.py
// checks the file's rules (sorting, sums, each file's size and FNV-1a hash
// computed from the file, element sizes against the sizeof the program
// prints, the total against the --json report) and prints one line per
// site, checked here under the lines they name. At -O0 (the standard
// library's templates are frames of the program) and -O2 (inlined).
//
// RUN: %clangxx -g -O0 -std=c++17 %s -o %t
// RUN: %heapcount --profile %t.profile.json --json %t.json -- %t > %t.out 2> %t.err
// RUN: %python %S/Inputs/check_profile.py %t.profile.json --report %t.json --sizes %t.out > %t.sites
// RUN: FileCheck --check-prefix=SITE --input-file=%t.sites %s
// RUN: FileCheck --check-prefix=MALLOC --input-file=%t.sites %s
// RUN: FileCheck --check-prefix=SUMMARY --input-file=%t.err %s
// RUN: FileCheck --check-prefix=REPORT --input-file=%t.json %s
//
// RUN: %clangxx -g -O2 -std=c++17 %s -o %t.O2
// RUN: %heapcount --profile %t.O2.profile.json --json %t.O2.json -- %t.O2 > %t.O2.out 2> %t.O2.err
// RUN: %python %S/Inputs/check_profile.py %t.O2.profile.json --report %t.O2.json --sizes %t.O2.out > %t.O2.sites
// RUN: FileCheck --check-prefix=SITE --input-file=%t.O2.sites %s
// RUN: FileCheck --check-prefix=MALLOC --input-file=%t.O2.sites %s
// RUN: FileCheck --check-prefix=SUMMARY --input-file=%t.O2.err %s
//
// --stacks with --profile: the call sites too, from the same stacks.
// RUN: %heapcount --profile %t.both.json --stacks=32 -- %t 2>&1 > /dev/null | FileCheck --check-prefix=BOTH %s
// BOTH: heapcount: {{[0-9]+}} call sites of {{[0-9]+}} allocations (of {{[0-9]+}}; stacks of up to 32 frames)
// BOTH: heapcount: profile: 4 container sites, 164 of
//
// HEAPCOUNT_STACK_SIZES=1 by hand with --stacks: the stacks are keyed by
// size, the call sites add up to the same.
// RUN: %heapcount --stacks --top 3 -- %t 2>&1 > /dev/null | FileCheck --check-prefix=BY-SITE %s
// RUN: env HEAPCOUNT_STACK_SIZES=1 %heapcount --stacks --top 3 -- %t 2>&1 > /dev/null | FileCheck --check-prefix=BY-SITE %s
// BY-SITE: heapcount: most calls:
// BY-SITE-NEXT: heapcount:          120 calls          640 bytes  {{.*}}profile.cpp:
// BY-SITE-NEXT: heapcount:           40 calls        19200 bytes  {{.*}}profile.cpp:
// BY-SITE-NEXT: heapcount:           40 calls          960 bytes  {{.*}}profile.cpp:

// The stacks the library recorded are keyed by size.
// REPORT: "stacks":{"depth":24,"by_size":true,
// REPORT: {"calls":40,"bytes":19200,"size":480,"frames":[

// The new Rows, the malloc and the C and C++ runtimes' own allocations are
// not containers' growth: 4 sites, 164 of all allocations.
// SITE: program: profile.cpp.tmp
// SITE-NEXT: allocations: {{[0-9]+}} profiled: 164
// LIBCXX: allocations: {{[0-9]+}} profiled: 164

// The summary: the sites with most allocations first.
// SUMMARY: heapcount: profile: 4 container sites, 164 of {{[0-9]+}} allocations; written to {{.*}}.profile.json
// SUMMARY-NEXT: heapcount: most allocations:
// SUMMARY-NEXT: heapcount:          120 allocs          640 bytes  {{/.*}}profile.cpp:{{[0-9]+}}:13  int (4 bytes): 1 x100, 2 x10, 4 x10
// SUMMARY-NEXT: heapcount:           40 allocs        19200 bytes  {{/.*}}profile.cpp:{{[0-9]+}}:35  Cell (4 bytes): 120 x40
// SUMMARY-NEXT: heapcount:            3 allocs          213 bytes  {{/.*}}profile.cpp:{{[0-9]+}}:10  char (1 byte): 31 x1, 61 x1, 121 x1
// SUMMARY-NEXT: heapcount:            1 allocs          320 bytes  {{/.*}}profile.cpp:{{[0-9]+}}:10  Row* (8 bytes): 40 x1
// SUMMARY-NOT: heapcount:

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

struct Cell {
  char Glyph;
  unsigned char Attributes[3];
};

// (1) A member vector of exactly 120 elements in each Row.
struct Row {
  std::vector<Cell> Cells;
  explicit Row(int Width) { Cells.resize(Width); }
  // SITE-DAG: site: profile.cpp:[[@LINE-1]]:35 Row::Row(int) | std::vector<Cell, std::allocator<Cell> > | Cell (4) | 40 allocs 19200 bytes | counts 120x40
  // LIBCXX-DAG: site: profile.cpp:[[@LINE-2]]:35 Row::Row(int) | std::__1::vector<Cell, std::__1::allocator<Cell> > | Cell (4) | 40 allocs 19200 bytes | counts 120x40
};

// Keeps a block from being optimized away.
__attribute__((noinline)) void keep(const void *Block) {
  asm volatile("" : : "r"(Block) : "memory");
}

int main() {
  constexpr int NumRows = 40;
  std::vector<Row *> Screen;
  Screen.reserve(NumRows);
  // SITE-DAG: site: profile.cpp:[[@LINE-1]]:10 main | std::vector<Row*, std::allocator<Row*> > | Row* (8) | 1 allocs 320 bytes | counts 40x1
  // LIBCXX-DAG: site: profile.cpp:[[@LINE-2]]:10 main | std::__1::vector<Row*, std::__1::allocator<Row*> > | Row* (8) | 1 allocs 320 bytes | counts 40x1
  for (int I = 0; I < NumRows; ++I)
    Screen.push_back(new Row(120)); // new: no container's growth.

  // (2) One element most of the time, three every tenth: push_back grows
  // the vector to 1, 2 and 4 elements.
  for (int I = 0; I < 100; ++I) {
    std::vector<int> Small;
    int N = I % 10 == 0 ? 3 : 1;
    for (int K = 0; K < N; ++K)
      Small.push_back(K);
    // SITE-DAG: site: profile.cpp:[[@LINE-1]]:13 main | std::vector<int, std::allocator<int> > | int (4) | 120 allocs 640 bytes | counts 1x100 2x10 4x10
    // LIBCXX-DAG: site: profile.cpp:[[@LINE-2]]:13 main | std::__1::vector<int, std::__1::allocator<int> > | int (4) | 120 allocs 640 bytes | counts 1x100 2x10 4x10
    keep(Small.data());
  }

  // (3) A string's growth: libstdc++.so doubles the capacity (15, 30, 60,
  // 120) and asks for one more byte each time.
  std::string Text;
  for (int I = 0; I < 100; ++I)
    Text += 'x';
  // SITE-DAG: site: profile.cpp:[[@LINE-1]]:10 main | std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > | char (1) | 3 allocs 213 bytes | counts 31x1 61x1 121x1
  // libc++.so rounds the capacity up its own way.
  // LIBCXX-DAG: site: profile.cpp:[[@LINE-3]]:10 main | std::__1::basic_string<char, std::__1::char_traits<char>, std::__1::allocator<char> > | char (1) | 3 allocs {{[0-9]+}} bytes | counts {{[0-9]+}}x1 {{[0-9]+}}x1 {{[0-9]+}}x1
  keep(Text.data());

  // (4) Not a container: no site.
  void *Raw = std::malloc(77);
  // MALLOC-NOT: profile.cpp:[[@LINE-1]]:
  // LIBCXX-NOT: profile.cpp:[[@LINE-2]]:
  keep(Raw);
  std::free(Raw);

  std::printf("sizeof Cell %zu\nsizeof Row* %zu\nsizeof int %zu\n"
              "sizeof char %zu\n",
              sizeof(Cell), sizeof(Row *), sizeof(int), sizeof(char));
#ifdef CRASH
  std::fflush(stdout);
  std::abort(); // The report is written by heapcount's signal handler.
#endif
  for (Row *R : Screen)
    delete R;
  return 0;
}
// SITE: files: 1 checked
// LIBCXX: files: 1 checked
