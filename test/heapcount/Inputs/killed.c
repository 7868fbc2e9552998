/* killed MODE: allocates 100 blocks of 32 bytes and frees 40 of them (no
   stdio: those are the program's only heap calls), then
     wait    prints "pid=PID ready" and waits to be killed from outside;
     busy    starts 4 threads that allocate, free and run heapcount scopes
             without end, blocks SIGTERM in the main thread (so that the
             signal lands in a busy one), prints "pid=PID ready" and waits
             to be killed;
     segv    writes through null; abort: abort(); term: raise(SIGTERM). */
#include "heapcount/heapcount.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *Blocks[100];

static void ready(void) {
  char Line[64];
  int Length = snprintf(Line, sizeof(Line), "pid=%d ready\n", (int)getpid());
  if (write(STDOUT_FILENO, Line, (size_t)Length) != Length)
    _exit(1);
}

static void *churn(void *Arg) {
  static const char *const Names[] = {"s0", "s1", "s2", "s3", "s4",
                                      "s5", "s6", "s7", "s8", "s9"};
  for (unsigned long I = (unsigned long)Arg;; ++I) {
    heapcount_snapshot Start;
    heapcount_scope_begin(Names[I % 10], &Start);
    char *volatile Block = malloc(I % 500 + 1);
    Block[0] = 1;
    free(Block);
    heapcount_scope_end(Names[I % 10], &Start);
  }
  return NULL;
}

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "wait";
  for (int I = 0; I < 100; ++I)
    Blocks[I] = malloc(32);
  for (int I = 0; I < 40; ++I)
    free(Blocks[I]);
  if (strcmp(Mode, "segv") == 0)
    *(volatile int *)NULL = 1;
  if (strcmp(Mode, "abort") == 0)
    abort();
  if (strcmp(Mode, "term") == 0)
    raise(SIGTERM);
  if (strcmp(Mode, "busy") == 0) {
    pthread_t Thread;
    for (unsigned long I = 0; I < 4; ++I)
      pthread_create(&Thread, NULL, churn, (void *)I);
    /* The signal goes to a busy thread: this one blocks it. */
    sigset_t Term;
    sigemptyset(&Term);
    sigaddset(&Term, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &Term, NULL);
  }
  ready();
  for (;;)
    pause();
}
