#include "scrollback.h"

void Scrollback::add(std::string Text) { Lines.push_back({std::move(Text)}); }

std::size_t Scrollback::size() const { return Lines.size(); }
