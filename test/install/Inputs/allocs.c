#include <stdlib.h>

/* Seven mallocs and seven frees; the C runtime may add its own. */
int main(void) {
  void *Blocks[7];
  for (int I = 0; I < 7; ++I)
    Blocks[I] = malloc(16 + I);
  for (int I = 0; I < 7; ++I)
    free(Blocks[I]);
  return 0;
}
