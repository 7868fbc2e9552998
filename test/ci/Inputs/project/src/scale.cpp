#include "util.h"
// Includes the header but allocates nothing.
int scaled(int x) { return x * scale(); }
