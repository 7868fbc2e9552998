// Proves: CHECK-MESSAGES with [[@LINE-1]] and CHECK-FIXES pass when both front ends warn and fix as expected.
// RUN: %check_alloc_tidy %s modernize-use-nullptr %t

#include <cstddef>

int *p = NULL;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
// CHECK-FIXES: {{^}}int *p = nullptr;{{$}}

void f() {
  int *q = 0; // CHECK-MESSAGES: :[[@LINE]]:12: warning: use nullptr
  // CHECK-FIXES: {{^}}  int *q = nullptr; //{{$}}
}
