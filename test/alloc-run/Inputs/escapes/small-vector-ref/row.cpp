#include "row.h"

Row::Row(int A, int B) {
  Cells.push_back(A);
  Cells.push_back(B);
}

void Row::mark(int V) {
  if (V < 0)
    Cells.push_back(V);
}

int Row::sum() const {
  int Total = 0;
  for (int Cell : Cells)
    Total += Cell;
  return Total;
}
