// A C function of the program that allocates: its own line is the site.
// Checked from stacks.cpp, with this file as FileCheck's check file so that
// [[@LINE]] is a line of this file.
#include <stdlib.h>

char *cBuffer(size_t Size) {
  char *Buffer = malloc(Size);
  // CALLS-DAG: {{ +}}3 calls 192 bytes  {{/.*}}stacks_c.c:[[@LINE-1]]  cBuffer
  // JSON-DAG: {"site":"{{/.*}}stacks_c.c:[[@LINE-2]]","function":"cBuffer","calls":3,"bytes":192}
  if (Buffer)
    Buffer[0] = 'c'; // Not a tail call: cBuffer's frame stays.
  return Buffer;
}
