// Proves: the runner fails on a warning that no CHECK-MESSAGES line expects.
// RUN: not %check_alloc_tidy %s modernize-use-nullptr %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

int *p = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
// CHECK-FIXES: {{^}}int *p = nullptr;{{$}}
int *q = 0;
// CHECK-FIXES: {{^}}int *q = nullptr;{{$}}

// RUNNER: check_alloc_tidy: error: CHECK-MESSAGES failed for front end plugin
// RUNNER: error: IMPLICIT-CHECK-NOT{{:}} excluded string found in input
// RUNNER: note: found here
// RUNNER-NEXT: fail-unexpected-warning.cpp.tmp.cpp:8:10: warning: use nullptr
