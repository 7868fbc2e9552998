// The containers and appends alloc-reserve-in-loop knows: std::vector and
// vector-like classes, std::basic_string, the unordered containers.
// Strings of unknown length are reported with UnboundedStrings (strings.cpp
// has the default).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.UnboundedStrings: true, alloc-reserve-in-loop.ReusedBuffers: true}}" -- -std=c++17 -I %S/Inputs

#include "small_vector.h"
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

struct Point {
  Point(int X, int Y) : X(X), Y(Y) {}
  int X, Y;
};

std::vector<Point> emplaceBack(int n) {
  std::vector<Point> v;
  for (int i = 0; i < n; ++i)
    v.emplace_back(i, -i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: v.reserve(n > 0 ? n : 0);
  return v;
}

std::vector<int> insertAtEnd(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    v.insert(v.end(), x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(in.size());
  return v;
}

std::vector<Point> emplaceAtEnd(const std::vector<int> &in) {
  std::vector<Point> v;
  for (int x : in)
    v.emplace(v.end(), x, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(in.size());
  return v;
}

// Strings count characters: a char, a literal's length, a repeated char.
std::string chars(int n) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s.push_back('a' + i % 26);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 's' grows about log2(N) times as this loop appends N characters; reserving them first allocates once
  // CHECK-FIXES: s.reserve(n > 0 ? n : 0);
  return s;
}

std::string pieces(const std::vector<int> &in) {
  std::string s;
  for (int x : in) {
    s += static_cast<char>('0' + x % 10);
    s += ", ";
    s.append(3, '-');
    s.append("|");
  }
  // CHECK-MESSAGES: :[[@LINE-5]]:5: warning: 's' grows about log2(N) times as this loop appends N characters
  // CHECK-FIXES: s.reserve(7 * in.size());
  return s;
}

std::string knownLength() {
  std::string s;
  for (int i = 0; i < 100; ++i)
    s += '*';
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 's' grows 3 times as this loop appends 100 characters on libstdc++; reserving them first allocates once
  // CHECK-FIXES: s.reserve(100);
  return s;
}

std::wstring wide(unsigned n) {
  std::wstring s;
  for (unsigned i = 0; i < n; ++i)
    s.push_back(L'x');
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 's' grows about log2(N)
  // CHECK-FIXES: s.reserve(n);
  return s;
}

// Hash containers: every insertion form, reserve() sizes the buckets.
std::unordered_map<int, int> subscript(const std::vector<int> &keys) {
  std::unordered_map<int, int> m;
  for (int k : keys)
    m[k] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'm' rehashes about log2(N) times as this loop inserts up to N elements; reserving them first sizes its buckets once
  // CHECK-FIXES: m.reserve(keys.size());
  return m;
}

std::unordered_map<int, Point> forms(const std::vector<int> &keys) {
  std::unordered_map<int, Point> m;
  for (int k : keys) {
    m.emplace(k, Point(k, k));
    m.try_emplace(-k, k, k);
    m.insert({k + 1000, Point(0, 0)});
  }
  // CHECK-MESSAGES: :[[@LINE-4]]:5: warning: 'm' rehashes about log2(N)
  // CHECK-FIXES: m.reserve(3 * keys.size());
  return m;
}

std::unordered_set<int> set(int n) {
  std::unordered_set<int> s;
  for (int i = 0; i < n; ++i)
    s.insert(i * 7);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 's' rehashes about log2(N)
  // CHECK-FIXES: s.reserve(n > 0 ? n : 0);
  return s;
}

std::unordered_multimap<int, int> multimap(const std::vector<int> &in) {
  std::unordered_multimap<int, int> m;
  for (int x : in)
    m.emplace(x % 10, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'm' rehashes about log2(N)
  // CHECK-FIXES: m.reserve(in.size());
  return m;
}

std::unordered_multiset<int> multiset(const std::vector<int> &in) {
  std::unordered_multiset<int> s;
  for (int x : in)
    s.insert(x % 10);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 's' rehashes about log2(N)
  // CHECK-FIXES: s.reserve(in.size());
  return s;
}

// Vector-like classes from the VectorLikeClasses option. The default list
// has llvm::SmallVector; once the appends outgrow the inline buffer, they
// grow like a vector.
int smallVector(int n) {
  llvm::SmallVector<int, 4> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N)
  // CHECK-FIXES: v.reserve(n > 0 ? n : 0);
  return static_cast<int>(v.size());
}

// Fits in the inline buffer: nothing to gain.
int fitsInline() {
  llvm::SmallVector<int, 16> v;
  for (int i = 0; i < 10; ++i)
    v.push_back(i);
  return static_cast<int>(v.size());
}

// Not in the default VectorLikeClasses (options.cpp names it).
int buffer(int n) {
  mine::Buffer<int> b;
  for (int i = 0; i < n; ++i)
    b.push_back(i);
  return static_cast<int>(b.size());
}

// A class without reserve() has nothing to call.
int noReserve(int n) {
  mine::Pile<int> p;
  for (int i = 0; i < n; ++i)
    p.push_back(i);
  return static_cast<int>(p.size());
}

// Locals, members and reference parameters; a container that may already
// hold elements gets size() + N. A constructor runs once per object, so its
// members are fixed, and with reserve(N) while nothing can have filled them
// yet (test/checks/alloc-reserve-in-loop/provably-empty.cpp); any other
// function may run again on the same container, and growing it by exactly N
// per call would make the calls quadratic.
struct Table {
  std::vector<Point> Rows;
  std::string Name;

  explicit Table(int n) {
    for (int i = 0; i < n; ++i)
      Rows.emplace_back(i, i);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Rows' grows about log2(N)
    // CHECK-FIXES: Rows.reserve(n > 0 ? n : 0);
  }
  void addRows(int n) {
    for (int i = 0; i < n; ++i)
      Rows.emplace_back(i, i);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Rows' grows up to about log2(N)
  }
  Table(unsigned n, int) {
    for (unsigned i = 0; i < n; ++i)
      this->Rows.emplace_back(1, 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'Rows' grows about log2(N)
    // CHECK-FIXES: this->Rows.reserve(n);
  }
};

void appendTo(std::vector<int> &out, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    out.push_back(static_cast<int>(i));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows up to about log2(N)
}

std::vector<int> startsWithElements(unsigned n) {
  std::vector<int> v = {1, 2, 3};
  for (unsigned i = 0; i < n; ++i)
    v.push_back(static_cast<int>(i));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows up to about log2(N)
  // CHECK-FIXES: v.reserve(v.size() + n);
  return v;
}

std::vector<int> usedBefore(unsigned n, int first) {
  std::vector<int> v;
  v.push_back(first);
  for (unsigned i = 0; i < n; ++i)
    v.push_back(static_cast<int>(i));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows up to about log2(N)
  // CHECK-FIXES: v.reserve(v.size() + n);
  return v;
}
