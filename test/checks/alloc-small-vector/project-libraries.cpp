// With SmallVectorClass at its default ('auto'), a fix-it uses only what the
// code already has: a preset whose library the unit includes something of
// (any declaration in namespace boost, llvm, absl or folly), with that
// class's header. A unit that uses none of them keeps the warning, gets no
// fix-it, and a note names the option; a std::array needs no library and
// keeps its fix-it. The fixed code is compiled.
// RUN: %check_alloc_tidy %s alloc-small-vector %t
// RUN: %check_alloc_tidy -check-suffix=BOOST %s alloc-small-vector %t.boost -- -- -DUSES_BOOST
// RUN: %check_alloc_tidy -check-suffix=LLVM %s alloc-small-vector %t.llvm -- -- -DUSES_LLVM -I/usr/lib/llvm-%llvm_version/include

#include <vector>
#ifdef USES_BOOST
#include <boost/optional.hpp>
#endif
#ifdef USES_LLVM
#include "llvm/ADT/StringRef.h"
#endif

// No library is added where none is used.
// CHECK-FIXES-NOT: #include <boost/container/small_vector.hpp>
// CHECK-FIXES-NOT: #include "llvm/ADT/SmallVector.h"
// CHECK-FIXES-BOOST: #include <boost/container/small_vector.hpp>
// CHECK-FIXES-LLVM: #include "llvm/ADT/SmallVector.h"

int steps(bool Twice) {
  std::vector<int> Steps;
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Steps' never holds more than 2 elements; a small vector with room for 2 keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE+9]]:3: note: adds 1 element
  // CHECK-NOTES: :[[@LINE+10]]:5: note: may add 1 element
  // CHECK-NOTES: :[[@LINE-4]]:20: note: on libstdc++, a std::vector makes 2 allocations while 2 elements are appended one at a time
  // CHECK-NOTES: :[[@LINE-5]]:20: note: no fix-it: this code uses no small-vector class (its own, or Boost's, LLVM's, Abseil's or folly's) nor their libraries, and a fix-it does not add a dependency; set alloc-small-vector.SmallVectorClass to the class to use, e.g. boost::container::small_vector<int, 2>; or, with the standard library alone, a std::pmr::vector<int> on a std::pmr::monotonic_buffer_resource over a stack buffer of 2 elements, reserved to 2
  // CHECK-FIXES: {{^}}  std::vector<int> Steps;{{$}}
  // CHECK-MESSAGES-BOOST: :[[@LINE-7]]:20: warning: 'Steps' never holds more than 2 elements; boost::container::small_vector<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-FIXES-BOOST: {{^}}  boost::container::small_vector<int, 2> Steps;{{$}}
  // CHECK-MESSAGES-LLVM: :[[@LINE-9]]:20: warning: 'Steps' never holds more than 2 elements; llvm::SmallVector<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-FIXES-LLVM: {{^}}  llvm::SmallVector<int, 2> Steps;{{$}}
  Steps.push_back(1);
  if (Twice)
    Steps.push_back(2);
  int Sum = 0;
  for (int Step : Steps)
    Sum += Step;
  return Sum;
}

// A std::array needs nothing new: its fix-it stays in every unit.
int primes() {
  std::vector<int> Primes = {2, 3, 5};
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'Primes' always holds 3 elements; std::array<int, 3> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: constructed with 3 elements
  // CHECK-FIXES: {{^}}  std::array<int, 3> Primes = {2, 3, 5};{{$}}
  // CHECK-MESSAGES-BOOST: :[[@LINE-4]]:20: warning: 'Primes' always holds 3 elements; std::array<int, 3> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-MESSAGES-LLVM: :[[@LINE-5]]:20: warning: 'Primes' always holds 3 elements; std::array<int, 3> keeps them inline instead of allocating [alloc-small-vector]
  int Sum = 0;
  for (int P : Primes)
    Sum += P;
  return Sum;
}

int main() { return steps(true) + primes() == 13 ? 0 : 1; }
