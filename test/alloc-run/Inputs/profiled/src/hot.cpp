// profile.test's units (make.py --ranked): findings of alloc-reserve-in-loop,
// alloc-container-in-loop and alloc-small-vector that heapcount profiles
// measure at the "site(NAME)" lines.
#include <vector>

void use(const std::vector<int> &Row);

// Appends of unknown count (alloc-reserve-in-loop); returned, so no inline
// buffer fits it.
std::vector<int> big(unsigned N) {
  std::vector<int> Big;
  for (unsigned I = 0; I < N; ++I)
    Big.push_back(I); // site(big@push_back)
  return Big;
}

// A vector filled anew on every iteration: declared before the loop it
// keeps its capacity (alloc-container-in-loop), reserved it grows once per
// iteration (alloc-reserve-in-loop); one site measures both.
void small(int N, int Width) {
  for (int I = 0; I < N; ++I) {
    std::vector<int> Row;
    for (int J = 0; J < Width; ++J)
      Row.push_back(J); // site(small@push_back)
    use(Row);
  }
}

// No profile site: this code made no allocation in the profiled runs.
std::vector<int> never(unsigned N) {
  std::vector<int> Never;
  for (unsigned I = 0; I < N; ++I)
    Never.push_back(I);
  return Never;
}
