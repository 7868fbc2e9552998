#include "rules.h"
#include <cstdio>

int main() {
  std::size_t Length = 0;
  for (int I = 0; I < 300; ++I) {
    char C = static_cast<char>('a' + I % 26);
    // Every operand is a temporary: taken by value, it would be moved.
    Rule R = either(either(Rule(C), Rule('x')), either(Rule('y'), Rule('z')));
    Length += R.text().size();
  }
  std::printf("%zu\n", Length);
  return 0;
}
