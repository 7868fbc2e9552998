// C records are measured too, and typedef'd anonymous structs go by their
// typedef name. C code initialises by position and writes structs to files
// much more often: with ReorderFixIt the same rules keep the fix-it away.
// The file is compiled as C (-x c).
// RUN: %check_alloc_tidy %s alloc-padding %t -- -config="{CheckOptions: {alloc-padding.ReportAll: true, alloc-padding.ReorderFixIt: true}}" -- -x c -std=c11 --target=x86_64-pc-linux-gnu

#include <string.h>

typedef struct {
  char tag;
  double value;
  char kind;
} sample;
// CHECK-NOTES: :[[@LINE-5]]:9: warning: 'sample' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-6]]:9: note: in the order 'value', 'tag', 'kind' it takes 16 bytes; now it has a 7-byte hole after 'tag' and 7 bytes of tail padding

void copy(sample *to, const char *bytes) { memcpy(to, bytes, sizeof *to); }
// CHECK-NOTES: :[[@LINE-1]]:44: note: no fix-it: its bytes go through 'memcpy' here and may be stored or shared

struct node {
  char color;
  struct node *next;
  char mark;
};
// CHECK-NOTES: :[[@LINE-5]]:8: warning: 'node' has 14 bytes of padding; reordering its fields makes it 16 bytes instead of 24 (-8) [alloc-padding]
// CHECK-NOTES: :[[@LINE-6]]:8: note: in the order 'next', 'color', 'mark' it takes 16 bytes; now it has a 7-byte hole after 'color' and 7 bytes of tail padding
// CHECK-NOTES: :[[@LINE+1]]:19: note: no fix-it: its fields are initialised by position here
struct node end = {0, 0, 0};
