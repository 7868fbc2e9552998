// What --profile gets from optimized builds. With -g the sites and counts
// of an -O2 build are those of the -O0 build (the standard library's
// inlined frames are in the debug information): a vector's push_back loop,
// a deque's nodes and map, a string's growth. Without -g nothing has a
// line; with clang's -gline-tables-only at -O2 the inlined allocator frames
// have no class ("allocate"), their growth is not recognized, and heapcount
// says so. docs/heapcount.md ("Optimized builds") has the table;
// profile-optimized-gcc.test builds this program with GCC.
//
// RUN: %clangxx -g -O0 -std=c++17 %s -o %t.O0
// RUN: %heapcount --profile %t.O0.json -- %t.O0 > /dev/null 2>&1
// RUN: %python %S/Inputs/check_profile.py %t.O0.json | grep '^site:' > %t.O0.sites
// RUN: FileCheck --check-prefix=SITE --input-file=%t.O0.sites %s
//
// RUN: %clangxx -g -O2 -std=c++17 %s -o %t.O2
// RUN: %heapcount --profile %t.O2.json -- %t.O2 > /dev/null 2> %t.O2.err
// RUN: %python %S/Inputs/check_profile.py %t.O2.json | grep '^site:' > %t.O2.sites
// RUN: diff %t.O0.sites %t.O2.sites
// RUN: FileCheck --check-prefix=CLEAN --input-file=%t.O2.err %s
// RUN: %clangxx -g -O3 -std=c++17 %s -o %t.O3
// RUN: %heapcount --profile %t.O3.json -- %t.O3 > /dev/null 2>&1
// RUN: %python %S/Inputs/check_profile.py %t.O3.json | grep '^site:' > %t.O3.sites
// RUN: diff %t.O0.sites %t.O3.sites
// CLEAN: heapcount: profile: 5 container sites, 16 of
// CLEAN-NOT: warning
//
// -O2 without -g: only the string's growth is recognized (its frames are
// libstdc++.so's), and it has no line: no site, and a warning.
// RUN: %clangxx -O2 -std=c++17 %s -o %t.nog
// RUN: %heapcount --profile %t.nog.json -- %t.nog > /dev/null 2> %t.nog.err
// RUN: FileCheck --check-prefix=NOG --input-file=%t.nog.err %s
// NOG: heapcount: warning: profile: 3 allocations by container growth at call sites without line information left out (build the program with -g)
// NOG: heapcount: profile: 0 container sites, 0 of
//
// -O2 -gline-tables-only: the string's site; the vector's and the deque's
// growth, whose allocator frames are named "allocate", left out and said.
// RUN: %clangxx -O2 -gline-tables-only -std=c++17 %s -o %t.g1
// RUN: %heapcount --profile %t.g1.json -- %t.g1 > /dev/null 2> %t.g1.err
// RUN: FileCheck --check-prefix=G1 --input-file=%t.g1.err %s
// G1: heapcount: warning: profile: 13 allocations through an inlined allocation function named without its class ('allocate': built with -gline-tables-only?) not recognized as container growth and left out (build the program with -g)
// G1-NEXT: heapcount: left out, most allocations:
// G1-NEXT: heapcount:            8 allocs         1020 bytes  allocator without its class: {{/.*}}profile-optimized.cpp:[[#VECTOR:]]:13  main
// G1-NEXT: heapcount:            3 allocs         1536 bytes  allocator without its class: {{/.*}}profile-optimized.cpp:[[#VECTOR+12]]:11  main
// G1-NEXT: heapcount:            2 allocs          576 bytes  allocator without its class: {{/.*}}profile-optimized.cpp:[[#VECTOR+4]]:20  main
// G1-NEXT: heapcount: profile: 1 container site, 3 of

#include <deque>
#include <string>
#include <vector>

struct Item {
  int Id;
  double Weight;
};

// Keeps a block from being optimized away.
__attribute__((noinline)) void keep(const void *Block) {
  asm volatile("" : : "r"(Block) : "memory");
}

// Argc keeps the loops' trip counts unknown to the compiler.
int main(int Argc, char **) {
  std::vector<int> Numbers;
  for (int I = 0; I < 100 * Argc; ++I)
    Numbers.push_back(I);
  // SITE: site: profile-optimized.cpp:[[@LINE-1]]:13 main | std::vector<int, std::allocator<int> > | int (4) | 8 allocs 1020 bytes | counts 1x1 2x1 4x1 8x1 16x1 32x1 64x1 128x1
  // GCC: site: profile-optimized.cpp:[[@LINE-2]]:22 main | std::vector<int, std::allocator<int> > | int (4) | 8 allocs 1020 bytes | counts 1x1 2x1 4x1 8x1 16x1 32x1 64x1 128x1
  keep(Numbers.data());
  std::deque<Item> Queue;
  // The deque's map (8 node pointers) and its first node (32 items of 16
  // bytes) are allocated by its constructor, the next 3 nodes by push_back.
  // SITE-NEXT: site: profile-optimized.cpp:[[@LINE-3]]:20 main | std::deque<Item, std::allocator<Item> > | Item (16) | 1 allocs 512 bytes | counts 32x1
  // SITE-NEXT: site: profile-optimized.cpp:[[@LINE-4]]:20 main | std::deque<Item, std::allocator<Item> > | Item* (8) | 1 allocs 64 bytes | counts 8x1
  // GCC-NEXT: site: profile-optimized.cpp:[[@LINE-5]]:20 main | std::deque<Item, std::allocator<Item> > | Item (16) | 1 allocs 512 bytes | counts 32x1
  // GCC-NEXT: site: profile-optimized.cpp:[[@LINE-6]]:20 main | std::deque<Item, std::allocator<Item> > | Item* (8) | 1 allocs 64 bytes | counts 8x1
  for (int I = 0; I < 100 * Argc; ++I)
    Queue.push_back(Item{I, 1.0});
  // SITE-NEXT: site: profile-optimized.cpp:[[@LINE-1]]:11 main | std::deque<Item, std::allocator<Item> > | Item (16) | 3 allocs 1536 bytes | counts 32x3
  // GCC-NEXT: site: profile-optimized.cpp:[[@LINE-2]]:20 main | std::deque<Item, std::allocator<Item> > | Item (16) | 3 allocs 1536 bytes | counts 32x3
  keep(&Queue.back());
  std::string Text;
  for (int I = 0; I < 100 * Argc; ++I)
    Text += 'x';
  // SITE-NEXT: site: profile-optimized.cpp:[[@LINE-1]]:10 main | std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > | char (1) | 3 allocs 213 bytes | counts 31x1 61x1 121x1
  // GCC-NEXT: site: profile-optimized.cpp:[[@LINE-2]]:13 main | std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > | char (1) | 3 allocs 213 bytes | counts 31x1 61x1 121x1
  keep(Text.data());
  return 0;
}
