#include "speller.h"
#include "decode.h"

bool Speller::check(const std::string &Word) {
  std::vector<Wide> Chars;
  decode(Chars, Word);
  lower(Chars);
  Checked += static_cast<int>(Chars.size());
  bool Even = Chars.size() % 2 == 0;
  // The recursive call comes after the last use of Chars.
  if (Word.size() > 12)
    return check(Word.substr(0, 12)) && Even;
  return Even;
}

bool Speller::checkRemembered(const std::string &Word) {
  std::vector<Wide> Chars;
  decode(Chars, Word);
  remember(Chars);
  Checked += static_cast<int>(Chars.size());
  return Chars.size() % 2 == 0;
}

int countWide(const std::vector<std::string> &Words) {
  int Count = 0;
  for (const std::string &Word : Words) {
    std::vector<Wide> Chars;
    decode(Chars, Word);
    Count += static_cast<int>(Chars.size());
  }
  return Count;
}
