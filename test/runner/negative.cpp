// Proves: a test without CHECK lines passes when the checks stay silent and change nothing.
// RUN: %check_alloc_tidy %s modernize-use-nullptr,google-explicit-constructor %t

int *p = nullptr;

struct S {
  explicit S(int);
};
