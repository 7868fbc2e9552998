// Proves: the runner compiles the fixed file and fails when the fix-its broke the code.
// RUN: not %check_alloc_tidy %s google-explicit-constructor %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

struct S { S(int); };
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: single-argument constructors must be marked explicit
// CHECK-FIXES: {{^}}struct S { explicit S(int); };{{$}}
S s = 1;

// RUNNER: check_alloc_tidy: error: the fixed file does not compile (fixes by front end plugin)
// RUNNER-NEXT: command: {{.*}}clang++ -fsyntax-only -std=c++17 -I{{.*}} {{.*}}fail-fixed-does-not-compile.cpp.tmp.cpp
// RUNNER: fail-fixed-does-not-compile.cpp.tmp.cpp:8:3: error: no viable conversion from 'int' to 'S'
