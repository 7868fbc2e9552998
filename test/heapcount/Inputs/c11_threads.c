/* 8 C11 threads (thrd_create) allocate and free at once, ARGV[1] times each
   (default 1000). glibc's thrd_create starts its thread without calling
   pthread_create through its symbol: heapcount must still know the process
   has threads, or the process-wide live bytes lose updates (they ended
   non-zero with no block live, and the peak wrapped around below zero). */
#include <stdatomic.h>
#include <stdlib.h>
#include <threads.h>

static atomic_int Waiting = 8;
static int Rounds = 1000;

static int work(void *Arg) {
  size_t Salt = (size_t)Arg;
  /* All threads at once. */
  atomic_fetch_sub(&Waiting, 1);
  while (atomic_load(&Waiting) > 0)
    thrd_yield();
  for (int I = 0; I < Rounds; ++I) {
    char *volatile P = malloc((size_t)(I % 200) + Salt);
    P[0] = 1;
    free(P);
  }
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc > 1)
    Rounds = atoi(Argv[1]);
  thrd_t Threads[8];
  for (size_t I = 0; I < 8; ++I)
    thrd_create(&Threads[I], work, (void *)(I + 1));
  for (int I = 0; I < 8; ++I)
    thrd_join(Threads[I], NULL);
  return 0;
}
