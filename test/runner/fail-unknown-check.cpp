// Proves: a misspelt check name fails the test instead of turning it into a passing negative test.
// RUN: not %check_alloc_tidy %s modernize-use-nullptr,google-explicit-constuctor %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

struct S {
  S(int);
};

// RUNNER: check_alloc_tidy: error: front end plugin does not enable google-explicit-constuctor (misspelt check name, or the module was not loaded)
