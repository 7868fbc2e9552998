// A record whose last field is a variable-length tail (a flexible array
// member, a trailing array of 0 or 1 elements, a last field whose address
// is used past it, an array last in a record allocated with room past its
// end) must keep that field last: code reaches past its end. The order
// advised keeps it last, and so does the fix-it.
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReorderFixIt: true, alloc-padding.ReportAll: true}}" -- --target=x86_64-pc-linux-gnu

#include <stddef.h>
#include <stdlib.h>

// The C idiom before C99: an array of one element, allocated longer.
struct Header {
  char Kind;
  int Length;
  char Flag;
  double Tail[1];
};
// CHECK-MESSAGES: :[[@LINE-6]]:8: warning: 'Header' has 10 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: struct Header {
// CHECK-FIXES-NEXT:   int Length;
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   double Tail[1];
// CHECK-FIXES-NEXT: };

// The GNU zero-length array.
struct Chunk {
  char Kind;
  long Length;
  char Flag;
  long Data[0];
};
// CHECK-MESSAGES: :[[@LINE-6]]:8: warning: 'Chunk' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: struct Chunk {
// CHECK-FIXES-NEXT:   long Length;
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   long Data[0];
// CHECK-FIXES-NEXT: };

// A flexible array member.
struct Packet {
  char Kind;
  long Length;
  char Flag;
  long Data[];
};
// CHECK-MESSAGES: :[[@LINE-6]]:8: warning: 'Packet' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
//      CHECK-FIXES: struct Packet {
// CHECK-FIXES-NEXT:   long Length;
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   long Data[];
// CHECK-FIXES-NEXT: };

// The address of the last field is the start of the values that follow
// the record: 'First' stays last.
struct Chain {
  char Kind;
  long Count;
  char Flag;
  double First;
};
// CHECK-MESSAGES: :[[@LINE-6]]:8: warning: 'Chain' has 14 bytes of padding; reordering its fields makes it 24 bytes instead of 32 (-8) [alloc-padding]
//      CHECK-FIXES: struct Chain {
// CHECK-FIXES-NEXT:   long Count;
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   double First;
// CHECK-FIXES-NEXT: };
double valueAt(Chain *C, long I) { return (&C->First)[I]; }
double *end(Chain *C) { return &C->First + C->Count; }

// Allocated with sizeof(Pool) + N * sizeof(long): 'Slots' reaches into the
// bytes after the record and stays last.
struct Pool {
  char Kind;
  long Capacity;
  char Flag;
  long Slots[2];
};
// CHECK-MESSAGES: :[[@LINE-6]]:8: warning: 'Pool' has 14 bytes of padding; reordering its fields makes it 32 bytes instead of 40 (-8) [alloc-padding]
//      CHECK-FIXES: struct Pool {
// CHECK-FIXES-NEXT:   long Capacity;
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT:   long Slots[2];
// CHECK-FIXES-NEXT: };
Pool *makePool(long N) {
  return static_cast<Pool *>(malloc(sizeof(Pool) + N * sizeof(long)));
}

// The same shape with nothing reaching past the end: the array may move
// to the front (it has the largest alignment).
struct Plain {
  char Kind;
  long Capacity;
  char Flag;
  long Slots[2];
};
// CHECK-MESSAGES: :[[@LINE-6]]:8: warning: 'Plain' has 14 bytes of padding; reordering its fields makes it 32 bytes instead of 40 (-8) [alloc-padding]
//      CHECK-FIXES: struct Plain {
// CHECK-FIXES-NEXT:   long Capacity;
// CHECK-FIXES-NEXT:   long Slots[2];
// CHECK-FIXES-NEXT:   char Kind;
// CHECK-FIXES-NEXT:   char Flag;
// CHECK-FIXES-NEXT: };
long sum(const Plain &P) { return P.Slots[0] + P.Slots[1] + P.Kind + P.Flag; }
