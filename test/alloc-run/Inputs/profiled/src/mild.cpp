#include <vector>

// At most 2 elements: alloc-small-vector bounds it without a profile.
int middle(int A, int B) {
  std::vector<int> Pair;
  Pair.push_back(A); // site(middle-first@push_back)
  if (B != 0)
    Pair.push_back(B); // site(middle-second@push_back)
  return Pair[0] + static_cast<int>(Pair.size());
}
