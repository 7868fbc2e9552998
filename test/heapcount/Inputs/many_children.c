// Forks 13 children that each make one allocation and exit.
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  for (int I = 0; I < 13; ++I) {
    pid_t Child = fork();
    if (Child == 0) {
      free(malloc(10));
      exit(0);
    }
    waitpid(Child, NULL, 0);
  }
  return 0;
}
