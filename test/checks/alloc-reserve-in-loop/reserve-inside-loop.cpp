// The reverse mistake: reserve(size() + k) inside the loop asks for exactly
// k more each time, so every iteration reallocates and copies.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -check-suffix=GNU -- -- -std=c++17
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -check-suffix=LLVM \
// RUN:   -- -config="{CheckOptions: {alloc-reserve-in-loop.TargetSTL: libc++}}" -- -std=c++17

#include <string>
#include <vector>

void grow(std::vector<int> &v, const std::vector<int> &in) {
  for (int x : in) {
    v.reserve(v.size() + 1);
    // CHECK-NOTES-GNU: :[[@LINE-1]]:5: warning: reserve(size() + k) inside a loop reallocates 'v' on every iteration: its capacity grows by k instead of doubling, which makes the loop quadratic; reserve the total once before the loop [alloc-reserve-in-loop]
    // CHECK-NOTES-GNU: :[[@LINE-2]]:5: note: no fix-it: code after this call may rely on the capacity it guarantees
    // CHECK-NOTES-LLVM: :[[@LINE-3]]:5: warning: reserve(size() + k) inside a loop reallocates 'v' on every iteration
    // CHECK-NOTES-LLVM: :[[@LINE-4]]:5: note: no fix-it
    v.push_back(x);
  }
}

// libstdc++ (and the MSVC STL) round a string's reserve() up to twice the
// old capacity: exact only on libc++.
void chunks(std::string &s, const std::vector<std::string> &parts) {
  for (const std::string &p : parts) {
    s.reserve(p.size() + s.length());
    // CHECK-NOTES-LLVM: :[[@LINE-1]]:5: warning: reserve(size() + k) inside a loop reallocates 's' on every iteration
    // CHECK-NOTES-LLVM: :[[@LINE-2]]:5: note: no fix-it
    s += p;
  }
}

// Silent: reserving a total that does not depend on the current size.
void total(std::vector<int> &v, const std::vector<std::vector<int>> &rows) {
  for (const auto &row : rows) {
    v.clear();
    v.reserve(row.size());
    v.insert(v.end(), row.begin(), row.end());
  }
}

// Silent: a container declared in the loop is new on every iteration.
std::size_t fresh(const std::vector<std::string> &names) {
  std::size_t total = 0;
  for (const std::string &n : names) {
    std::vector<char> s;
    s.reserve(s.size() + n.size());
    s.insert(s.end(), n.begin(), n.end());
    total += s.size();
  }
  return total;
}

// Silent: outside a loop.
void once(std::vector<int> &v, int k) { v.reserve(v.size() + k); }
