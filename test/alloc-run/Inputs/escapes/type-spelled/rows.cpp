#include "table.h"

std::deque<Row>::const_iterator Table::begin() const { return Rows.begin(); }

std::deque<Row>::const_iterator Table::end() const { return Rows.end(); }
