/* The C interfaces on both platforms, with the cases valgrind counts in a
   particular way (realloc of null, to 0, free(NULL)) and two leaks, inside
   the scope "work". Aligned allocation is each platform's own. */
/* Built with HEAPCOUNT_SCOPES for heapcount, without for valgrind. */
#ifdef HEAPCOUNT_SCOPES
#include "heapcount/heapcount.h"
#define SCOPE_BEGIN(name, start) heapcount_scope_begin(name, start)
#define SCOPE_END(name, start) heapcount_scope_end(name, start)
#else
typedef int heapcount_snapshot;
#define SCOPE_BEGIN(name, start) (void)(start)
#define SCOPE_END(name, start) (void)(start)
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <malloc.h>
#define ALIGNED_ALLOC(alignment, size) _aligned_malloc(size, alignment)
#define ALIGNED_FREE(p) _aligned_free(p)
#else
#define ALIGNED_ALLOC(alignment, size) aligned_alloc(alignment, size)
#define ALIGNED_FREE(p) free(p)
#endif

static void *volatile Leaks[2];

int main(void) {
  heapcount_snapshot start;
  setvbuf(stdout, NULL, _IONBF, 0);
  SCOPE_BEGIN("work", &start);
  char *copy = strdup("a string copied by strdup");
  free(copy);
  free(NULL);
  void *p = malloc(10);
  p = realloc(p, 20);
  p = realloc(p, 100000);
  p = realloc(p, 0);
  void *q = realloc(NULL, 5);
  free(q);
  void *c = calloc(10, 10);
  free(c);
  void *a = ALIGNED_ALLOC(64, 128);
  ALIGNED_FREE(a);
  Leaks[0] = malloc(33);
  Leaks[1] = calloc(3, 7);
  SCOPE_END("work", &start);
  printf("done %d\n", p == NULL);
  return 0;
}
