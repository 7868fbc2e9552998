// An unknown LayoutNotes value is a configuration error (exit status 1) that
// names the values it accepts; the check still runs, with compact notes.
// RUN: not %alloc_tidy %s -checks='-*,alloc-deque-as-array' -config="{CheckOptions: {alloc-deque-as-array.LayoutNotes: verbose}}" -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-deque-as-array' -config="{CheckOptions: {alloc-deque-as-array.LayoutNotes: verbose}}" -- -std=c++17 2>&1 | FileCheck %s
// CHECK: error: invalid value 'verbose' for alloc-deque-as-array.LayoutNotes; expected 'None', 'Compact' or 'Full' [clang-tidy-config]
// CHECK: warning: 'Items' is a std::deque used only at its back
// CHECK: note: 'Bag' shrinks from 88 to 32 bytes (-56) when 'Items' becomes std::vector<int>
#include <deque>
#include <vector>
struct Bag {
  void add(int V) { Items.push_back(V); }
  int last() const { return Items.back(); }

private:
  std::deque<int> Items;
  int Count = 0;
};
int useBag() {
  Bag B;
  B.add(1);
  return B.last();
}
