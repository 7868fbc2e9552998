#pragma once
#include <string>
#include <vector>

// Wide characters, two bytes each.
struct Wide {
  unsigned char Low, High;
};

// Fills Out with the characters of Text (decode.cpp).
int decode(std::vector<Wide> &Out, const std::string &Text);
// Lowers the characters in place and returns Out (decode.cpp).
std::vector<Wide> &lower(std::vector<Wide> &Out);
// Remembers Out for later (decode.cpp): the caller's buffer escapes.
void remember(std::vector<Wide> &Out);
