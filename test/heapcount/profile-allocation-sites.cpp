// heapcount --profile: the allocations that are no container's growth, by
// the user's site, with a histogram of the requested sizes
// ("allocation_sites"): what alloc-small-string sizes an inline buffer from.
// Str is a string class of the user's own, like poppler's GooString: no
// inline buffer, new char[len + 1] in its constructor, malloc and realloc
// in append. It is run on a known list of strings.
//
// RUN: %clangxx -g -O0 -std=c++17 %s -o %t
// RUN: %heapcount --profile %t.json -- %t > %t.out 2> %t.err
// RUN: %python %S/Inputs/check_profile.py %t.json --allocation-sites > %t.sites
// RUN: FileCheck --input-file=%t.sites %s
// RUN: FileCheck --check-prefix=JSON --input-file=%t.json %s
//
// At -O2 -g the same sites and histograms (Str's functions are inlined
// into main; the site is still the line in Str's function).
// RUN: %clangxx -g -O2 -std=c++17 %s -o %t.O2
// RUN: %heapcount --profile %t.O2.json -- %t.O2 > %t.O2.out 2> %t.O2.err
// RUN: %python %S/Inputs/check_profile.py %t.O2.json --allocation-sites > %t.O2.sites
// RUN: FileCheck --check-prefix=O2 --input-file=%t.O2.sites %s

// No container grows here: no container site.
// CHECK: allocations: {{[0-9]+}} profiled: 0
// CHECK-NOT: site:
// O2: allocations: {{[0-9]+}} profiled: 0

#include <cstdio>
#include <cstdlib>
#include <cstring>

class Str {
public:
  explicit Str(const char *Text) : Length(std::strlen(Text)) {
    Data = new char[Length + 1];
    // CHECK-DAG: alloc: profile-allocation-sites.cpp:[[@LINE-1]]:12 Str::Str(char const*) | 8 allocs 52 bytes | sizes 1x1 4x2 6x3 12x1 13x1
    // O2-DAG: alloc: profile-allocation-sites.cpp:[[@LINE-2]]:12 Str::Str(char const*) | 8 allocs 52 bytes | sizes 1x1 4x2 6x3 12x1 13x1
    std::memcpy(Data, Text, Length + 1);
  }
  ~Str() { delete[] Data; }
  Str(const Str &) = delete;
  Str &operator=(const Str &) = delete;

  // A copy of the text with a suffix, in a malloc'ed buffer the caller
  // frees.
  char *withSuffix(const char *Suffix) const {
    std::size_t Extra = std::strlen(Suffix);
    char *Copy = static_cast<char *>(std::malloc(Length + Extra + 1));
    // CHECK-DAG: alloc: profile-allocation-sites.cpp:[[@LINE-1]]:38 Str::withSuffix(char const*) const | 8 allocs 76 bytes | sizes 4x1 7x2 9x3 15x1 16x1
    // O2-DAG: alloc: profile-allocation-sites.cpp:[[@LINE-2]]:38 Str::withSuffix(char const*) const | 8 allocs 76 bytes | sizes 4x1 7x2 9x3 15x1 16x1
    std::memcpy(Copy, Data, Length);
    std::memcpy(Copy + Length, Suffix, Extra + 1);
    return Copy;
  }

private:
  std::size_t Length;
  char *Data;
};

// Keeps a block from being optimized away.
__attribute__((noinline)) void keep(const void *Block) {
  asm volatile("" : : "r"(Block) : "memory");
}

int main() {
  // 8 strings: lengths 0, 3, 3, 5, 5, 5, 11 and 12.
  const char *const Words[] = {"",      "abc",   "xyz",         "hello",
                               "world", "fives", "hello world", "twelve chars"};
  for (const char *Word : Words) {
    Str S(Word);
    char *Copy = S.withSuffix(".cc");
    keep(Copy);
    std::free(Copy);
  }
  return 0;
}

// CHECK: files: 1 checked

// JSON: "sites":[],
// JSON-NEXT: "allocation_sites":[
// JSON-NEXT: {"file":"{{/.*}}profile-allocation-sites.cpp","line":{{[0-9]+}},"column":12,"function":"Str::Str(char const*)","allocations":8,"bytes":52,"sizes":{{\[\[1,1\],\[4,2\],\[6,3\],\[12,1\],\[13,1\]\]}},"processes":1,"processes_by_size":{{\[\[1,1\],\[4,1\],\[6,1\],\[12,1\],\[13,1\]\]}},"callers":[{"file":"{{/.*}}profile-allocation-sites.cpp","line":[[#@LINE-12]],"column":9,"allocations":8,"sizes":{{\[\[1,1\],\[4,2\],\[6,3\],\[12,1\],\[13,1\]\]}},"processes":1}]},
