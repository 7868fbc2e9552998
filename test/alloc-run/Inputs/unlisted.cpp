#include <vector>

// A file under the source root that no unit of the compile database
// compiles or includes (explain-reach.test): the profile has a
// site here, and no check saw its code.
int unlisted(int A) {
  std::vector<int> Parts;
  Parts.push_back(A); // site(unlisted@push_back)
  return static_cast<int>(Parts.size());
}
