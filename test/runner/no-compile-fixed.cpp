// Proves: --no-compile-fixed skips compiling the fixed file, so a test can check fix-its that break the code.
// RUN: %check_alloc_tidy %s google-explicit-constructor %t --no-compile-fixed

struct S { S(int); };
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: single-argument constructors must be marked explicit
// CHECK-FIXES: {{^}}struct S { explicit S(int); };{{$}}
S s = 1;
