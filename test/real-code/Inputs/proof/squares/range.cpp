// Called only with a second argument, which no workload gives: no profile
// names this file, so its reserve-in-loop fix-it has no prediction.
#include <vector>

std::vector<int> range(int N) {
  std::vector<int> Range;
  for (int I = 0; I < N; ++I)
    Range.push_back(I);
  return Range;
}
