#ifndef TEXT_HELPERS_H
#define TEXT_HELPERS_H
#include <string>

// External linkage: every unit that includes this header shares it, and
// may call it.
inline bool startsWith(const std::string &Text, const std::string &Prefix) {
  return Text.rfind(Prefix, 0) == 0;
}

// Internal linkage: each unit that includes this header has its own copy,
// with its own calls, and they all change with the header.
static inline int countOf(const std::string &Text, char C) {
  int N = 0;
  for (char Each : Text)
    N += Each == C;
  return N;
}

// Passed on as a std::string: a view would not do.
std::string quoted(const std::string &Text);
inline std::string bracketed(const std::string &Text) { return quoted(Text); }

#endif
