// A fixed run of appends right after a container is created grows it once per
// power of two: reserve(k) first makes one allocation. The saving is at most
// log2(k) allocations per call, so by default only a profile that measures
// the container reports it (profile.cpp); StraightLineAppends reports every
// run. Without the option only the loop is reported (suffix DEFAULT).
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -config="{CheckOptions: {alloc-reserve-in-loop.StraightLineAppends: true}}" -- -std=c++17
// RUN: %check_alloc_tidy -check-suffix=DEFAULT %s alloc-reserve-in-loop %t.default -- -- -std=c++17

#include <string>
#include <vector>

void use(const std::vector<std::string> &);
bool check(int);

std::vector<std::string> args(const std::string &a, const std::string &b,
                              const std::string &c) {
  std::vector<std::string> v;
  v.push_back(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'v' grows 3 times for these 3 appends on libstdc++; reserve(3) first makes 1 allocation [alloc-reserve-in-loop]
  v.push_back(b);
  v.emplace_back(c);
  // CHECK-FIXES: std::vector<std::string> v;
  // CHECK-FIXES-NEXT: v.reserve(3);
  // CHECK-FIXES-NEXT: v.push_back(a);
  return v;
}

// Statements that do not touch the container may sit in between.
std::vector<int> interleaved(int x) {
  std::vector<int> v;
  int y = x * 2;
  v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'v' grows 2 times for these 2 appends on libstdc++; reserve(2) first makes 1 allocation
  ++y;
  v.push_back(y);
  // CHECK-FIXES: int y = x * 2;
  // CHECK-FIXES-NEXT: v.reserve(2);
  // CHECK-FIXES-NEXT: v.push_back(x);
  return v;
}

// Inside a loop body the container is new on every iteration.
void perIteration(int n) {
  for (int i = 0; i < n; ++i) {
    std::vector<std::string> parts;
    parts.push_back("a");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'parts' grows 2 times for these 2 appends
    parts.push_back("b");
    use(parts);
  }
  // CHECK-FIXES: {{^}}    parts.reserve(2);
  // CHECK-FIXES-NEXT: {{^}}    parts.push_back("a");
}

// Silent: a single append allocates once anyway.
std::vector<int> one(int x) {
  std::vector<int> v;
  v.push_back(x);
  return v;
}

// Silent: used before the appends (it may hold elements or capacity).
std::vector<int> usedFirst(int x, std::vector<int> w) {
  std::vector<int> v;
  v.swap(w);
  v.push_back(x);
  v.push_back(x);
  return v;
}

// Silent: constructed with elements.
std::vector<int> withElements(int x) {
  std::vector<int> v(4);
  v.push_back(x);
  v.push_back(x);
  return v;
}

// Silent: the second append is conditional.
std::vector<int> conditional(int x) {
  std::vector<int> v;
  v.push_back(x);
  if (check(x))
    v.push_back(x);
  return v;
}

// Silent: a return between the appends.
std::vector<int> earlyReturn(int x) {
  std::vector<int> v;
  v.push_back(x);
  if (check(x))
    return v;
  v.push_back(x);
  return v;
}

// Silent: a loop fills it too; the loop's warning covers it.
std::vector<int> thenLoop(int n) {
  std::vector<int> v;
  v.push_back(-1);
  v.push_back(-2);
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows up to about log2(N) times
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-2]]:5: warning: 'v' grows up to about log2(N) times
  // CHECK-FIXES: v.reserve(v.size() + (n > 0 ? n : 0));
  // CHECK-FIXES-DEFAULT: v.reserve(v.size() + (n > 0 ? n : 0));
  return v;
}

// Silent: short strings live in the inline buffer.
std::string shortString() {
  std::string s;
  s.push_back('a');
  s.push_back('b');
  return s;
}
