#include "scrollback.h"

void Scrollback::drop() {
  std::deque<Line> Scrollback::*P = &Scrollback::Lines;
  (this->*P).pop_front();
}
