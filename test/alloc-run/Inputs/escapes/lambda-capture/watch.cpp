#include "scrollback.h"

void Scrollback::watch() {
  const Line &Last = Lines.back();
  Watchers.push_back([&Last] { return Last.Text.size(); });
}

std::size_t Scrollback::watched() const {
  std::size_t Sum = 0;
  for (const auto &W : Watchers)
    Sum += W();
  return Sum;
}
