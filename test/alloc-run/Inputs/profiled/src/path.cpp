#include <vector>

int path(int N) {
  std::vector<int> Path;
  for (int I = 0; I < N; ++I)
    Path.push_back(I * I); // site(path)
  int Sum = 0;
  for (int P : Path)
    Sum += P;
  return Sum;
}
