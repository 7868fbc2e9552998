// One container site that asks for 60,000 different sizes: keyed by size,
// each is a stack entry of its own (a parser's stacks multiply the same way).
#include <cstdio>
#include <vector>

int main() {
  unsigned long Total = 0;
  for (unsigned Size = 1; Size <= 60000; ++Size) {
    std::vector<char> Buffer;
    Buffer.reserve(Size); // site
    Total += Buffer.capacity();
  }
  std::printf("%lu\n", Total);
  return 0;
}
