// A header compiled as C describes a layout that a C library shares with
// its users: silent by default, even where there are many of the record;
// WarnCRecords reports it. A record of the C file itself is reported like
// any other. The file is compiled as C (-x c).
// RUN: %check_alloc_tidy %s alloc-padding %t -- -header-filter=shared_record -- -x c -std=c11 --target=x86_64-pc-linux-gnu -I %S/Inputs/c
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=WARN -- -header-filter=shared_record -config="{CheckOptions: {alloc-padding.WarnCRecords: true}}" -- -x c -std=c11 --target=x86_64-pc-linux-gnu -I %S/Inputs/c

// Silent by default: 'shared_record' is declared in a header of a unit
// compiled as C.
#include "shared_record.h"

struct shared_record records[64];

struct local_record {
  char tag;
  double value;
  char kind;
};
// CHECK-MESSAGES: :[[@LINE-5]]:8: warning: 'local_record' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-MESSAGES-WARN: :[[@LINE-6]]:8: warning: 'local_record' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
struct local_record locals[64];
// The header's record is reported after the file's (with WarnCRecords).
// CHECK-MESSAGES-WARN: shared_record.h:6:8: warning: 'shared_record' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
