/* Allocates COUNT blocks (argv[1]) at one call site, through two frames of
   its own. test/heapcount/stacks-unwinders.test. */
#include <stdlib.h>

__attribute__((noinline)) static void *makeBlock(size_t Size) {
  return malloc(Size);
}

__attribute__((noinline)) static void fill(void **Blocks, int Count) {
  for (int I = 0; I < Count; ++I)
    Blocks[I] = makeBlock(16);
}

int main(int argc, char **argv) {
  int Count = argc > 1 ? atoi(argv[1]) : 10;
  void **Blocks = calloc((size_t)Count, sizeof(void *));
  fill(Blocks, Count);
  for (int I = 0; I < Count; ++I)
    free(Blocks[I]);
  free(Blocks);
  return 0;
}
