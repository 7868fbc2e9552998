// Proves: a --prepare command that fails fails the test, and one that runs
// sees the clean copy (its check comments cut down to "//") before clang-tidy.
// RUN: not %check_alloc_tidy %s modernize-use-nullptr %t --prepare="false" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER
// RUN: %check_alloc_tidy %s modernize-use-nullptr %t.ok --prepare="cp %t.ok.cpp %t.ok.seen"
// RUN: FileCheck %s --check-prefix=SEEN --input-file=%t.ok.seen

int *p = 0;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
// CHECK-FIXES: int *p = nullptr;
// SEEN: int *p = 0;
// SEEN-NEXT: {{^//$}}

// RUNNER: check_alloc_tidy: error: --prepare failed with exit status 1
