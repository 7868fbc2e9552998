// Named scopes, a start marker and the OS mapping calls. Set-up makes 10
// allocations; the scope "work" 5 (the first two runs) and "idle" none;
// then mmap/munmap/mremap, counted apart from the heap. With "api" as first
// argument the program calls heapcount_start() after its set-up.
#include "heapcount/heapcount.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

static void work(int Runs) {
  for (int Run = 0; Run < Runs; ++Run) {
    heapcount::Scope Scope("work");
    for (int I = 0; I < 5; ++I)
      std::free(std::malloc(16));
  }
}

int main(int Argc, char **Argv) {
  void *SetUp[10];
  for (void *&Block : SetUp)
    Block = std::malloc(100); // Before any marker.
  if (Argc > 1 && std::strcmp(Argv[1], "api") == 0)
    heapcount::start();
  {
    heapcount::Scope Idle("idle");
  }
  work(2);
  for (void *Block : SetUp)
    std::free(Block);
  void *Map = mmap(nullptr, 8192, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  Map = mremap(Map, 8192, 16384, MREMAP_MAYMOVE);
  munmap(Map, 16384);
  // A C scope.
  heapcount_snapshot Start;
  heapcount_scope_begin("c scope", &Start);
  std::free(std::malloc(1));
  heapcount_scope_end("c scope", &Start);
  std::puts("done");
  return 0;
}
