/* Allocates COUNT blocks (argv[1]) at one call site, through two frames of
   its own, under DEPTH (argv[2], default 0) recursive calls.
   test/heapcount/stacks-unwinders.test. */
#include <stdlib.h>

__attribute__((noinline)) static void *makeBlock(size_t Size) {
  return malloc(Size);
}

__attribute__((noinline)) static void fill(void **Blocks, int Count) {
  for (int I = 0; I < Count; ++I)
    Blocks[I] = makeBlock(16);
}

volatile int Sink; /* After each call: no tail call, no loop. */

__attribute__((noinline)) static int descend(void **Blocks, int Count,
                                             int Depth) {
  if (Depth == 0) {
    fill(Blocks, Count);
    return 0;
  }
  int Levels = descend(Blocks, Count, Depth - 1) + 1;
  Sink = Depth;
  return Levels;
}

int main(int argc, char **argv) {
  int Count = argc > 1 ? atoi(argv[1]) : 10;
  int Depth = argc > 2 ? atoi(argv[2]) : 0;
  void **Blocks = calloc((size_t)Count, sizeof(void *));
  int Levels = descend(Blocks, Count, Depth);
  for (int I = 0; I < Count; ++I)
    free(Blocks[I]);
  free(Blocks);
  return Levels == Depth ? 0 : 1;
}
