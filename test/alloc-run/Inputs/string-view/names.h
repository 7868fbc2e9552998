#ifndef NAMES_H
#define NAMES_H
#include <string>

namespace names {
typedef std::string text;

class Checker {
public:
  int countValid(const char *const *Words, int N) const;

private:
  bool allowed(const text &Word, const text &Chars) const;
  friend class Report;
};

// Exported from the library that a shared build makes (empty here).
#define NAMES_API
NAMES_API int vowels(const std::string &Text);

// Only report.cpp calls it.
int occurrences(const std::string &Text, char C);

// Defined in the header, which every unit includes; only main.cpp calls it.
inline bool mentions(const std::string &Text, const std::string &Word) {
  return Text.find(Word) != std::string::npos;
}

class Report {
public:
  int misspelt(const Checker &C, const std::string *Words, int N) const;
};
} // namespace names

#endif
