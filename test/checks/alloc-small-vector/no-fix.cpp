// Warnings without a fix-it: the type is spelled where changing it would
// change other declarations too.
// RUN: %check_alloc_tidy %s alloc-small-vector %t

#include <vector>

// Spelled through an alias that other code may use.
using Pair = std::vector<int>;
int alias() {
  Pair P = {1, 2};
  // CHECK-NOTES: :[[@LINE-1]]:8: warning: 'P' always holds 2 elements; std::array<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:8: note: constructed with 2 elements
  // CHECK-NOTES: :[[@LINE-3]]:8: note: no fix-it: the type is spelled through the alias 'Pair'; change it where it is declared if every user of the alias can take it
  return P[0] + P[1];
}

// Two variables in one declaration share the spelled type.
int twoDeclarators(bool B) {
  std::vector<int> A = {1}, Bs = {1, 2};
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 'A' always holds 1 element; std::array<int, 1> keeps it inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: constructed with 1 element
  // CHECK-NOTES: :[[@LINE-3]]:29: note: no fix-it: 'Bs' is declared with the same type; declare it separately
  // CHECK-NOTES: :[[@LINE-4]]:29: warning: 'Bs' always holds 2 elements; std::array<int, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-5]]:29: note: constructed with 2 elements
  // CHECK-NOTES: :[[@LINE-6]]:20: note: no fix-it: 'A' is declared with the same type; declare it separately
  return B ? A[0] : Bs[1];
}

// 'auto' does not spell the type.
int deducedFromCall() {
  auto V = std::vector<int>{1, 2, 3};
  // CHECK-NOTES: :[[@LINE-1]]:8: warning: 'V' always holds 3 elements; std::array<int, 3> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:8: note: constructed with 3 elements
  // CHECK-NOTES: :[[@LINE-3]]:8: note: no fix-it: the declaration does not spell the type
  return V[2];
}
