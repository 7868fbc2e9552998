// Proves: a test without CHECK-MESSAGES or CHECK-NOTES lines fails when the check warns.
// RUN: not %check_alloc_tidy %s google-explicit-constructor %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNNER

struct S {
  S(int);
};

// RUNNER: check_alloc_tidy: error: unexpected diagnostics from front end plugin: the test has no CHECK-MESSAGES or CHECK-NOTES lines, so it expects none
// RUNNER: fail-negative-gets-warning.cpp.tmp.cpp:6:3: warning: single-argument constructors must be marked explicit
