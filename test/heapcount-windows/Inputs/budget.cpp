// heapcount/budget.h in a Windows program linked with heapcount.dll's
// import library: a budget met, one exceeded, and the counts.
#include "heapcount/budget.h"

#include <cstdio>
#include <vector>

__attribute__((noinline)) void growInts(int N) {
  std::vector<int> Values;
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  asm volatile("" : : "r"(Values.data()) : "memory");
}

int main() {
  heapcount::BudgetResult Met =
      heapcount::allocsAtMost(8, [] { growInts(100); });
  std::printf("met: %d\n%s\n", Met ? 1 : 0, Met.message().c_str());
  heapcount::BudgetResult Over =
      heapcount::allocsAtMost(7, [] { growInts(100); });
  std::printf("over: %d\n%s\n", Over ? 1 : 0, Over.message().c_str());
  return 0;
}
