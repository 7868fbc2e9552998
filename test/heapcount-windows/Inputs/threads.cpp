// 8 threads allocate and release at once. The scope "work" covers their
// work only: starting and joining threads allocates differently on each
// platform (winpthreads keeps its own records), the work does not.
// Built with HEAPCOUNT_SCOPES for heapcount, without for valgrind (the
// API's failed lookups would allocate there).
#ifdef HEAPCOUNT_SCOPES
#include "heapcount/heapcount.h"
#define SCOPE(Variable, Name) heapcount::Scope Variable(Name)
#else
#define SCOPE(Variable, Name)
#endif

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

std::atomic<int> Ready{0};
std::atomic<int> Done{0};
std::atomic<bool> Go{false};
std::atomic<bool> Leave{false};

void work(int Id) {
  ++Ready;
  while (!Go)
    std::this_thread::yield();
  for (int I = 0; I < 2000; ++I) {
    void *volatile P = std::malloc(16 + I % 64);
    std::string S(40 + Id, 'x');
    std::free(P);
  }
  ++Done;
  while (!Leave)
    std::this_thread::yield();
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::vector<std::thread> Threads;
  Threads.reserve(8);
  for (int Id = 0; Id < 8; ++Id)
    Threads.emplace_back(work, Id);
  while (Ready != 8)
    std::this_thread::yield();
  {
    SCOPE(Work, "work");
    Go = true;
    while (Done != 8)
      std::this_thread::yield();
  }
  Leave = true;
  for (std::thread &Thread : Threads)
    Thread.join();
  std::printf("8 threads done\n");
  return 0;
}
