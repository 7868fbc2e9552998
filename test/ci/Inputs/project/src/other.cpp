// Nothing to report either.
int other(int x) { return x + 1; }

// Recent's functions are here and in vec.cpp (included last so that the
// line numbers above stay as the tests know them).
#include "recent.h"
int Recent::count() const { return static_cast<int>(Items.size()); }
