// Proves: the runner fails when an expected message is missing.
// RUN: not %check_alloc_tidy %s modernize-use-nullptr %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

int *p = nullptr;
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: use nullptr [modernize-use-nullptr]

// RUNNER: check_alloc_tidy: error: CHECK-MESSAGES failed for front end plugin
// RUNNER-NEXT: command: {{.*}}FileCheck {{.*}}fail-missing-message.cpp {{.*}}--check-prefixes=CHECK-MESSAGES
// RUNNER: error: CHECK-MESSAGES{{:}} expected string not found in input
