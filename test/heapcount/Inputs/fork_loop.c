/* fork_loop N: the parent forks N children one after another. Before fork
   I it allocates 3 blocks of 40 bytes and frees one (2 kept each round);
   child I allocates I % 5 + 1 blocks of 24 bytes, frees all but one and
   ends with exit(0) when I is even, _exit(0) when it is odd. After each
   child ended, the parent prints "child=I pid=PID end=exit|_exit". No
   stdio (a buffer copied into each child would be flushed twice): the
   counts are the program's alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? atoi(Argv[1]) : 10;
  for (int I = 0; I < N; ++I) {
    void *volatile Kept1 = malloc(40);
    void *volatile Kept2 = malloc(40);
    free(malloc(40));
    (void)Kept1;
    (void)Kept2;
    pid_t Child = fork();
    if (Child == 0) {
      void *Blocks[5];
      int K = I % 5 + 1;
      for (int J = 0; J < K; ++J)
        Blocks[J] = malloc(24);
      for (int J = 1; J < K; ++J)
        free(Blocks[J]);
      if (I % 2)
        _exit(0);
      exit(0);
    }
    int Status = 0;
    if (Child < 0 || waitpid(Child, &Status, 0) != Child ||
        !WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
      return 1;
    char Line[80];
    int Length = snprintf(Line, sizeof(Line), "child=%d pid=%d end=%s\n", I,
                          (int)Child, I % 2 ? "_exit" : "exit");
    if (write(STDOUT_FILENO, Line, (size_t)Length) != Length)
      return 1;
  }
  return 0;
}
