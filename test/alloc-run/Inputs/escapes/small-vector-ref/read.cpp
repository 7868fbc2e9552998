#include "row.h"

const int &Row::first() const { return Cells[0]; }
