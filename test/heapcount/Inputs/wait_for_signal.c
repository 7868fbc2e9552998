/* Allocates, writes its pid to argv[1] and waits until a signal ends it. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  void *Kept[3];
  for (int I = 0; I < 3; ++I)
    Kept[I] = malloc(100);
  FILE *Pid = fopen(argv[1], "w");
  fprintf(Pid, "%d\n", (int)getpid());
  fclose(Pid);
  for (int I = 0; I < 600; ++I)
    sleep(1);
  free(Kept[0]);
  return 0;
}
