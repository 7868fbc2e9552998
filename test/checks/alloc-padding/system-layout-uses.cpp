// The standard library's own code that sees a record (a static_assert that
// the element type is complete, in the allocator; a memmove of trivially
// copyable elements, in std::copy) does not depend on its field order: the
// fix-it stays. The same in the user's code keeps it out.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReorderFixIt: true}}"

#include <algorithm>
#include <vector>

struct Reading {
  char Sensor;
  double Value;
  char Unit;
};
// CHECK-MESSAGES: :[[@LINE-5]]:8: warning: 'Reading' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: struct Reading {
// CHECK-FIXES-NEXT:   double Value;
// CHECK-FIXES-NEXT:   char Sensor;
// CHECK-FIXES-NEXT:   char Unit;
// CHECK-FIXES-NEXT: };

std::vector<Reading> copyAll(const std::vector<Reading> &In) {
  std::vector<Reading> Out(In.size());
  std::copy(In.begin(), In.end(), Out.begin());
  Reading R;
  R.Sensor = 'a';
  R.Value = 1.0;
  R.Unit = 'b';
  Out.push_back(R);
  return Out;
}

struct Pinned {
  char Sensor;
  double Value;
  char Unit;
};
static_assert(sizeof(Pinned) == 24, "the file format needs 24 bytes");
// CHECK-MESSAGES: :[[@LINE-6]]:8: warning: 'Pinned' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: struct Pinned {
// CHECK-FIXES-NEXT:   char Sensor;
// CHECK-FIXES-NEXT:   double Value;
// RUN: %alloc_tidy --checks='-*,alloc-padding' --config="{CheckOptions: {alloc-padding.ReorderFixIt: true}}" %s -- -std=c++17 2>&1 | FileCheck %s --check-prefix=WHY
// WHY: system-layout-uses.cpp:[[@LINE-6]]:1: note: no fix-it: a static_assert checks its layout here
std::vector<Pinned> Log(1000);
