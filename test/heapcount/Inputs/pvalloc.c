/* pvalloc, which valgrind 3.19 refuses (it aborts the program), so this one
   is checked against the report alone. */
#include <malloc.h>
#include <stdlib.h>

int main(void) {
  void *Page = pvalloc(100);
  free(Page);
  void *Kept = pvalloc(5000);
  return Kept == NULL;
}
