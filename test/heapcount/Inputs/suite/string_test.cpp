// The suite's second test: a string grown one character at a time
// (libstdc++.so asks for 31, 61 and 121 bytes), and fill() again.
#include "fill.h"

#include <cstdio>
#include <string>

int main() {
  std::string Text;
  for (int I = 0; I < 100; ++I)
    Text += 'x';
  // STRING-SITE: site: string_test.cpp:[[@LINE-1]]:10 main | std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > | char (1) | 3 allocs 213 bytes | counts 31x1 61x1 121x1
  std::vector<int> Values;
  fill(Values, 10);
  std::printf("%zu %zu\n", Text.size(), Values.size());
  return 0;
}
