/* Loads a library with dlopen, lets it allocate, then dies of SIGABRT: the
 * report, written from the signal handler, must still name the loaded
 * library's module (from the snapshot taken after the dlopen, since the
 * loader's lock may not be taken in a signal handler). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef LIBRARY
void *make_widgets(int N) {
  void *Last = 0;
  for (int I = 0; I < N; ++I)
    Last = malloc(64);
  return Last;
}
#else
int main(int argc, char **argv) {
  void *Library = dlopen(argv[1], RTLD_NOW);
  if (!Library) {
    printf("dlopen: %s\n", dlerror());
    return 1;
  }
  void *(*Make)(int) = (void *(*)(int))dlsym(Library, "make_widgets");
  Make(7);
  abort();
}
#endif
