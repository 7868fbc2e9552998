// Proves: without CHECK-FIXES lines, a fix-it fails the test and the runner shows it as a diff.
// RUN: not %check_alloc_tidy %s modernize-use-nullptr %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

int *p = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]

// RUNNER: check_alloc_tidy: error: unexpected fix-it from front end plugin: the test has no CHECK-FIXES lines, but the file changed
// RUNNER: --- input
// RUNNER-NEXT: +++ fixed
// RUNNER: -int *p = 0;
// RUNNER-NEXT: +int *p = nullptr;
