// Local deques used only at the back: warned, rewritten to std::vector, with
// reserve() before a counted fill loop.
// RUN: %check_alloc_tidy %s alloc-deque-as-array %t

#include <deque>
#include <memory>
#include <string>

struct Row {
  int Id;
  char Text[28];
};

int fillConstant() {
  std::deque<Row> rows;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'rows' is a std::deque used only at its back; a std::vector with reserve() makes 1 allocation instead of about 564 [alloc-deque-as-array]
  // CHECK-FIXES: std::vector<Row> rows;
  for (int i = 0; i < 9001; ++i)
    rows.push_back(Row{i, {}});
  // CHECK-FIXES: rows.reserve(9001);
  // CHECK-FIXES-NEXT: for (int i = 0; i < 9001; ++i)
  int Sum = 0;
  for (const Row &R : rows)
    Sum += R.Id;
  return Sum + rows[3].Id + rows.at(4).Id + static_cast<int>(rows.size());
}

// One block holds them all, but the deque also allocates its map.
int fillOneBlock() {
  std::deque<int> small;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'small' is a std::deque used only at its back; a std::vector with reserve() makes 1 allocation instead of about 2 [alloc-deque-as-array]
  // CHECK-FIXES: std::vector<int> small;
  for (int i = 0; i < 64; ++i)
    small.push_back(i);
  // CHECK-FIXES: small.reserve(64);
  return small.back();
}

int fillSigned(int n) {
  std::deque<int> values;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'values' is a std::deque used only at its back; a std::vector holds its elements in one allocation
  // CHECK-FIXES: std::vector<int> values;
  for (int i = 0; i < n; i++)
    values.emplace_back(i);
  // A negative n must not become a huge reserve().
  // CHECK-FIXES: values.reserve(n > 0 ? n : 0);
  return values.empty() ? 0 : values.back();
}

int fillFromRange(const std::deque<int> &in) {
  std::deque<long> copy;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'copy' is a std::deque used only
  // CHECK-FIXES: std::vector<long> copy;
  for (int v : in)
    copy.push_back(v);
  // CHECK-FIXES: copy.reserve(in.size());
  return static_cast<int>(copy.size());
}

int alreadyFilled(unsigned n) {
  std::deque<int> d = {1, 2, 3};
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'd' is a std::deque used only
  // CHECK-FIXES: std::vector<int> d = {1, 2, 3};
  for (unsigned i = 0; i < n; ++i)
    d.push_back(static_cast<int>(i));
  // CHECK-FIXES: d.reserve(d.size() + n);
  d.pop_back();
  return d.front();
}

// The allocator argument and qualifiers stay.
int keepsAllocator() {
  const ::std::deque<int, std::allocator<int>> fixed(10, 7);
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: 'fixed' is a std::deque used only
  // CHECK-FIXES: const std::vector<int, std::allocator<int>> fixed(10, 7);
  return fixed[9];
}

int spelledInInit() {
  auto d = std::deque<std::string>();
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'd' is a std::deque used only
  // CHECK-FIXES: auto d = std::vector<std::string>();
  d.emplace_back("x");
  d.resize(4);
  d.shrink_to_fit();
  return static_cast<int>(d.back().size());
}

int deduced() {
  std::deque d{1, 2, 3};
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'd' is a std::deque used only
  // CHECK-FIXES: std::vector d{1, 2, 3};
  int Sum = 0;
  for (auto It = d.begin(); It != d.end(); ++It)
    Sum += *It;
  return Sum;
}

namespace {
std::deque<int> Registry;
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'Registry' is a std::deque used only
// CHECK-FIXES: std::vector<int> Registry;
} // namespace
void record(int V) { Registry.push_back(V); }
int recorded() { return Registry.empty() ? -1 : Registry.back(); }

// Passing to a template that deduces the type keeps compiling.
template <class C> int total(const C &Values) {
  int Sum = 0;
  for (int V : Values)
    Sum += V;
  return Sum;
}
int passedToTemplate() {
  std::deque<int> d(3, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'd' is a std::deque used only
  // CHECK-FIXES: std::vector<int> d(3, 1);
  d.insert(d.end(), 4);
  return total(d);
}

// Swapped with another deque that converts as well: both change.
int swapped() {
  std::deque<int> a, b;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'a' is a std::deque used only
  // CHECK-MESSAGES: :[[@LINE-2]]:22: warning: 'b' is a std::deque used only
  // CHECK-FIXES: std::vector<int> a, b;
  a.push_back(1);
  a.swap(b);
  std::swap(a, b);
  return b.back();
}
