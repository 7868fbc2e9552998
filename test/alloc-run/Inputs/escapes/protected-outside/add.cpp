#include "log.h"

void Log::add(std::string Text) { Lines.push_back({std::move(Text)}); }

std::size_t Log::size() const { return Lines.size(); }
