#include "scrollback.h"

std::deque<Line>::const_iterator Scrollback::first() const {
  return Lines.begin();
}
