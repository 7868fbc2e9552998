// Every loop shape alloc-reserve-in-loop counts, with the reserve() it puts
// before the loop.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++20

#include <array>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <span>
#include <vector>

std::vector<int> countUp(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: v.reserve(n > 0 ? n : 0);
  // CHECK-FIXES-NEXT: for (int i = 0; i < n; ++i)
  return v;
}

// A bound named by a macro or a constant keeps its name in reserve(): another
// build may define it otherwise. The count in the message is this build's.
#define TINY_COUNT 64
constexpr int Rows = 3000;

std::vector<int> macroBound() {
  std::vector<int> v;
  for (int i = 0; i < TINY_COUNT; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows 7 times as this loop appends 64 elements on libstdc++; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: v.reserve(TINY_COUNT);
  // CHECK-FIXES-NEXT: for (int i = 0; i < TINY_COUNT; ++i)
  return v;
}

std::vector<int> constantBound() {
  std::vector<int> v;
  for (int i = 0; i <= Rows; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows 13 times as this loop appends 3001 elements on libstdc++; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: v.reserve(Rows + 1);
  return v;
}

std::vector<int> anyStart(int lo, int hi) {
  std::vector<int> v;
  for (int i = lo; i <= hi; i++)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(hi >= lo ? hi - lo + 1 : 0);
  return v;
}

std::vector<unsigned> unsignedNotEqual(unsigned n) {
  std::vector<unsigned> v;
  for (unsigned i = 0; i != n; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n);
  return v;
}

std::vector<int> countDown(int n) {
  std::vector<int> v;
  for (int i = n; i > 0; --i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n > 0 ? n : 0);
  return v;
}

std::vector<int> countDownInclusive(int n) {
  std::vector<int> v;
  for (int i = n; i >= 0; i--)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n >= 0 ? n + 1 : 0);
  return v;
}

std::vector<long> strides(long n) {
  std::vector<long> v;
  for (long i = 0; i < n; i += 3)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(((n > 0 ? n : 0) + 2) / 3);
  return v;
}

std::vector<long> stridesDown(long n) {
  std::vector<long> v;
  for (long i = n; i >= 1; i -= 2)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(((n >= 1 ? n - 1 + 1 : 0) + 1) / 2);
  return v;
}

std::vector<int> sizeTBound(const std::vector<int> &in) {
  std::vector<int> v;
  for (std::size_t i = 0, e = in.size(); i != e; ++i)
    v.push_back(in[i] * 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(in.size());
  return v;
}

std::vector<int> counterDeclaredBefore(int n) {
  std::vector<int> v;
  int i;
  for (i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n > 0 ? n : 0);
  return v;
}

std::vector<int> rangeOverArray() {
  static const int Table[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  std::vector<int> v;
  for (int x : Table)
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows 5 times as this loop appends 10 elements on libstdc++; reserving them first allocates once
  // CHECK-FIXES: v.reserve(10);
  return v;
}

std::vector<int> rangeOverInitList() {
  std::vector<int> v;
  for (int x : {3, 1, 4, 1, 5, 9})
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows 4 times as this loop appends 6 elements on libstdc++
  // CHECK-FIXES: v.reserve(6);
  return v;
}

std::vector<int> rangeOverSpan(std::span<const int> in) {
  std::vector<int> v;
  for (int x : in)
    v.push_back(x + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(in.size());
  return v;
}

std::vector<int> rangeOverStdArray(const std::array<int, 32> &in) {
  std::vector<int> v;
  for (int x : in)
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(in.size());
  return v;
}

std::vector<int> stdSizeBound(const int (&in)[64]) {
  std::vector<int> v;
  for (std::size_t i = 0; i < std::size(in); ++i)
    v.push_back(in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(std::size(in));
  return v;
}

std::vector<int> iterators(const std::vector<int> &in) {
  std::vector<int> v;
  for (auto it = in.begin(); it != in.end(); ++it)
    v.push_back(*it);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(in.size());
  return v;
}

std::vector<int> pointers(const int *first, const int *last) {
  std::vector<int> v;
  for (const int *p = first; p != last; ++p)
    v.push_back(*p);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(last - first);
  return v;
}

std::vector<int> whileCounter(int n) {
  std::vector<int> v;
  int i = 0;
  while (i < n) {
    v.push_back(i * i);
    ++i;
  }
  // CHECK-MESSAGES: :[[@LINE-3]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n > i ? n - i : 0);
  // CHECK-FIXES-NEXT: while (i < n) {
  return v;
}

std::vector<unsigned> whileCountdown(unsigned n) {
  std::vector<unsigned> v;
  while (n--)
    v.push_back(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n);
  return v;
}

std::vector<int> doLoop(int n) {
  std::vector<int> v;
  int i = 0;
  do {
    v.push_back(i);
    i++;
  } while (i < n);
  // CHECK-MESSAGES: :[[@LINE-3]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n > i ? n - i : 1);
  return v;
}

// Nested loops: the product of the counts, reserved before the outer loop.
std::vector<int> grid(int rows, int cols) {
  std::vector<int> cells;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      cells.push_back(r * cols + c);
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'cells' grows about log2(N)
  // CHECK-FIXES: cells.reserve((rows > 0 ? rows : 0) * (cols > 0 ? cols : 0));
  // CHECK-FIXES-NEXT: for (int r = 0; r < rows; ++r)
  return cells;
}

// A triangular nest depends on the outer counter: only the inner loop has
// a count, and the container already holds the earlier rows then, so a
// reserve() there would defeat the geometric growth. Silent.
std::vector<int> triangle(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j)
      v.push_back(j);
  return v;
}

// A container that lives in the outer loop's body is empty when the inner
// loop starts: reserve in the body.
int rowsOfUnknownCount(int (*next)(), int cols) {
  int total = 0;
  while (int r = next()) {
    std::vector<int> row;
    for (int c = 0; c < cols; ++c)
      row.push_back(r * c);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'row' grows about log2(N)
    // CHECK-FIXES: {{^}}    row.reserve(cols > 0 ? cols : 0);
    // CHECK-FIXES-NEXT: {{^}}    for (int c = 0; c < cols; ++c)
    total += static_cast<int>(row.size());
  }
  return total;
}

// Several statements and several appends per iteration: k * n.
std::vector<int> twoPerIteration(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in) {
    int y = x * 2;
    v.push_back(x);
    if (y > 10)
      y = 10;
    v.push_back(y);
  }
  // CHECK-MESSAGES: :[[@LINE-5]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(2 * in.size());
  return v;
}

// Several containers in one loop: one warning and one reserve() each.
std::size_t split(const std::vector<int> &in) {
  std::vector<int> evens;
  std::vector<int> halves;
  for (int x : in) {
    evens.push_back(x & ~1);
    halves.push_back(x / 2);
  }
  // CHECK-MESSAGES: :[[@LINE-3]]:5: warning: 'evens' grows about log2(N)
  // CHECK-MESSAGES: :[[@LINE-3]]:5: warning: 'halves' grows about log2(N)
  // CHECK-FIXES: evens.reserve(in.size());
  // CHECK-FIXES-NEXT: halves.reserve(in.size());
  // CHECK-FIXES-NEXT: for (int x : in) {
  return evens.size() + halves.size();
}

// A nest with an inner loop and a direct append: n * (1 + m).
std::vector<int> headerAndCells(int n, unsigned m) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) {
    v.push_back(-1);
    for (unsigned j = 0; j < m; ++j)
      v.push_back(static_cast<int>(j));
  }
  // CHECK-MESSAGES: :[[@LINE-4]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve((n > 0 ? n : 0) + (n > 0 ? n : 0) * m);
  return v;
}

// Element access through a non-const operator[] leaves the size alone
// (leveldb's bloom_test.cc).
struct Keys {
  std::vector<int> Keys;
  std::vector<const int *> views() {
    std::vector<const int *> out;
    for (std::size_t i = 0; i < Keys.size(); i++)
      out.push_back(&Keys[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'out' grows about log2(N)
    // CHECK-FIXES: out.reserve(Keys.size());
    return out;
  }
};

// A container declared in an outer loop's body is new on every pass, even
// when it already holds elements (the shape of ninja's browse.cc, over an
// array of strings that is not the command line: command-line.cpp).
void launch(int n, char **words, void (*run)(const std::vector<char *> &)) {
  do {
    std::vector<char *> cmd;
    cmd.push_back(words[0]);
    for (int i = 1; i < n; i++)
      cmd.push_back(words[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'cmd' grows up to about log2(N)
    // CHECK-FIXES: cmd.reserve(cmd.size() + (n > 1 ? n - 1 : 0));
    run(cmd);
  } while (false);
}

// Reverse iterators (leveldb's table_test.cc).
std::vector<int> reversed(std::vector<int> &in) {
  std::vector<int> out;
  for (std::vector<int>::reverse_iterator it = in.rbegin(); it != in.rend();
       ++it)
    out.push_back(*it);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows about log2(N)
  // CHECK-FIXES: out.reserve(in.size());
  return out;
}

// An iterator with a destructor lives in temporaries (yaml-cpp's iterators,
// and every standard iterator under _GLIBCXX_DEBUG).
struct Seq {
  struct iterator {
    std::vector<int> Keep;
    int *P;
    int &operator*() const { return *P; }
    iterator &operator++() {
      ++P;
      return *this;
    }
    bool operator!=(const iterator &O) const { return P != O.P; }
  };
  iterator begin() const;
  iterator end() const;
  std::size_t size() const;
};
std::vector<int> all(const Seq &s) {
  std::vector<int> out;
  for (Seq::iterator it = s.begin(); it != s.end(); ++it)
    out.push_back(*it);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows about log2(N)
  // CHECK-FIXES: out.reserve(s.size());
  return out;
}
