// A program with two named scopes, built twice for `heapcount diff`: WORDS
// strings of 40 characters in "parse" (one allocation each, plus the
// vector's growth), one string of 100 in "render". DIFF_CRASH=1 in the
// environment makes it abort at the end; its argument is only printed.
#include "heapcount/heapcount.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifndef WORDS
#define WORDS 100
#endif

int main(int Argc, char **Argv) {
  std::size_t Kept = 0;
  {
    heapcount::Scope S("parse");
    std::vector<std::string> Words;
#ifdef RESERVE
    Words.reserve(WORDS);
#endif
    for (int I = 0; I < WORDS; ++I)
      Words.push_back(std::string(40, 'x'));
    Kept = Words.size();
  }
  {
    heapcount::Scope S("render");
    std::string Line(100, 'y');
    Kept += Line.size();
  }
  std::printf("%zu %s\n", Kept, Argc > 1 ? Argv[1] : "");
  if (std::getenv("DIFF_CRASH"))
    std::abort();
  return 0;
}
