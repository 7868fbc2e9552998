/* Allocates, then writes through a null pointer: an access violation that
   nothing handles. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  void *volatile kept = malloc(5);
  printf("about to crash\n");
  *(volatile int *)0 = 1;
  return kept != NULL;
}
