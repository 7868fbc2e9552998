#include "shapes.h"

#include <string>

namespace {
// Padded: 24 bytes, 16 in another order, and nothing depends on the order;
// an array of them makes the saving count (alloc-padding's default).
struct Shape {
  char Kind = 0;
  double Scale = 1.0;
  char Flags = 0;
};
} // namespace

int area(int Kind) {
  Shape Shapes[4];
  Shape &S = Shapes[Kind & 3];
  S.Kind = static_cast<char>(Kind);
  std::string Name = "a shape of some kind, long enough to allocate";
  return static_cast<int>(S.Scale) * S.Kind + static_cast<int>(Name.size()) +
         S.Flags;
}

// Two strings hoisted before the same loop: both fix-its insert there. Each
// starts with a label past any string's inline buffer.
int lengths(const char *const *Words, int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::string Upper;
    Upper += "the word in upper case: ";
    for (const char *P = Words[I]; *P; ++P)
      Upper += static_cast<char>(*P & ~0x20);
    std::string Lower;
    Lower += "the word in lower case: ";
    for (const char *P = Words[I]; *P; ++P)
      Lower += static_cast<char>(*P | 0x20);
    Total += static_cast<int>(Upper.size() + Lower.size());
  }
  return Total;
}

void Recent::add(int V) { History.push_back(V); }
