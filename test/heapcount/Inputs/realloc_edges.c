/* The edge cases of the C allocator, one after another, with what each is
   (valgrind memcheck 3.19's rules, which heapcount follows; see
   realloc-edges.test). No stdio: the counts are the program's alone.
   Prints a line for each call that did not do what glibc does.

   Each case is a function that main runs through EDGE(NAME, FUNCTION,
   ALLOCS, FREES, BYTES), what it must count. Built alone, EDGE just runs
   it (the oracle's build, which valgrind counts as a whole); built with
   -DEDGE_BUDGETS and Inputs/realloc_edges_budget.cpp, EDGE holds the case
   to those counts with heapcount's budgets (heapcount/budget.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef EDGE_BUDGETS
void edge_case(const char *Name, void (*Run)(void), unsigned long long Allocs,
               unsigned long long Frees, unsigned long long Bytes);
#define EDGE(Name, Run, Allocs, Frees, Bytes)                                  \
  edge_case(Name, Run, Allocs, Frees, Bytes)
#else
#define EDGE(Name, Run, Allocs, Frees, Bytes) Run()
#endif

static char *P;
static void *Q;

static void say(const char *What) {
  if (write(STDOUT_FILENO, What, strlen(What)) < 0)
    _exit(1);
}

/* realloc(NULL, n) is malloc: 1 allocation. */
static void reallocNull(void) {
  P = realloc(NULL, 100);
  memset(P, 'a', 100);
}
/* Grown, shrunk (in place, with glibc), moved to a mapped chunk: one
   allocation and one free each. */
static void reallocGrow(void) { P = realloc(P, 200); }
static void reallocShrink(void) { P = realloc(P, 50); }
static void reallocMove(void) {
  P = realloc(P, 300000);
  if (P[49] != 'a')
    say("realloc lost the contents\n");
}
/* realloc(p, 0) frees p and returns NULL (glibc): a free only. */
static void reallocZero(void) {
  if (realloc(P, 0) != NULL)
    say("realloc(p, 0) returned a block\n");
}
/* realloc(NULL, 0) is malloc(0): an allocation of 0 bytes. */
static void reallocNullZero(void) {
  P = realloc(NULL, 0);
  if (!P)
    say("realloc(NULL, 0) failed\n");
}
static void freeP(void) { free(P); }
static void malloc100(void) { P = malloc(100); }
/* A realloc that fails keeps the block; valgrind counts an allocation (of
   the size asked for) and a free all the same. */
static void reallocFails(void) {
  if (realloc(P, (size_t)1 << 50) != NULL)
    say("realloc to 1 PiB succeeded\n");
}
/* Over PTRDIFF_MAX: valgrind refuses it before counting; a call only. */
static void reallocTooLarge(void) {
  if (realloc(P, SIZE_MAX - 10) != NULL)
    say("realloc to SIZE_MAX - 10 succeeded\n");
}
/* reallocarray as realloc; an overflowing product fails before glibc's
   realloc: a call only. */
static void reallocarrayNull(void) { P = reallocarray(NULL, 10, 10); }
static void reallocarrayGrow(void) { P = reallocarray(P, 20, 10); }
static void reallocarrayOverflow(void) {
  errno = 0;
  if (reallocarray(P, SIZE_MAX / 2, 3) != NULL || errno != ENOMEM)
    say("reallocarray overflow did not fail with ENOMEM\n");
}
/* Failed allocations are calls, not allocations. */
static void failedAllocations(void) {
  if (calloc(SIZE_MAX / 2, 3) != NULL)
    say("calloc overflow succeeded\n");
  if (malloc(SIZE_MAX / 4) != NULL)
    say("malloc of 4 EiB succeeded\n");
  Q = (void *)1;
  if (posix_memalign(&Q, 3, 100) != EINVAL)
    say("posix_memalign with alignment 3 did not fail with EINVAL\n");
}
/* malloc(0) is an allocation of 0 bytes; free(NULL) a call only. */
static void mallocZero(void) { P = malloc(0); }
static void freeNull(void) { free(NULL); }
/* The aligned forms: one allocation each. */
static void posixMemalign(void) {
  if (posix_memalign(&Q, 64, 100) != 0 || (uintptr_t)Q % 64)
    say("posix_memalign(64) failed\n");
}
static void freeQ(void) { free(Q); }
static void alignedAlloc(void) { Q = aligned_alloc(32, 64); }
static void memalign128(void) { Q = memalign(128, 10); }
/* Kept to the end. */
static void malloc33(void) { P = malloc(33); }

int main(void) {
  EDGE("realloc(NULL, 100)", reallocNull, 1, 0, 100);
  EDGE("realloc grown", reallocGrow, 1, 1, 200);
  EDGE("realloc shrunk", reallocShrink, 1, 1, 50);
  EDGE("realloc moved", reallocMove, 1, 1, 300000);
  EDGE("realloc(p, 0)", reallocZero, 0, 1, 0);
  EDGE("realloc(NULL, 0)", reallocNullZero, 1, 0, 0);
  EDGE("free", freeP, 0, 1, 0);
  EDGE("malloc(100)", malloc100, 1, 0, 100);
  EDGE("realloc that fails", reallocFails, 1, 1, (size_t)1 << 50);
  EDGE("realloc over PTRDIFF_MAX", reallocTooLarge, 0, 0, 0);
  EDGE("free", freeP, 0, 1, 0);
  EDGE("reallocarray(NULL, 10, 10)", reallocarrayNull, 1, 0, 100);
  EDGE("reallocarray grown", reallocarrayGrow, 1, 1, 200);
  EDGE("reallocarray overflow", reallocarrayOverflow, 0, 0, 0);
  EDGE("free", freeP, 0, 1, 0);
  EDGE("failed allocations", failedAllocations, 0, 0, 0);
  EDGE("malloc(0)", mallocZero, 1, 0, 0);
  EDGE("free", freeP, 0, 1, 0);
  EDGE("free(NULL)", freeNull, 0, 0, 0);
  EDGE("posix_memalign(64, 100)", posixMemalign, 1, 0, 100);
  EDGE("free", freeQ, 0, 1, 0);
  EDGE("aligned_alloc(32, 64)", alignedAlloc, 1, 0, 64);
  EDGE("free", freeQ, 0, 1, 0);
  EDGE("memalign(128, 10)", memalign128, 1, 0, 10);
  EDGE("free", freeQ, 0, 1, 0);
  EDGE("malloc(33)", malloc33, 1, 0, 33);
  say("done\n");
  return P == NULL;
}
