// heapcount --profile finds each element's size in the debug information:
// a class by its exact name, a template's specialization first by the name
// clang most likely gives it (cv-qualifiers first: the demangler's
// "Pair<int const, char const*>" is "Pair<const int, const char *>") and,
// when that finds nothing, by a pattern for the template's name. A
// non-type argument is one that the guess misses: the demangler writes
// "Block<3ul>", clang "Block<3UL>"; the pattern finds it. A class with a
// template's name (other::Pair beside Pair<...>) is still asked for by its
// exact name when the template's spelling finds the specialization. Every
// element's size is the one the program prints.
//
// RUN: %clangxx -g -O0 -std=c++17 %s -o %t
// RUN: %heapcount --profile %t.json -- %t > %t.out 2> %t.err
// RUN: %python %S/Inputs/check_profile.py %t.json --sizes %t.out | FileCheck %s
// CHECK: site: profile-type-spelling.cpp:[[@LINE+33]]:{{[0-9]+}} {{.*}} | Plain (12) |
// CHECK: site: profile-type-spelling.cpp:[[@LINE+33]]:{{[0-9]+}} {{.*}} | Pair<int const, char const*> (16) |
// CHECK: site: profile-type-spelling.cpp:[[@LINE+33]]:{{[0-9]+}} {{.*}} | Block<3ul> (24) |
// CHECK: site: profile-type-spelling.cpp:[[@LINE+33]]:{{[0-9]+}} {{.*}} | other::Pair (40) |
// RUN: FileCheck --check-prefix=NO-GAP --input-file=%t.err %s
// NO-GAP-NOT: no size for element type

#include <cstddef>
#include <cstdio>
#include <vector>

struct Plain {
  int A, B, C;
};
template <typename T, typename U> struct Pair {
  T First;
  U Second;
};
template <std::size_t N> struct Block {
  long Words[N];
};
namespace other {
struct Pair {
  char Bytes[40];
};
} // namespace other

int main() {
  std::vector<Plain> Plains;
  std::vector<Pair<const int, const char *>> Pairs;
  std::vector<Block<3>> Blocks;
  std::vector<other::Pair> Others;
  for (int I = 0; I < 5; ++I) {
    Plains.push_back(Plain{I, I, I});
    Pairs.push_back(Pair<const int, const char *>{I, "x"});
    Blocks.push_back(Block<3>{{I, I, I}});
    Others.push_back(other::Pair{});
  }
  std::printf("sizeof Plain %zu\n", sizeof(Plain));
  std::printf("sizeof Pair<int const, char const*> %zu\n",
              sizeof(Pair<const int, const char *>));
  std::printf("sizeof Block<3ul> %zu\n", sizeof(Block<3>));
  std::printf("sizeof other::Pair %zu\n", sizeof(other::Pair));
  return static_cast<int>(Plains.size() + Pairs.size() + Blocks.size()) - 15;
}
