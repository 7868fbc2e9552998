// The STL on both platforms, from the same libstdc++ (GCC 12's): a
// std::deque of 9,001 100-byte records and one of 9,001 strings, inside the
// scope "work". Nothing goes through a stdio buffer (glibc allocates one,
// msvcrt keeps its own), so the program's counts are the same everywhere.
// Built with HEAPCOUNT_SCOPES for heapcount, without for valgrind (the
// API's failed lookups would allocate there).
#ifdef HEAPCOUNT_SCOPES
#include "heapcount/heapcount.h"
#define SCOPE(Variable, Name) heapcount::Scope Variable(Name)
#else
#define SCOPE(Variable, Name)
#endif

#include <cstdio>
#include <deque>
#include <string>

struct Record {
  char Bytes[100];
};

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::size_t Sizes = 0;
  {
    SCOPE(Work, "work");
    {
      std::deque<Record> Records;
      for (int I = 0; I < 9001; ++I)
        Records.push_back(Record{});
      Sizes += Records.size();
    }
    SCOPE(Names, "names");
    std::deque<std::string> Strings;
    for (int I = 0; I < 9001; ++I)
      Strings.emplace_back(100, 'n');
    Sizes += Strings.size();
  }
  std::printf("%zu elements\n", Sizes);
  return 0;
}
