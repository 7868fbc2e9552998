#include "row.h"
#include <cstdio>

int main() {
  std::vector<Row> Rows;
  Rows.emplace_back(7, 8);
  const int &First = Rows[0].first();
  long Total = 0;
  for (int I = 0; I < 1000; ++I) {
    Rows.emplace_back(I, I + 1);
    Rows.back().mark(I % 7 - 3);
    Total += Rows.back().sum();
  }
  std::printf("%ld %d\n", Total, First);
  return 0;
}
