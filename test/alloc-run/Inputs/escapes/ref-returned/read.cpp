#include "scrollback.h"

const Line &Scrollback::at(std::size_t I) const { return Lines[I]; }

std::size_t Scrollback::size() const { return Lines.size(); }
