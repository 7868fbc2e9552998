// A function of internal linkage defined in a header: its warning is in
// the header (its note at the call, in the main file, keeps it whatever
// the header filter), without a fix-it.
#include <string>
static inline int spaces(const std::string &S) {
  int N = 0;
  for (char C : S)
    N += C == ' ';
  return N;
}
