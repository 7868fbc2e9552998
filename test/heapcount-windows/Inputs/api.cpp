// The in-process API on Windows: heapcount::countIn and a named scope, and
// what they say when heapcount.dll is not there.
#include "heapcount/heapcount.h"

#include <cstdio>
#include <cstdlib>

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  heapcount::Counts C = heapcount::countIn([] {
    void *volatile A = std::malloc(10);
    void *volatile B = std::malloc(20);
    void *volatile D = std::malloc(30);
    std::free(A);
    std::free(B);
    std::free(D);
  });
  {
    heapcount::Scope S("three");
    for (int I = 0; I < 3; ++I) {
      void *volatile P = std::malloc(8);
      std::free(P);
    }
  }
  std::printf("active %d: %llu allocs, %llu frees, %llu bytes\n",
              heapcount::active(), (unsigned long long)C.Allocs,
              (unsigned long long)C.Frees, (unsigned long long)C.Bytes);
  return 0;
}
