#include "names.h"

namespace names {
static const char *const Letters = "abcdefghijklmnopqrstuvwxyz'-";

bool Checker::allowed(const text &Word, const text &Chars) const {
  return !Word.empty() && Word.find_first_not_of(Chars) == text::npos;
}

int Checker::countValid(const char *const *Words, int N) const {
  int Valid = 0;
  for (int I = 0; I < N; ++I)
    Valid += allowed(Words[I], Letters);
  return Valid;
}

int vowels(const std::string &Text) {
  return static_cast<int>(Text.find_first_of("aeiou"));
}

int occurrences(const std::string &Text, char C) {
  int N = 0;
  for (char X : Text)
    N += X == C;
  return N;
}
} // namespace names
