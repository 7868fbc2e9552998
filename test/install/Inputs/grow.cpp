#include <vector>

int sumOfSquares(int N) {
  std::vector<int> Squares;
  for (int I = 0; I < N; ++I)
    Squares.push_back(I * I);
  int Sum = 0;
  for (int S : Squares)
    Sum += S;
  return Sum;
}
