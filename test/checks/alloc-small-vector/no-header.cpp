// A fix-it whose header is not on the unit's include paths would not
// compile: the warning comes alone, and says why (folly is not installed
// here; options.cpp has the run that finds a header of its name).
// RUN: %check_alloc_tidy %s alloc-small-vector %t -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'folly::small_vector'}}"
// RUN: %check_alloc_tidy -check-suffix=MINE %s alloc-small-vector %t.mine -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'mine::Vec', alloc-small-vector.SmallVectorHeader: '<mine/missing_vec.h>'}}"

#include <vector>

// CHECK-FIXES-NOT: {{^}}#include <folly
// CHECK-FIXES-MINE-NOT: {{^}}#include <mine

int steps(bool Twice) {
  std::vector<int> Steps;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Steps' never holds more than 2 elements; folly::small_vector<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :{{[0-9]+}}:3: note: adds 1 element
  // CHECK-NOTES: :{{[0-9]+}}:5: note: may add 1 element
  // CHECK-NOTES: :[[@LINE-4]]:20: note: on libstdc++, a std::vector makes 2 allocations while 2 elements are appended one at a time
  // CHECK-NOTES: :[[@LINE-5]]:20: note: no fix-it: <folly/small_vector.h> is not found on this unit's include paths; set SmallVectorClass to a class this code can use
  // CHECK-NOTES-MINE: :[[@LINE-6]]:20: warning: 'Steps' never holds more than 2 elements; mine::Vec<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES-MINE: :{{[0-9]+}}:3: note: adds 1 element
  // CHECK-NOTES-MINE: :{{[0-9]+}}:5: note: may add 1 element
  // CHECK-NOTES-MINE: :[[@LINE-9]]:20: note: on libstdc++, a std::vector makes 2 allocations while 2 elements are appended one at a time
  // CHECK-NOTES-MINE: :[[@LINE-10]]:20: note: no fix-it: <mine/missing_vec.h> is not found on this unit's include paths; set SmallVectorClass to a class this code can use
  // CHECK-FIXES: {{^}}  std::vector<int> Steps;{{$}}
  // CHECK-FIXES-MINE: {{^}}  std::vector<int> Steps;{{$}}
  Steps.push_back(1);
  if (Twice)
    Steps.push_back(2);
  return static_cast<int>(Steps.size());
}
