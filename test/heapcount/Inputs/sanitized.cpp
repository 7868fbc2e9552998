// A program heapcount counts natively and built with a sanitizer
// (test/heapcount/sanitizers.test): the scope "work" makes the same heap
// calls either way.
#include "heapcount/heapcount.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main() {
  {
    heapcount::Scope Work("work");
    std::vector<std::string> Words;
    for (int I = 0; I < 50; ++I)
      Words.push_back("a word long enough to be allocated " +
                      std::to_string(I));
    void *volatile Block = std::malloc(100);
    Block = std::realloc(Block, 1000);
    std::free(Block);
  }
  std::puts("done");
  return 0;
}
