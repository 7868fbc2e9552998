// The note on the loop quotes a number only when it holds: the loop's trip
// count is a constant and every iteration surely allocates.
// RUN: %check_alloc_tidy %s alloc-container-in-loop %t

#include <string>
#include <vector>

int consume(const std::vector<int> &V);

int constantCount() {
  int Total = 0;
  for (int I = 0; I < 100; ++I) {
    std::vector<int> Buf;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Buf' is constructed and filled on every iteration, allocating each time; declared before the loop and cleared here, it would keep its capacity [alloc-container-in-loop]
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs 100 times, so 'Buf' allocates at least 100 times; declared before it, 'Buf' allocates only when it outgrows its capacity
    Buf.push_back(I);
    Buf.push_back(I + 1);
    Total += consume(Buf);
  }
  // CHECK-FIXES: {{^}}  std::vector<int> Buf;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  for (int I = 0; I < 100; ++I) {{[{]}}{{$}}
  // CHECK-FIXES-NEXT: {{^}}    Buf.clear();{{$}}
  return Total;
}

// resize() and reserve() with a constant count allocate on their first call
// too; a range-for over an array has a constant count.
int sized() {
  static const int Widths[] = {3, 5, 8};
  int Total = 0;
  for (int W : Widths) {
    std::vector<int> Cells;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Cells' is constructed
    // CHECK-NOTES: :[[@LINE-3]]:3: note: this loop runs 3 times, so 'Cells' allocates at least 3 times; declared before it, 'Cells' allocates only when it outgrows its capacity
    Cells.resize(16);
    std::string Label;
    // CHECK-NOTES: :[[@LINE-1]]:17: warning: 'Label' is constructed
    // CHECK-NOTES: :[[@LINE-7]]:3: note: this loop runs 3 times, so 'Label' allocates at least 3 times;
    Label.reserve(64);
    Total += consume(Cells) + W + static_cast<int>(Label.size());
  }
  return Total;
}

// No number: the count is not a constant.
int countFromParameter(int N) {
  int Total = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<int> Buf;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Buf' is constructed
    Buf.push_back(I);
    Total += consume(Buf);
  }
  return Total;
}

// No number: the fill is conditional, so some iterations may not allocate.
int conditionalFill() {
  int Total = 0;
  for (int I = 0; I < 100; ++I) {
    std::vector<int> Buf;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Buf' is constructed
    if (I % 3 == 0)
      Buf.push_back(I);
    Total += consume(Buf);
  }
  return Total;
}

// No number: a continue can skip the fill.
int skipped() {
  int Total = 0;
  for (int I = 0; I < 100; ++I) {
    std::vector<int> Buf;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Buf' is constructed
    if (I % 3 == 0)
      continue;
    Buf.push_back(I);
    Total += consume(Buf);
  }
  return Total;
}

// No number: inserting a range of unknown length may insert nothing.
int rangeInsert(const std::vector<int> &In) {
  int Total = 0;
  for (int I = 0; I < 100; ++I) {
    std::vector<int> Buf;
    // CHECK-NOTES: :[[@LINE-1]]:22: warning: 'Buf' is constructed
    Buf.insert(Buf.end(), In.begin(), In.end());
    Total += consume(Buf);
  }
  return Total;
}
