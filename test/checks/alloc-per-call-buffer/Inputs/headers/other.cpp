// Another unit that includes tokenizer.h alone: it must still compile once
// the header has the new members.
#include "tokenizer.h"

size_t wordsIn(const char *Text) {
  Tokenizer T(Text);
  Tokenizer Copy = T;
  return Copy.countWords();
}
