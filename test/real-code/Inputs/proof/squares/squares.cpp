// profile-proof.test's program: for each number N of its input, the sum of
// the squares below N, from a vector filled one append at a time
// (alloc-reserve-in-loop: reserved first, it allocates once per call;
// alloc-small-vector: the profile sizes it, and with no small-vector class
// here, a std::pmr buffer on the stack holds it).
#include <fstream>
#include <iostream>
#include <vector>

std::vector<int> range(int N);

static long sumOfSquares(int N) {
  std::vector<long> Squares;
  for (int I = 0; I < N; ++I)
    Squares.push_back(static_cast<long>(I) * I);
  long Sum = 0;
  for (long S : Squares)
    Sum += S;
  return Sum;
}

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return 2;
  if (Argc > 2)
    return static_cast<int>(range(Argc).size());
  std::ifstream In(Argv[1]);
  int N;
  while (In >> N)
    std::cout << N << ' ' << sumOfSquares(N) << '\n';
  return 0;
}
