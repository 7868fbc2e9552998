// The sizes in a string class's note are the compiler's: the class is laid
// out again with the inline buffer appended. A program prints sizeof for the
// classes as they are and as Inputs/string-classes.h writes them with the
// buffer (-DAFTER); both must be the numbers in the notes. The buffer goes
// into the tail padding where there is some: 'Token' has 3 bytes there.
// RUN: %check_alloc_tidy %s alloc-small-string %t -- -header-filter=string-classes -- -I%S/Inputs
// RUN: %clangxx -std=c++17 -DPRINT_SIZES -I%S/Inputs %s -o %t.before
// RUN: %t.before | FileCheck %s --check-prefix=BEFORE
// RUN: %clangxx -std=c++17 -DPRINT_SIZES -DAFTER -I%S/Inputs %s -o %t.after
// RUN: %t.after | FileCheck %s --check-prefix=AFTER

#include "string-classes.h"
// CHECK-NOTES: string-classes.h:8:7: warning: 'Token' is a string class that allocates every string on the heap, however short [alloc-small-string]
// CHECK-NOTES: string-classes.h:11:14: note: the characters of 'Data' are allocated here with new[]
// CHECK-NOTES: string-classes.h:8:7: note: 'Token' grows from 16 to 32 bytes (+16) with an inline buffer 'char[16]'; one allocation saved for strings up to 15 characters
// CHECK-NOTES: string-classes.h:28:8: warning: 'Path' is a string class that allocates every string on the heap, however short [alloc-small-string]
// CHECK-NOTES: string-classes.h:29:35: note: the characters of 'Units' are allocated here with new[]
// CHECK-NOTES: string-classes.h:28:8: note: 'Path' grows from 16 to 48 bytes (+32) with an inline buffer 'char16_t[16]'; one allocation saved for strings up to 15 characters

#ifdef PRINT_SIZES
#include <cstdio>
int main() {
  Token T("short");
  Path P(u"C:");
  std::printf("Token %zu Path %zu\n", sizeof(Token), sizeof(Path));
  // BEFORE: Token 16 Path 16
  // AFTER: Token 32 Path 48
  return static_cast<int>(T.size()) - 5 + P.Count;
}
#endif
