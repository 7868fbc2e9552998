#include "shared.h"
// FROM_DATABASE is defined only by the compile command: a record that exists
// only when the database's flags are used.
#ifdef FROM_DATABASE
struct OnlyInB {
  char C;
  double D;
};
#endif
// An unused variable: a warning that the database's -Werror -Wall would make
// an error, were warnings not switched off for layouts.
int b() {
  int Unused;
  return sizeof(Shared);
}
