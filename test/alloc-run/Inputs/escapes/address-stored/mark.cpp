#include "scrollback.h"

void Scrollback::mark() { Marked = &Lines.back(); }
