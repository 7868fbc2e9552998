// Findings of a stock clang-tidy check and of the compiler, whose rules have
// no page in docs/checks.
#include <string>
int length(std::string s) { return s.size(); }
int sign(int x) {
  if (x > 0)
    return 1;
}
