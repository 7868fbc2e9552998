#include "scrollback.h"

void Scrollback::title() { Title = Lines.back().Text; }
