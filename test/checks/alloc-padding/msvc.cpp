// The layout is the target's: on the Microsoft ABI a bit-field whose type
// differs in size from the previous one starts a new storage unit, so
// bit-fields mixed with other fields waste bytes they do not waste on
// Itanium; and a base's tail padding is never reused.
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=MSVC -- -config="{CheckOptions: {alloc-padding.ReportAll: true}}" -- --target=x86_64-pc-windows-msvc
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=ITANIUM -- -config="{CheckOptions: {alloc-padding.ReportAll: true}}" -- --target=x86_64-pc-linux-gnu

// Itanium packs everything into 8 bytes: silent there.
struct Mixed {
  char A;
  long long B : 4;
  char C;
  long long D : 4;
  char E;
};
// CHECK-NOTES-MSVC: :[[@LINE-7]]:8: warning: 'Mixed' has 35 bytes of padding; reordering its fields makes it 16 bytes instead of 40 (-24) [alloc-padding]
// CHECK-NOTES-MSVC: :[[@LINE-8]]:8: note: in the order 'B', 'D', 'A', 'C', 'E' it takes 16 bytes; now it has a 7-byte hole after 'A', a 7-byte hole after 'B', a 7-byte hole after 'C', a 7-byte hole after 'D' and 7 bytes of tail padding

// Both ABIs waste bytes here, not the same number.
struct Base {
  Base() {}
  double D;
  char C;
};
struct Derived : Base {
  char A;
  double X;
  char B;
};
// CHECK-NOTES-MSVC: :[[@LINE-5]]:8: warning: 'Derived' has 14 bytes of padding; reordering its fields makes it 32 bytes instead of 40 (-8) [alloc-padding]
// CHECK-NOTES-MSVC: :[[@LINE-6]]:8: note: in the order 'X', 'A', 'B' it takes 32 bytes; now it has a 7-byte hole after 'A' and 7 bytes of tail padding
// CHECK-NOTES-ITANIUM: :[[@LINE-7]]:8: warning: 'Derived' has 13 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
// CHECK-NOTES-ITANIUM: :[[@LINE-8]]:8: note: in the order 'A', 'B', 'X' it takes 24 bytes; now it has a 6-byte hole after 'A' and 7 bytes of tail padding
