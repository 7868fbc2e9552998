#include "names.h"

namespace names {
namespace {
struct Label {
  std::string Text;
  operator std::string() const { return Text; }
};
} // namespace

#define REPORT_ARGUMENT Allowed
int Report::misspelt(const Checker &C, const std::string *Words,
                     int N) const {
  std::string Allowed = "abcdefghijklmnopqrstuvwxyz";
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += !C.allowed(Words[I], REPORT_ARGUMENT) +
           occurrences("a sentence longer than the buffer", Words[I][0]) / 100;
  return Bad;
}
} // namespace names
