// Proves: the runner fails when the fixed file does not match CHECK-FIXES.
// RUN: not %check_alloc_tidy %s modernize-use-nullptr %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

int *p = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
// CHECK-FIXES: {{^}}int *p = NULL;{{$}}

// RUNNER: check_alloc_tidy: error: CHECK-FIXES failed for front end plugin
// RUNNER-NEXT: command: {{.*}}FileCheck {{.*}}--input-file={{.*}}fail-wrong-fix.cpp.tmp.plugin.fixed.cpp {{.*}}--strict-whitespace
// RUNNER: error: CHECK-FIXES{{:}} expected string not found in input
