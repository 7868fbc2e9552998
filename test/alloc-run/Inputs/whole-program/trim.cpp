#include "scrollback.h"

// make.py --front makes this drop the oldest lines instead.
void Scrollback::trim(std::size_t Keep) {
  while (History.size() > Keep)
    History.pop_back();
}
