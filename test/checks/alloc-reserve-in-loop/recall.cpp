// Loop shapes counted since issue 22: comma increments that step the counter
// and something else, and range-for over a getter whose parameters all have
// defaults.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17

#include <string>
#include <vector>

// --- for loops with a comma increment --------------------------------------

std::vector<int> commaStep(const std::vector<int> &in, const int *p, int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i, ++p)
    v.push_back(*p + i);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(n > 0 ? n : 0);{{$}}
  return v.empty() ? in : v;
}

// The iterator is the counter, and the index steps along.
std::vector<std::string> numbered(const std::vector<std::string> &names) {
  std::vector<std::string> out;
  std::size_t k = 0;
  for (auto it = names.begin(); it != names.end(); ++it, ++k)
    out.push_back(std::to_string(k) + *it);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  out.reserve(names.size());{{$}}
  return out;
}

// The counter second, with the bound in a for-init variable.
std::vector<int> counterSecond(const std::vector<int> &in) {
  std::vector<int> v;
  int sum = 0;
  for (std::size_t i = 0, e = in.size(); i != e; sum += in[i], ++i)
    v.push_back(sum);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(in.size());{{$}}
  return v;
}

// Silent: the other operand moves the bound, so the count is not known.
std::vector<int> commaMovesBound(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i, --n)
    v.push_back(i);
  return v;
}

// Silent: both operands step the counter.
std::vector<int> commaStepsTwice(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i, ++i)
    v.push_back(i);
  return v;
}

// Silent: the other operand writes the counter too.
std::vector<int> commaWritesCounter(int n) {
  std::vector<int> v;
  for (int i = 1; i < n; ++i, i *= 2)
    v.push_back(i);
  return v;
}

// Silent: the comma operand appends, outside the body.
std::vector<int> commaAppends(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i, v.push_back(i))
    ;
  return v;
}

// --- range-for over a getter with defaulted parameters ---------------------

class Catalog {
public:
  const std::vector<int> &items(bool Refresh = true, int Limit = -1) const;
  const std::vector<int> &filtered(int Limit) const;
  std::vector<int> &mutableItems(bool Refresh = true);
};

std::vector<int> fromGetter(const Catalog &c) {
  std::vector<int> v;
  for (int x : c.items())
    v.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-FIXES: {{^}}  v.reserve(c.items().size());{{$}}
  return v;
}

// Silent: an explicit argument makes the call something to evaluate again.
std::vector<int> explicitArgument(const Catalog &c) {
  std::vector<int> v;
  for (int x : c.items(false))
    v.push_back(x);
  for (int x : c.filtered(3))
    v.push_back(x);
  return v;
}

// Silent: a non-const getter may change what it returns.
std::vector<int> nonConstGetter(Catalog &c) {
  std::vector<int> v;
  for (int x : c.mutableItems())
    v.push_back(x);
  return v;
}
