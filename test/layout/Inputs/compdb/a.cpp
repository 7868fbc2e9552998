#include "shared.h"
struct OnlyInA {
  short S;
  int I;
};
int a() { return sizeof(Shared) + sizeof(OnlyInA); }
