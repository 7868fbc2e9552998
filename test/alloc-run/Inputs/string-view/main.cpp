#include "names.h"
#include <cstdio>
#include <string>

int main() {
  const char *Words[] = {"alloc", "tidy",   "don't", "x2",
                         "views", "strings", "",     "Upper"};
  std::string Copies[8];
  for (int I = 0; I < 8; ++I)
    Copies[I] = Words[I];
  names::Checker C;
  int Valid = std::stoi("0"); // a standard function taking a string
  for (int Round = 0; Round < 1000; ++Round)
    Valid += C.countValid(Words, 8) +
             names::vowels("a sentence that is long enough") / 100 +
             names::mentions("a sentence that mentions views", "views");
  names::Report R;
  int Misspelt = 0;
  for (int Round = 0; Round < 100; ++Round)
    Misspelt += R.misspelt(C, Copies, 8);
  std::printf("%d valid, %d misspelt\n", Valid, Misspelt);
}
