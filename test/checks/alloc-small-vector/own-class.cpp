// With SmallVectorClass at its default ('auto'), the code decides the class:
// the project's own small vector where the declaration sees it (no include
// added: it is already there), else a preset the unit already uses, else no
// fix-it: a fix-it never adds a library. The fixed code is compiled.
// The header's fix goes into a fresh copy of it for each front end, compiled
// with the fixed file.
// RUN: rm -rf %t.own && mkdir -p %t.own
// RUN: %check_alloc_tidy %s alloc-small-vector %t --prepare="cp -rT %S/Inputs/own %t.own" -- --header-filter='before_own' -- -I %t.own
// RUN: FileCheck --check-prefix=HEADER --input-file=%t.own/before_own.h %s
// HEADER-NOT: boost
// HEADER: {{^}}  std::vector<int> Ids;{{$}}
// An explicit SmallVectorClass is used as it is, even here.
// RUN: %check_alloc_tidy -check-suffix=BOOST %s alloc-small-vector %t.boost -- -config="{CheckOptions: {alloc-small-vector.SmallVectorClass: 'boost::container::small_vector'}}" -- -I %S/Inputs/own

#include "before_own.h"
#include "small_vector.h"

// CHECK-FIXES-NOT: {{^}}#include <boost/container/small_vector.hpp>
// CHECK-FIXES-BOOST: {{^}}#include <boost/container/small_vector.hpp>

int steps(bool Twice) {
  std::vector<int> Steps;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'Steps' never holds more than 2 elements; proj::SmallVector<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-MESSAGES-BOOST: :[[@LINE-2]]:20: warning: 'Steps' never holds more than 2 elements; boost::container::small_vector<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-FIXES: {{^}}  proj::SmallVector<int, 2> Steps;{{$}}
  // CHECK-FIXES-BOOST: {{^}}  boost::container::small_vector<int, 2> Steps;{{$}}
  Steps.push_back(1);
  if (Twice)
    Steps.push_back(2);
  int Sum = 0;
  for (int Step : Steps)
    Sum += Step;
  return Sum;
}

// The element type keeps its qualifiers: a pointer to const stays one (the
// pushed pointer would not convert otherwise).
int firstOfTwo(const int &A, const int &B, bool Both) {
  std::vector<const int *> Picked;
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'Picked' never holds more than 2 elements; proj::SmallVector<const int *, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-MESSAGES-BOOST: :[[@LINE-2]]:28: warning: 'Picked' never holds more than 2 elements; boost::container::small_vector<const int *, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-FIXES: {{^}}  proj::SmallVector<const int *, 2> Picked;{{$}}
  // CHECK-FIXES-BOOST: {{^}}  boost::container::small_vector<const int *, 2> Picked;{{$}}
  Picked.push_back(&A);
  if (Both)
    Picked.push_back(&B);
  int Sum = 0;
  for (const int *P : Picked)
    Sum += *P;
  return Sum;
}

// before_own.h cannot see proj::SmallVector, and nothing in it uses Boost:
// the advice without a fix-it (an explicit SmallVectorClass gets one).
// CHECK-MESSAGES: before_own.h:12:20: warning: 'Ids' holds 1 element in every 'Early'; a small vector with room for 1 keeps it inline and saves one allocation per 'Early' [alloc-small-vector]

int main() {
  Early E;
  int A = 1, B = 2;
  return steps(true) + E.first() + firstOfTwo(A, B, true) == 7 ? 0 : 1;
}
