// The replacement class (SmallVectorClass: Boost's, LLVM's, Abseil's and
// folly's presets named explicitly, or a class of the project's own with
// SmallVectorHeader) and the size limits (MaxInlineElements, MaxInlineBytes). The LLVM preset's fixed code is
// compiled against LLVM's real headers; Abseil's and folly's fixed code is
// only matched (folly is not installed: an empty header of its name lets the
// inserted include be found; no-header.cpp has the run without it).
// RUN: %check_alloc_tidy %s alloc-small-vector %t -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'boost::container::small_vector'}}"
// RUN: %check_alloc_tidy -check-suffix=LLVM %s alloc-small-vector %t.llvm -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: '::llvm::SmallVector'}}" -- -I/usr/lib/llvm-%llvm_version/include
// RUN: %check_alloc_tidy -check-suffix=ABSL %s alloc-small-vector %t.absl --no-compile-fixed -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'absl::InlinedVector'}}"
// RUN: %check_alloc_tidy -check-suffix=FOLLY %s alloc-small-vector %t.folly --no-compile-fixed -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'folly::small_vector'}}" -- -isystem %S/Inputs/folly-lookup-only
// RUN: %check_alloc_tidy -check-suffix=MINE %s alloc-small-vector %t.mine -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'mine::InlineVec', alloc-small-vector.SmallVectorHeader: '\"Inputs/inline_vec.h\"'}}"
// RUN: %check_alloc_tidy -check-suffix=LIMITS %s alloc-small-vector %t.limits -- -config="{CheckOptions: {alloc-small-vector.MaxInlineElements: 2, alloc-small-vector.MaxInlineBytes: 8, alloc-small-vector.SmallVectorClass: 'boost::container::small_vector'}}"

#include <vector>

// The header each class needs is inserted.
// CHECK-FIXES: #include <boost/container/small_vector.hpp>
// CHECK-FIXES-LLVM: #include "llvm/ADT/SmallVector.h"
// CHECK-FIXES-ABSL: #include "absl/container/inlined_vector.h"
// CHECK-FIXES-FOLLY: #include <folly/small_vector.h>
// CHECK-FIXES-MINE: #include "Inputs/inline_vec.h"

// Every preset has these members.
int appends(bool Twice) {
  std::vector<int> Steps;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Steps' never holds more than 2 elements; boost::container::small_vector<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-MESSAGES-LLVM: :[[@LINE-2]]:20: warning: 'Steps' never holds more than 2 elements; llvm::SmallVector<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-MESSAGES-ABSL: :[[@LINE-3]]:20: warning: 'Steps' never holds more than 2 elements; absl::InlinedVector<int, 2> keeps them inline
  // CHECK-MESSAGES-FOLLY: :[[@LINE-4]]:20: warning: 'Steps' never holds more than 2 elements; folly::small_vector<int, 2> keeps them inline
  // CHECK-MESSAGES-MINE: :[[@LINE-5]]:20: warning: 'Steps' never holds more than 2 elements; mine::InlineVec<int, 2> keeps them inline
  // 2 ints are 8 bytes, within MaxInlineBytes: 8.
  // CHECK-MESSAGES-LIMITS: :[[@LINE-7]]:20: warning: 'Steps' never holds more than 2 elements; boost::container::small_vector<int, 2> keeps them inline
  // CHECK-FIXES: {{^}}  boost::container::small_vector<int, 2> Steps;{{$}}
  // CHECK-FIXES-LLVM: {{^}}  llvm::SmallVector<int, 2> Steps;{{$}}
  // CHECK-FIXES-ABSL: {{^}}  absl::InlinedVector<int, 2> Steps;{{$}}
  // CHECK-FIXES-FOLLY: {{^}}  folly::small_vector<int, 2> Steps;{{$}}
  // CHECK-FIXES-MINE: {{^}}  mine::InlineVec<int, 2> Steps;{{$}}
  // CHECK-FIXES-LIMITS: {{^}}  boost::container::small_vector<int, 2> Steps;{{$}}
  Steps.push_back(1);
  if (Twice)
    Steps.push_back(2);
  int Sum = 0;
  for (int Step : Steps)
    Sum += Step;
  return Sum + Steps[0];
}

// llvm::SmallVector has no at(), and the project's class has no back(): for
// them the check stays silent rather than break the code.
int checked() {
  std::vector<long> Values;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'Values' never holds more than 1 element; boost::container::small_vector<long, 1> keeps it inline
  // CHECK-MESSAGES-ABSL: :[[@LINE-2]]:21: warning: 'Values' never holds more than 1 element; absl::InlinedVector<long, 1> keeps it inline
  // CHECK-MESSAGES-FOLLY: :[[@LINE-3]]:21: warning: 'Values' never holds more than 1 element; folly::small_vector<long, 1> keeps it inline
  // CHECK-MESSAGES-LIMITS: :[[@LINE-4]]:21: warning: 'Values' never holds more than 1 element; boost::container::small_vector<long, 1> keeps it inline
  // CHECK-FIXES: {{^}}  boost::container::small_vector<long, 1> Values;{{$}}
  // CHECK-FIXES-ABSL: {{^}}  absl::InlinedVector<long, 1> Values;{{$}}
  // CHECK-FIXES-FOLLY: {{^}}  folly::small_vector<long, 1> Values;{{$}}
  // CHECK-FIXES-LIMITS: {{^}}  boost::container::small_vector<long, 1> Values;{{$}}
  Values.push_back(7);
  return static_cast<int>(Values.at(0) + Values.back());
}

// Three elements: within MaxInlineElements (8) but not 2, and 12 bytes, more
// than MaxInlineBytes: 8. Boost 1.74's small_vector<int, 3> holds only 2 ints
// inline, so the Boost fix-it asks for 4.
class Triple {
public:
  Triple() : Parts(3) {}
  int first() { return Parts[0]; }

private:
  std::vector<int> Parts;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Parts' holds 3 elements in every 'Triple'; boost::container::small_vector<int, 4> keeps them inline
  // CHECK-MESSAGES-LLVM: :[[@LINE-2]]:20: warning: 'Parts' holds 3 elements in every 'Triple'; llvm::SmallVector<int, 3> keeps them inline
  // CHECK-MESSAGES-ABSL: :[[@LINE-3]]:20: warning: 'Parts' holds 3 elements in every 'Triple'; absl::InlinedVector<int, 3> keeps them inline
  // CHECK-MESSAGES-FOLLY: :[[@LINE-4]]:20: warning: 'Parts' holds 3 elements in every 'Triple'; folly::small_vector<int, 3> keeps them inline
  // CHECK-MESSAGES-MINE: :[[@LINE-5]]:20: warning: 'Parts' holds 3 elements in every 'Triple'; mine::InlineVec<int, 3> keeps them inline
  // CHECK-FIXES: {{^}}  boost::container::small_vector<int, 4> Parts;{{$}}
  // CHECK-FIXES-LLVM: {{^}}  llvm::SmallVector<int, 3> Parts;{{$}}
  // CHECK-FIXES-ABSL: {{^}}  absl::InlinedVector<int, 3> Parts;{{$}}
  // CHECK-FIXES-FOLLY: {{^}}  folly::small_vector<int, 3> Parts;{{$}}
  // CHECK-FIXES-MINE: {{^}}  mine::InlineVec<int, 3> Parts;{{$}}
};

int main() {
  Triple T;
  return appends(true) + checked() + T.first();
}
