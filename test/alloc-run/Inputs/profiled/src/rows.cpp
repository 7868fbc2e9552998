#include <vector>

// Vectors whose size comes from the caller: alloc-small-vector sizes them
// from a profile only (profile.test), with sites on the "site(NAME)" lines.
int cells(int N) {
  std::vector<int> Cells;
  for (int I = 0; I < N; ++I)
    Cells.push_back(I); // site(cells)
  int Sum = 0;
  for (int C : Cells)
    Sum += C;
  return Sum;
}

int runs(int N) {
  std::vector<int> Runs;
  for (int I = 0; I < N; ++I)
    Runs.push_back(I); // site(runs)
  return Runs.empty() ? 0 : Runs.back();
}

// No profile measures this one: the analysis proves its size.
int corners() {
  std::vector<int> Corners;
  Corners.push_back(1);
  Corners.push_back(2);
  Corners.push_back(3);
  return Corners[0] + Corners[2];
}
