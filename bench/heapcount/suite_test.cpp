// One test of bench/heapcount-suite.sh's shell-driven suite: builds a few
// containers that grow (a vector of numbers, strings, a map) sized by its
// argument, and prints "ok" lines that the suite's shell filters and checks.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

int main(int Argc, char **Argv) {
  int Test = Argc > 1 ? std::atoi(Argv[1]) : 0;
  std::vector<int> Numbers;
  for (int I = 0; I < 50 + Test % 50; ++I)
    Numbers.push_back(I * Test);
  std::vector<std::string> Words;
  for (int I = 0; I < 20; ++I)
    Words.push_back("word number " + std::to_string(I + Test) +
                    " of a test that the suite checks");
  std::map<int, std::string> Index;
  for (int I = 0; I < 10; ++I)
    Index[I] = Words[static_cast<std::size_t>(I)];
  long Sum = 0;
  for (int N : Numbers)
    Sum += N;
  std::printf("ok %d %ld %zu\n", Test, Sum, Index.size());
  return 0;
}
