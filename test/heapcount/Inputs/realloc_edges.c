/* The edge cases of the C allocator, one after another, with what each is
   (valgrind memcheck 3.19's rules, which heapcount follows; see
   realloc-edges.test). No stdio: the counts are the program's alone.
   Prints a line for each call that did not do what glibc does. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void say(const char *What) {
  if (write(STDOUT_FILENO, What, strlen(What)) < 0)
    _exit(1);
}

int main(void) {
  /* realloc(NULL, n) is malloc: 1 allocation. */
  char *P = realloc(NULL, 100);
  memset(P, 'a', 100);
  /* Grown, shrunk (in place, with glibc), moved to a mapped chunk: one
     allocation and one free each. */
  P = realloc(P, 200);
  P = realloc(P, 50);
  P = realloc(P, 300000);
  if (P[49] != 'a')
    say("realloc lost the contents\n");
  /* realloc(p, 0) frees p and returns NULL (glibc): a free only. */
  if (realloc(P, 0) != NULL)
    say("realloc(p, 0) returned a block\n");
  /* realloc(NULL, 0) is malloc(0): an allocation of 0 bytes. */
  P = realloc(NULL, 0);
  if (!P)
    say("realloc(NULL, 0) failed\n");
  free(P);
  /* A realloc that fails keeps the block; valgrind counts an allocation
     (of the size asked for) and a free all the same. */
  P = malloc(100);
  if (realloc(P, (size_t)1 << 50) != NULL)
    say("realloc to 1 PiB succeeded\n");
  /* Over PTRDIFF_MAX: valgrind refuses it before counting; a call only. */
  if (realloc(P, SIZE_MAX - 10) != NULL)
    say("realloc to SIZE_MAX - 10 succeeded\n");
  free(P);
  /* reallocarray as realloc; an overflowing product fails before glibc's
     realloc: a call only. */
  P = reallocarray(NULL, 10, 10);
  P = reallocarray(P, 20, 10);
  errno = 0;
  if (reallocarray(P, SIZE_MAX / 2, 3) != NULL || errno != ENOMEM)
    say("reallocarray overflow did not fail with ENOMEM\n");
  free(P);
  /* Failed allocations are calls, not allocations. */
  if (calloc(SIZE_MAX / 2, 3) != NULL)
    say("calloc overflow succeeded\n");
  if (malloc(SIZE_MAX / 4) != NULL)
    say("malloc of 4 EiB succeeded\n");
  void *Q = (void *)1;
  if (posix_memalign(&Q, 3, 100) != EINVAL)
    say("posix_memalign with alignment 3 did not fail with EINVAL\n");
  /* malloc(0) is an allocation of 0 bytes; free(NULL) a call only. */
  P = malloc(0);
  free(P);
  free(NULL);
  /* The aligned forms: one allocation each. */
  if (posix_memalign(&Q, 64, 100) != 0 || (uintptr_t)Q % 64)
    say("posix_memalign(64) failed\n");
  free(Q);
  Q = aligned_alloc(32, 64);
  free(Q);
  Q = memalign(128, 10);
  free(Q);
  /* Kept to the end. */
  P = malloc(33);
  say("done\n");
  return P == NULL;
}
