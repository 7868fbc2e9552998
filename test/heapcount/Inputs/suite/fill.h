// Included by two of the suite's tests: the growth at this site is made by
// two processes and adds up to one site in the merged profile.
#include <vector>

inline void fill(std::vector<int> &Values, int N) {
  for (int I = 0; I < N; ++I)
    Values.push_back(I);
  // FILL-SITE: site: fill.h:[[@LINE-1]]:12 fill(std::vector<int, std::allocator<int>{{ ?}}>&, int) | std::vector<int, std::allocator<int> > | int (4) | 10 allocs 248 bytes | counts 1x2 2x2 4x2 8x2 16x2
}
