#include "table.h"

Table::Table(int N) {
  for (int I = 0; I < N; ++I)
    Rows.push_back({"row " + std::to_string(I), I * I});
}
