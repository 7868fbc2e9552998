#include "journal.h"

void Journal::add(std::string Text) { Entries.push_back({std::move(Text)}); }
