// Holds each case of Inputs/realloc_edges.c to its counts with heapcount's
// budgets (Inputs/exact_budget.h), linked with the counting library. Prints
// one line per case.
#include "exact_budget.h"

#include <cstdio>

extern "C" void edge_case(const char *Name, void (*Run)(),
                          unsigned long long Allocs, unsigned long long Frees,
                          unsigned long long Bytes) {
  heapcount::Measurement M = heapcount::measure(Run);
  std::fputs(exactCounts(M, Name, Allocs, Frees, Bytes).c_str(), stdout);
  // Before the C program's own write(2) of "done".
  std::fflush(stdout);
}
