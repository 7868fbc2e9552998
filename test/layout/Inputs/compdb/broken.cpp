#include "shared.h"
struct Parsed {
  char C;
  int I;
};
struct Broken {
  UnknownType Member;
};
