/* A C program (no C++ runtime loaded): strdup, calloc, realloc and leaks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *Kept[5];
  for (int I = 0; I < 5; ++I)
    Kept[I] = strdup("leaked on purpose");
  int *Numbers = calloc(100, sizeof(int));
  for (int I = 1; I <= 10; ++I)
    Numbers = realloc(Numbers, (size_t)I * 1000);
  free(Numbers);
  printf("%s\n", Kept[0]);
  return 0;
}
