// Appends after the loop that cannot be counted before it: the loop is
// still reported, without a fix-it, and a note says why.
// RUN: %check_alloc_tidy %s alloc-reserve-in-loop %t -- -- -std=c++17

#include <vector>

bool more();
int next();

// No fix-it: a later loop of unknown count appends too; reserve(n) would
// fit the first loop only and the next append would reallocate.
std::vector<int> unknownAfter(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'n > 0 ? n : 0'; reserve(n > 0 ? n : 0) goes before this loop
  // CHECK-NOTES: :[[@LINE+1]]:3: note: no fix-it: 'v' is appended to again after the loop, by a number of elements not known before it; a reserve() exact for the loop would make that append reallocate, so reserve the total of both
  while (more())
    v.push_back(next());
  return v;
}

// No fix-it: a conditional append after the loop.
std::vector<int> conditionalAfter(const std::vector<int> &in, bool sentinel) {
  std::vector<int> v;
  for (int x : in)
    v.push_back(x);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'v' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'in.size()'; reserve(in.size()) goes before this loop
  // CHECK-NOTES: :[[@LINE+1]]:3: note: no fix-it: 'v' is appended to again after the loop
  if (sentinel)
    v.push_back(0);
  return v;
}

// No fix-it: the code asks for the capacity (flatc's Swift generator tests
// 'capacity() != 0' for "anything appended"), which a reserve would change.
int fieldsOf(const std::vector<int> &in) {
  std::vector<int> required;
  for (int x : in)
    required.push_back(x);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 'required' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: N = 'in.size()'; reserve(in.size()) goes before this loop
  // CHECK-NOTES: :[[@LINE+1]]:7: note: no fix-it: the code asks for 'required''s capacity(), which a reserve() before the loop would change
  if (required.capacity() != 0)
    return 1;
  return 0;
}

// The same for a member filled by the constructor, asked in another member
// function.
struct Table {
  std::vector<int> Ids;
  explicit Table(const std::vector<int> &in) {
    for (int x : in)
      Ids.push_back(x);
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: 'Ids' grows about log2(N) times as this loop appends N elements; reserving them first allocates once [alloc-reserve-in-loop]
    // CHECK-NOTES: :[[@LINE-3]]:5: note: N = 'in.size()'; reserve(in.size()) goes before this loop
    // CHECK-NOTES: :[[@LINE+2]]:30: note: no fix-it: the code asks for 'Ids''s capacity(), which a reserve() before the loop would change
  }
  bool used() const { return Ids.capacity() != 0; }
};
