// A record allocated once on the heap, outside a loop, is one instance:
// silent by default. With SingleHeapObjects it is reported when its smaller
// size takes a smaller malloc chunk. The chunk sizes are glibc's on 64-bit
// targets; for another allocator (the Windows heap here) no chunk is
// claimed, and a single allocation stays silent.
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=DEFAULT -- -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=GLIBC -- -config="{CheckOptions: {alloc-padding.SingleHeapObjects: true}}" -- --target=x86_64-pc-linux-gnu
// RUN: %check_alloc_tidy %s alloc-padding %t -check-suffix=WINDOWS -- -config="{CheckOptions: {alloc-padding.SingleHeapObjects: true}}" -- --target=x86_64-pc-windows-msvc

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
// CHECK-NOTES-GLIBC: :[[@LINE+4]]:32: note: each 'new Engine' at {{.*}}:[[@LINE+4]] takes a 48-byte malloc chunk instead of 80 (glibc, 64-bit)
// CHECK-NOTES-GLIBC: :[[@LINE-13]]:8: note: in the order 'B', 'D', 'F', 'H', 'A', 'C', 'E', 'G' it takes 40 bytes; now it has a 7-byte hole after 'A', a 7-byte hole after 'C', a 7-byte hole after 'E' and a 7-byte hole after 'G'
// Silent by default (one object, e.g. a pimpl or a per-run state), and on
// Windows: the heap's chunk sizes are not known here.
Engine *startEngine() { return new Engine(); }

// The same size classes, allocated in a loop: many instances, reported by
// default.
struct Node {
  char A;
  double B;
  char C;
  double D;
  char E;
  double F;
  char G;
  double H;
  Node *Next;
};
// CHECK-MESSAGES-DEFAULT: :[[@LINE-11]]:8: warning: 'Node' has 28 bytes of padding; reordering its fields makes it 48 bytes instead of 72 (-24) [alloc-padding]
// CHECK-NOTES-DEFAULT: :[[@LINE-12]]:8: warning: 'Node' has 28 bytes of padding; reordering its fields makes it 48 bytes instead of 72 (-24) [alloc-padding]
// CHECK-NOTES-DEFAULT: :{{[0-9]+}}:17: note: each 'new Node' in the loop at {{.*}} takes a 64-byte malloc chunk instead of 80 (glibc, 64-bit)
// CHECK-NOTES-DEFAULT: :[[@LINE-14]]:8: note: in the order {{.*}}
// CHECK-MESSAGES-GLIBC: :[[@LINE-15]]:8: warning: 'Node' has 28 bytes of padding; reordering its fields makes it 48 bytes instead of 72 (-24) [alloc-padding]
// CHECK-NOTES-GLIBC: :[[@LINE-16]]:8: warning: 'Node' has 28 bytes of padding; reordering its fields makes it 48 bytes instead of 72 (-24) [alloc-padding]
// CHECK-NOTES-GLIBC: :{{[0-9]+}}:17: note: each 'new Node' in the loop at {{.*}} takes a 64-byte malloc chunk instead of 80 (glibc, 64-bit)
// CHECK-NOTES-GLIBC: :[[@LINE-18]]:8: note: in the order {{.*}}
// On Windows the chunk is not known, only that there are many objects.
// CHECK-MESSAGES-WINDOWS: :[[@LINE-20]]:8: warning: 'Node' has 28 bytes of padding; reordering its fields makes it 48 bytes instead of 72 (-24) [alloc-padding]
// CHECK-NOTES-WINDOWS: :[[@LINE-21]]:8: warning: 'Node' has 28 bytes of padding
// CHECK-NOTES-WINDOWS: :{{[0-9]+}}:17: note: saves up to 24 bytes per object; each 'new Node' in the loop at {{.*}} allocates one
// CHECK-NOTES-WINDOWS: :[[@LINE-23]]:8: note: in the order {{.*}}
Node *chain(Node *Head, int N) {
  for (int I = 0; I < N; ++I) {
    Node *New = new Node();
    New->Next = Head;
    Head = New;
  }
  return Head;
}
