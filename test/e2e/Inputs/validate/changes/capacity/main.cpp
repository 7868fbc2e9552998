// A fixture of the validation harness's tests (test/e2e/validate-*.test): a
// program whose output changes with the fix-it: show() prints the capacity,
// which reserve() changes (the check sees capacity() in main, not in show).
#include <cstdio>
#include <vector>
static void show(const std::vector<int> &V) {
  std::printf("%zu values, capacity %zu\n", V.size(), V.capacity());
}
int main() {
  std::vector<int> Values;
  for (int I = 0; I < 100; ++I)
    Values.push_back(I * I);
  show(Values);
  return 0;
}
