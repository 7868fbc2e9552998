#include "scrollback.h"

void Scrollback::dropLast() { Lines.pop_back(); }
