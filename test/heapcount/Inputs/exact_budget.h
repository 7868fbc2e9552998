// Exact counts with heapcount's budgets (heapcount/budget.h), for the tests
// that hold a piece of code to what it must count: allocations and bytes
// meet a budget of exactly that many and exceed one less, and the frees are
// those expected. Used by realloc_edges_budget.cpp and pvalloc.cpp.
#ifndef HEAPCOUNT_TEST_EXACT_BUDGET_H
#define HEAPCOUNT_TEST_EXACT_BUDGET_H

#include "heapcount/budget.h"

#include <string>

// Appends to Why (one line each) what does not hold.
inline void exactBudget(const heapcount::Measurement &M, heapcount::Limit What,
                        unsigned long long Max, const char *Name,
                        std::string &Why) {
  heapcount::BudgetResult Met = heapcount::checkBudget(M, What, Max, Name);
  if (!Met) {
    Why += Met.message() + "\n";
    return;
  }
  if (Max == 0)
    return;
  if (heapcount::checkBudget(M, What, Max - 1, Name))
    Why += std::string(Name) + ": a budget of " + std::to_string(Max - 1) +
           (What == heapcount::Limit::Allocs ? " allocations" : " bytes") +
           " passes: fewer were counted than expected\n";
}

// "ok: NAME (A allocs, F frees, B bytes)", or what failed then "FAILED: ...".
inline std::string exactCounts(const heapcount::Measurement &M,
                               const char *Name, unsigned long long Allocs,
                               unsigned long long Frees,
                               unsigned long long Bytes) {
  std::string Why;
  exactBudget(M, heapcount::Limit::Allocs, Allocs, Name, Why);
  exactBudget(M, heapcount::Limit::Bytes, Bytes, Name, Why);
  if (M.Counting && M.Frees != Frees)
    Why += std::string(Name) + ": " + std::to_string(M.Frees) +
           " frees, not " + std::to_string(Frees) + "\n";
  return Why + (Why.empty() ? "ok: " : "FAILED: ") + Name + " (" +
         std::to_string(Allocs) + " allocs, " + std::to_string(Frees) +
         " frees, " + std::to_string(Bytes) + " bytes)\n";
}

#endif // HEAPCOUNT_TEST_EXACT_BUDGET_H
