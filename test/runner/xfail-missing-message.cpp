// Proves: lit's XFAIL works with the runner: the expected message never comes, the runner fails, and lit counts an expected failure.
// XFAIL: *
// RUN: %check_alloc_tidy %s modernize-use-nullptr %t

int *p = nullptr;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]
