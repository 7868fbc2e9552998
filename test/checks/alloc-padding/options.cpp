// MinWastedBytes sets how many bytes a better order must save (at least
// that many); LayoutNotes: Full adds the layout before and after, one line
// per member with its offset and size.
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=DEFAULT -- -config="{CheckOptions: {alloc-padding.ReportAll: true}}" -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=MIN4 -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.MinWastedBytes: 4}}" -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=MIN16 -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.MinWastedBytes: 16}}" -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=FULL -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.LayoutNotes: Full}}" -- --target=x86_64-pc-linux-gnu
//
// The options are read and written back (--dump-config).
// RUN: %alloc_tidy --checks='-*,alloc-padding' --config='{}' --dump-config | FileCheck %s --check-prefix=DUMP-DEFAULT
// RUN: %clang_tidy_plugin --checks='-*,alloc-padding' --config='{}' --dump-config | FileCheck %s --check-prefix=DUMP-DEFAULT
// RUN: %alloc_tidy --checks='-*,alloc-padding' --config="{CheckOptions: {alloc-padding.MinWastedBytes: 4, alloc-padding.ReorderFixIt: true, alloc-padding.LayoutNotes: None, alloc-padding.ReportAll: true, alloc-padding.WarnCRecords: true, alloc-padding.PublicInterfaceRecords: true}}" --dump-config | FileCheck %s --check-prefix=DUMP-CUSTOM
// DUMP-DEFAULT-DAG: alloc-padding.LayoutNotes: Compact
// DUMP-DEFAULT-DAG: alloc-padding.MinWastedBytes: '8'
// DUMP-DEFAULT-DAG: alloc-padding.ReorderFixIt: 'false'
// DUMP-DEFAULT-DAG: alloc-padding.ReportAll: 'false'
// DUMP-DEFAULT-DAG: alloc-padding.WarnCRecords: 'false'
// DUMP-DEFAULT-DAG: alloc-padding.PublicInterfaceRecords: 'false'
// DUMP-CUSTOM-DAG: alloc-padding.LayoutNotes: None
// DUMP-CUSTOM-DAG: alloc-padding.MinWastedBytes: '4'
// DUMP-CUSTOM-DAG: alloc-padding.ReorderFixIt: 'true'
// DUMP-CUSTOM-DAG: alloc-padding.ReportAll: 'true'
// DUMP-CUSTOM-DAG: alloc-padding.WarnCRecords: 'true'
// DUMP-CUSTOM-DAG: alloc-padding.PublicInterfaceRecords: 'true'

// Saves 4 bytes: only with MinWastedBytes 4.
struct Small {
  char A;
  int B;
  char C;
};
// CHECK-MESSAGES-MIN4: :[[@LINE-5]]:8: warning: 'Small' has 6 bytes of padding; reordering its fields makes it 8 bytes instead of 12 (-4) [alloc-padding]

// Saves 8 bytes: by default, not with MinWastedBytes 16.
struct Medium {
  char A;
  double B;
  char C;
};
// CHECK-MESSAGES-DEFAULT: :[[@LINE-5]]:8: warning: 'Medium' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-MESSAGES-MIN4: :[[@LINE-6]]:8: warning: 'Medium' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-NOTES-FULL: :[[@LINE-7]]:8: warning: 'Medium' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-NOTES-FULL: :[[@LINE-8]]:8: note: in the order 'B', 'A', 'C' it takes 16 bytes; now it has a 7-byte hole after 'A' and 7 bytes of tail padding
//      CHECK-NOTES-FULL: :[[@LINE-9]]:8: note: layout now (24 bytes):
// CHECK-NOTES-FULL-NEXT:   offset  size  member
// CHECK-NOTES-FULL-NEXT:        0     1  char A
// CHECK-NOTES-FULL-NEXT:        1     7  (hole)
// CHECK-NOTES-FULL-NEXT:        8     8  double B
// CHECK-NOTES-FULL-NEXT:       16     1  char C
// CHECK-NOTES-FULL-NEXT:       17     7  (tail padding)
//      CHECK-NOTES-FULL: :[[@LINE-16]]:8: note: layout reordered (16 bytes):
// CHECK-NOTES-FULL-NEXT:   offset  size  member
// CHECK-NOTES-FULL-NEXT:        0     8  double B
// CHECK-NOTES-FULL-NEXT:        8     1  char A
// CHECK-NOTES-FULL-NEXT:        9     1  char C
// CHECK-NOTES-FULL-NEXT:       10     6  (tail padding)

// Saves 16 bytes: with every threshold here. The table shows bit-fields
// with their bits, bases and the vptr.
struct Base {
  Base() {}
  int Id;
};
struct Large : Base {
  virtual ~Large();
  char A;
  long double B;
  unsigned Dirty : 1;
  unsigned Kind : 3;
};
// CHECK-MESSAGES-DEFAULT: :[[@LINE-7]]:8: warning: 'Large' has 18 bytes of padding; reordering its fields makes it 32 bytes instead of 48 (-16) [alloc-padding]
// CHECK-MESSAGES-MIN4: :[[@LINE-8]]:8: warning: 'Large' has 18 bytes of padding; reordering its fields makes it 32 bytes instead of 48 (-16) [alloc-padding]
// CHECK-MESSAGES-MIN16: :[[@LINE-9]]:8: warning: 'Large' has 18 bytes of padding; reordering its fields makes it 32 bytes instead of 48 (-16) [alloc-padding]
//      CHECK-NOTES-FULL: :[[@LINE-10]]:8: warning: 'Large' has 18 bytes of padding; reordering its fields makes it 32 bytes instead of 48 (-16) [alloc-padding]
//      CHECK-NOTES-FULL: :[[@LINE-11]]:8: note: in the order 'Dirty', 'Kind', 'A', 'B' it takes 32 bytes; now it has a 3-byte hole after 'A' and 15 bytes of tail padding
//      CHECK-NOTES-FULL: :[[@LINE-12]]:8: note: layout now (48 bytes):
// CHECK-NOTES-FULL-NEXT:   offset  size  member
// CHECK-NOTES-FULL-NEXT:        0     8  __vptr
// CHECK-NOTES-FULL-NEXT:        8     4  base 'Base'
// CHECK-NOTES-FULL-NEXT:       12     1  char A
// CHECK-NOTES-FULL-NEXT:       13     3  (hole)
// CHECK-NOTES-FULL-NEXT:       16    16  long double B
// CHECK-NOTES-FULL-NEXT:       32     1  unsigned int Dirty : 1 (bit 0)
// CHECK-NOTES-FULL-NEXT:       32     1  unsigned int Kind : 3 (bits 1-3)
// CHECK-NOTES-FULL-NEXT:       33    15  (tail padding)
//      CHECK-NOTES-FULL: :[[@LINE-22]]:8: note: layout reordered (32 bytes):
// CHECK-NOTES-FULL-NEXT:   offset  size  member
// CHECK-NOTES-FULL-NEXT:        0     8  __vptr
// CHECK-NOTES-FULL-NEXT:        8     4  base 'Base'
// CHECK-NOTES-FULL-NEXT:       12     1  unsigned int Dirty : 1 (bit 0)
// CHECK-NOTES-FULL-NEXT:       12     1  unsigned int Kind : 3 (bits 1-3)
// CHECK-NOTES-FULL-NEXT:       13     1  char A
// CHECK-NOTES-FULL-NEXT:       14     2  (hole)
// CHECK-NOTES-FULL-NEXT:       16    16  long double B
