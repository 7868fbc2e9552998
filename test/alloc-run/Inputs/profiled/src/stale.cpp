#include <vector>

// Profiled in another version (explain.test's profile has another hash).
std::vector<int> stale(int N) {
  std::vector<int> Values;
  for (int I = 0; I < N; ++I)
    Values.push_back(I); // site(stale@push_back)
  return Values;
}
