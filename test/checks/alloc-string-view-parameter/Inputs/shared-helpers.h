// A function defined in a header: the unit that includes it does not
// report it (each unit that includes it would, with its own calls).
#include <string>
static inline int spaces(const std::string &S) {
  int N = 0;
  for (char C : S)
    N += C == ' ';
  return N;
}
