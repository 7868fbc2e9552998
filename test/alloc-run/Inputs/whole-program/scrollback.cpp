#include "scrollback.h"

void Scrollback::add(std::string Text) { History.push_back({std::move(Text)}); }

std::string Scrollback::lastText() const {
  return History.empty() ? std::string() : History.back().Text;
}

std::string Scrollback::joined() const {
  std::string Out;
  for (const Line &L : History)
    Out += L.Text + ";";
  return Out;
}
