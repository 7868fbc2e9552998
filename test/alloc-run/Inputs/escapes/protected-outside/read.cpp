#include "log.h"

std::string Log::last() const { return Lines.back().Text; }
