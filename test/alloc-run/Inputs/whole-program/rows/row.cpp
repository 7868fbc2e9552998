#include "row.h"

Row::Row() { Cells.push_back(1); }

int Row::sum() const {
  int Total = 0;
  for (int Cell : Cells)
    Total += Cell;
  return Total;
}
