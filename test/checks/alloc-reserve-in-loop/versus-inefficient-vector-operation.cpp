// Loop shapes run through alloc-reserve-in-loop and clang-tidy's own
// performance-inefficient-vector-operation: ours must flag every line theirs
// flags, and the totals are recorded here (and in the check's doc page).
// RUN: %clang_tidy_plugin %s -checks='-*,alloc-reserve-in-loop' -- -std=c++17 > %t.ours 2>&1
// RUN: %clang_tidy_plugin %s -checks='-*,performance-inefficient-vector-operation' -- -std=c++17 > %t.theirs 2>&1
// RUN: %python %S/Inputs/compare_findings.py %t.ours %t.theirs | FileCheck %s
// CHECK: theirs: 3
// CHECK-NEXT: ours: 19
// CHECK-NEXT: both: 3
// CHECK-NEXT: only ours: 16
// CHECK-NEXT: only theirs: 0

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

bool keep(int);

struct Item {
  int Id;
};

// 1. The shape both handle: counter from 0, '<', '++', local vector.
std::vector<int> basic(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}

// 2. Range-for over a std::vector.
std::vector<int> rangeFor(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    v.push_back(x);
  return v;
}

// 3. emplace_back.
std::vector<Item> emplace(const std::vector<int> &in) {
  std::vector<Item> v;
  for (std::size_t i = 0; i < in.size(); ++i)
    v.emplace_back(Item{in[i]});
  return v;
}

// 4. A non-zero start.
std::vector<int> fromOne(int n) {
  std::vector<int> v;
  for (int i = 1; i < n; ++i)
    v.push_back(i);
  return v;
}

// 5. '<='.
std::vector<int> inclusive(int n) {
  std::vector<int> v;
  for (int i = 0; i <= n; ++i)
    v.push_back(i);
  return v;
}

// 6. '!='.
std::vector<unsigned> notEqual(unsigned n) {
  std::vector<unsigned> v;
  for (unsigned i = 0; i != n; ++i)
    v.push_back(i);
  return v;
}

// 7. Counting down.
std::vector<int> down(int n) {
  std::vector<int> v;
  for (int i = n; i > 0; --i)
    v.push_back(i);
  return v;
}

// 8. A step of 2.
std::vector<int> step(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; i += 2)
    v.push_back(i);
  return v;
}

// 9. A multi-statement body.
std::vector<int> block(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) {
    int sq = i * i;
    v.push_back(sq);
  }
  return v;
}

// 10. Two appends per iteration.
std::vector<int> pairs(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) {
    v.push_back(i);
    v.push_back(-i);
  }
  return v;
}

// 11. A vector that already holds elements.
std::vector<int> prefilled(int n) {
  std::vector<int> v = {1, 2, 3};
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}

// 12. A reference parameter.
void out(std::vector<int> &v, int n) {
  for (int i = 0; i < n; ++i)
    v.push_back(i);
}

// 13. A data member.
struct Holder {
  std::vector<int> Values;
  void fill(int n) {
    for (int i = 0; i < n; ++i)
      Values.push_back(i);
  }
};

// 14. An iterator loop.
std::vector<int> iterators(const std::vector<int> &in) {
  std::vector<int> v;
  for (auto it = in.begin(); it != in.end(); ++it)
    v.push_back(*it);
  return v;
}

// 15. A while loop.
std::vector<int> whileLoop(int n) {
  std::vector<int> v;
  int i = 0;
  while (i < n) {
    v.push_back(i);
    ++i;
  }
  return v;
}

// 16. A do loop.
std::vector<int> doLoop(int n) {
  std::vector<int> v;
  int i = 0;
  do {
    v.push_back(i);
    ++i;
  } while (i < n);
  return v;
}

// 17. Nested loops.
std::vector<int> nested(int n, int m) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      v.push_back(i * j);
  return v;
}

// 18. A C array.
std::vector<int> array() {
  const int Table[] = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int> v;
  for (int x : Table)
    v.push_back(x);
  return v;
}

// 19. insert at the end.
std::vector<int> insertEnd(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    v.insert(v.end(), x);
  return v;
}

// 20. A string that an integer counts: flagged only with UnboundedStrings
// (it mostly stays in the inline buffer).
std::string chars(int n) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s.push_back('x');
  return s;
}

// 21. A hash map.
std::unordered_map<int, int> map(const std::vector<int> &keys) {
  std::unordered_map<int, int> m;
  for (int k : keys)
    m[k] = k;
  return m;
}

// 22. Two vectors in one loop (each counts).
void both(const std::vector<int> &in, std::vector<int> &a,
          std::vector<int> &b) {
  for (int x : in) {
    a.push_back(x);
    b.push_back(-x);
  }
}

// 23. The reverse mistake.
void creeping(std::vector<int> &v, const std::vector<int> &in) {
  for (int x : in) {
    v.reserve(v.size() + 1);
    v.push_back(x);
  }
}

// Neither should warn: a conditional append and an already reserved vector.
std::vector<int> conditional(const std::vector<int> &in) {
  std::vector<int> v;
  for (int x : in)
    if (keep(x))
      v.push_back(x);
  return v;
}

std::vector<int> reserved(int n) {
  std::vector<int> v;
  v.reserve(n);
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}
