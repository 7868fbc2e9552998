#pragma once
#include "decode.h"
#include <string>
#include <vector>

class Speller {
public:
  explicit Speller(std::string Name) : Name(std::move(Name)) {}
  // Decodes the word into a buffer of its own on every call (speller.cpp).
  bool check(const std::string &Word);
  // The same, but the buffer is remembered by decode.cpp.
  bool checkRemembered(const std::string &Word);
  int checked() const { return Checked; }

private:
  std::string Name;
  int Checked = 0;
};

// The wide characters of all the words (speller.cpp).
int countWide(const std::vector<std::string> &Words);
