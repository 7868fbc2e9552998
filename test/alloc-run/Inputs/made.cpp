#include <vector>

// Sites for explain-reach.test: the allocations of a container
// that its function returns and of one handed to a callee that keeps it
// are the memory of what the code makes; a local built on every call and
// dropped is a buffer that could be kept.

std::vector<int> one(int A) {
  std::vector<int> Out;
  Out.push_back(A); // site(one@push_back)
  return Out;
}

void keep(std::vector<char> &&Log);
void note() { keep(std::vector<char>{'x'}); } // site(note@std::vector)

int count(int A) {
  std::vector<int> Parts;
  Parts.push_back(A); // site(count@push_back)
  return static_cast<int>(Parts.size());
}
