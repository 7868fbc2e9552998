#include "shared.h"
// FROM_DATABASE is defined only by the compile command: a record that exists
// only when the database's flags are used.
#ifdef FROM_DATABASE
struct OnlyInB {
  char C;
  double D;
};
#endif
int b() { return sizeof(Shared); }
