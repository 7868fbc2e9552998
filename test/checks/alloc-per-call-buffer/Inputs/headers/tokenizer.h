#ifndef TOKENIZER_H
#define TOKENIZER_H

#include "word.h"
#include <string>

// Every function of Tokenizer is defined in header.cpp, and the header
// includes what names Word: units that include it alone can take members
// of type std::vector<std::string> and std::vector<Word> (given <vector>).
class Tokenizer {
public:
  explicit Tokenizer(std::string Text) : text_(std::move(Text)) {}
  size_t countWords();
  size_t longest();
  size_t widest();

private:
  std::string text_;
  size_t pos_ = 0;
};

#endif
