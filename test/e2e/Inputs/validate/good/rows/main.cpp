// A fixture of the validation harness's tests (test/e2e/validate-*.test): a
// deque filled at its back only, which alloc-deque-as-array turns into a
// reserved vector, and a hand-written after.cpp that does the same.
#include "heapcount/heapcount.h"

#include <cstdio>
#include <deque>

struct Row {
  int Id;
  int Cells[30];
};

class Buffer {
public:
  explicit Buffer(int Height) {
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
  std::deque<Row> Rows;
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
