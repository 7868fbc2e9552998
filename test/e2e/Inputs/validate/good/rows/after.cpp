// The hand-written version of main.cpp (test/e2e/validate-*.test): a
// reserved vector instead of the deque.
#include "heapcount/heapcount.h"

#include <cstdio>
#include <vector>

struct Row {
  int Id;
  int Cells[30];
};

class Buffer {
public:
  explicit Buffer(int Height) {
    Rows.reserve(Height);
    for (int Y = 0; Y < Height; ++Y)
      Rows.push_back(Row{Y, {}});
  }
  long sum() const {
    long Sum = 0;
    for (const Row &R : Rows)
      Sum += R.Id;
    return Sum;
  }

private:
  std::vector<Row> Rows;
};

int main(int Argc, char **) {
  long Sum = 0;
  {
    heapcount::Scope Fill("fill");
    Buffer B(100 + Argc);
    Sum = B.sum();
  }
  std::printf("sum %ld\n", Sum);
  return 0;
}
