#include "scrollback.h"

void Scrollback::pin() { Pinned.push_back(std::ref(Lines.back())); }

std::string Scrollback::pinned() const {
  std::string Out;
  for (const Line &L : Pinned)
    Out += L.Text;
  return Out;
}
