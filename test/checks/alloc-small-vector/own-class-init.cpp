// The project's own small vector is assumed to be default-constructible
// only: its other constructors may change with the configuration (Boost's
// class under one #ifdef, a std::vector wrapper under the other). A vector
// built from a list keeps the advice, without a fix-it.
// RUN: %check_alloc_tidy %s alloc-small-vector %t -- -- -I %S/Inputs/own

#include "small_vector.h"

struct Node;
Node *left(Node *);
int visit(Node *);

int both(Node *N, bool Right) {
  std::vector<Node *> Next = {left(N)};
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: 'Next' never holds more than 2 elements; proj::SmallVector<Node *, 2> keeps them inline instead of allocating [alloc-small-vector]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: constructed with 1 element
  // CHECK-NOTES: :[[@LINE+5]]:5: note: may add 1 element
  // CHECK-NOTES: :[[@LINE-4]]:23: note: no fix-it: proj::SmallVector is the project's own class, assumed to be default-constructible only; construct it empty and append
  // CHECK-FIXES: {{^}}  std::vector<Node *> Next = {left(N)};{{$}}
  int Sum = 0;
  if (Right)
    Next.push_back(N);
  for (Node *E : Next)
    Sum += visit(E);
  return Sum;
}
