// A record with an error has no trustworthy layout: silent. Records without
// errors in the same file are still measured (and reported: there is an
// array of them).
// RUN: not %alloc_tidy %s -checks='-*,alloc-padding' -- -std=c++17 --target=x86_64-pc-linux-gnu > %t.tidy 2>&1
// RUN: FileCheck %s --input-file=%t.tidy --implicit-check-not='warning:'
// RUN: not %clang_tidy_plugin %s -checks='-*,alloc-padding' -- -std=c++17 --target=x86_64-pc-linux-gnu > %t.plugin 2>&1
// RUN: FileCheck %s --input-file=%t.plugin --implicit-check-not='warning:'
// CHECK-NOT: PLEASE submit a bug report

struct Broken {
  char A;
  Undeclared B;
  // CHECK: :[[@LINE-1]]:3: error: unknown type name 'Undeclared'
  double C;
  char D;
};

template <typename T> struct Pair {
  char A;
  T B;
  char C;
};
Pair<Missing> Bad;
// CHECK: :[[@LINE-1]]:6: error: use of undeclared identifier 'Missing'

struct Fine {
  char A;
  double B;
  char C;
};
// CHECK: :[[@LINE-5]]:8: warning: 'Fine' has 14 bytes of padding
Fine Fines[4];
