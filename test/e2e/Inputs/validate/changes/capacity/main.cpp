// A fixture of the validation harness's tests (test/e2e/validate-*.test): a
// program whose output changes with the fix-it, because it prints a
// vector's capacity, which reserve() changes.
#include <cstdio>
#include <vector>

int main() {
  std::vector<int> Values;
  for (int I = 0; I < 100; ++I)
    Values.push_back(I * I);
  std::printf("%zu values, capacity %zu\n", Values.size(), Values.capacity());
  return 0;
}
