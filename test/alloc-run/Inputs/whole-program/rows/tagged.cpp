#include "row.h"

Row::Row(int Tag) {
  Cells.push_back(Tag);
  Cells.push_back(Tag + 1);
}

void Row::mark(int V) {
  if (V < 0)
    Cells.push_back(V);
}
