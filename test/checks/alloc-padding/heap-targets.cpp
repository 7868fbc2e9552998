// A record allocated once on the heap is reported only when its smaller size
// takes a smaller malloc chunk. The chunk sizes are glibc's on 64-bit
// targets; for another allocator (the Windows heap here) no chunk is
// claimed, and a single allocation stays silent.
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=GLIBC -- -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=WINDOWS -- -- --target=x86_64-pc-windows-msvc

struct Engine {
  char A;
  double B;
  char C;
  double D;
  char E;
  double F;
  char G;
  double H;
};
// CHECK-MESSAGES-GLIBC: :[[@LINE-10]]:8: warning: 'Engine' has 28 bytes of padding; reordering its fields makes it 40 bytes instead of 64 (-24) [alloc-padding]
// CHECK-NOTES-GLIBC: :[[@LINE-11]]:8: warning: 'Engine' has 28 bytes of padding; reordering its fields makes it 40 bytes instead of 64 (-24) [alloc-padding]
// CHECK-NOTES-GLIBC: :[[@LINE+3]]:32: note: each 'new Engine' at {{.*}}:[[@LINE+3]] takes a 48-byte malloc chunk instead of 80 (glibc, 64-bit)
// CHECK-NOTES-GLIBC: :[[@LINE-13]]:8: note: in the order 'B', 'D', 'F', 'H', 'A', 'C', 'E', 'G' it takes 40 bytes; now it has a 7-byte hole after 'A', a 7-byte hole after 'C', a 7-byte hole after 'E' and a 7-byte hole after 'G'
// Silent on Windows: the heap's chunk sizes are not known here.
Engine *startEngine() { return new Engine(); }
