// 8 threads hand blocks to one another: thread T allocates blocks (malloc,
// calloc or new[], by turns) and puts them in the ring of thread T + 1,
// which frees them; each thread also reallocates blocks of its own, and
// keeps one block to the end on purpose. The program counts what it does
// itself and prints it; the work runs in the heapcount scope "handoff",
// between barriers, so that the scope holds exactly the program's calls.
//
//   handoff BLOCKS CHURN [noapi]
//
// BLOCKS: blocks each thread hands on; CHURN: its realloc rounds; noapi:
// no scope (outside heapcount, looking the API up fails, and glibc
// allocates dlerror's message: valgrind would see 5 blocks more).
#include "heapcount/heapcount.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <pthread.h>
#include <sched.h>

namespace {

constexpr int NumThreads = 8;
constexpr unsigned RingSize = 32;

// A bounded ring of blocks, guarded by a mutex (no allocation).
struct Ring {
  std::mutex Lock;
  void *Items[RingSize];
  unsigned Head = 0, Count = 0;

  bool tryPush(void *Block) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Count == RingSize)
      return false;
    Items[(Head + Count++) % RingSize] = Block;
    return true;
  }
  void *tryPop() {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Count == 0)
      return nullptr;
    void *Block = Items[Head];
    Head = (Head + 1) % RingSize;
    --Count;
    return Block;
  }
};

Ring Rings[NumThreads];
void *Kept[NumThreads];
pthread_barrier_t Ready, Go, Done;
int Blocks = 0, Churn = 0;
std::atomic<unsigned long long> Allocs{0}, Frees{0}, Bytes{0};

// How a block was made: its first byte says, for the thread that frees it.
enum Kind : unsigned char { ByMalloc, ByCalloc, ByNew };

struct Tally {
  unsigned long long Allocs = 0, Frees = 0, Bytes = 0;
};

void *make(int T, int I, Tally &Mine) {
  std::size_t Size = 16 + static_cast<std::size_t>((T * 37 + I * 11) % 300);
  unsigned char *Block = nullptr;
  Kind How = static_cast<Kind>(I % 3);
  if (How == ByMalloc)
    Block = static_cast<unsigned char *>(std::malloc(Size));
  else if (How == ByCalloc)
    Block = static_cast<unsigned char *>(std::calloc(Size / 8, 8));
  else
    Block = new unsigned char[Size];
  Block[0] = How;
  ++Mine.Allocs;
  Mine.Bytes += How == ByCalloc ? Size / 8 * 8 : Size;
  return Block;
}

void release(void *Block, Tally &Mine) {
  auto *Bytes = static_cast<unsigned char *>(Block);
  if (Bytes[0] == ByNew)
    delete[] Bytes;
  else
    std::free(Bytes);
  ++Mine.Frees;
}

// Frees what the previous thread handed over; returns how many.
int drain(Ring &Own, Tally &Mine) {
  int Got = 0;
  while (void *Block = Own.tryPop()) {
    release(Block, Mine);
    ++Got;
  }
  return Got;
}

void *work(void *Arg) {
  int T = static_cast<int>(reinterpret_cast<long>(Arg));
  Ring &Own = Rings[T], &Next = Rings[(T + 1) % NumThreads];
  Tally Mine;
  pthread_barrier_wait(&Ready);
  pthread_barrier_wait(&Go);
  int Produced = 0, Consumed = 0, Churned = 0;
  void *Pending = nullptr;
  while (Produced < Blocks || Consumed < Blocks || Churned < Churn) {
    bool Progress = false;
    if (Produced < Blocks) {
      if (!Pending)
        Pending = make(T, Produced, Mine);
      if (Next.tryPush(Pending)) {
        Pending = nullptr;
        ++Produced;
        Progress = true;
      }
    }
    int Got = drain(Own, Mine);
    Consumed += Got;
    if (Churned < Churn) {
      // malloc, a realloc that grows and one that shrinks, free: three
      // allocations and three frees (realloc counts as both). The volatile
      // pointer keeps the compiler from removing the pairs.
      std::size_t Size = 8 + static_cast<std::size_t>(Churned % 64);
      char *volatile P = static_cast<char *>(std::malloc(Size));
      P[0] = 1;
      P = static_cast<char *>(std::realloc(P, Size * 40));
      P[Size * 40 - 1] = 2;
      P = static_cast<char *>(std::realloc(P, Size));
      std::free(P);
      Mine.Allocs += 3;
      Mine.Frees += 3;
      Mine.Bytes += Size + Size * 40 + Size;
      ++Churned;
      Progress = true;
    }
    // The next thread's ring is full or ours is empty: let the others run
    // (8 threads share few cores).
    if (!Progress && Got == 0)
      sched_yield();
  }
  Kept[T] = std::malloc(100 + static_cast<std::size_t>(T));
  ++Mine.Allocs;
  Mine.Bytes += 100 + static_cast<std::size_t>(T);
  Allocs += Mine.Allocs;
  Frees += Mine.Frees;
  Bytes += Mine.Bytes;
  pthread_barrier_wait(&Done);
  return nullptr;
}

} // namespace

int main(int Argc, char **Argv) {
  Blocks = Argc > 1 ? std::atoi(Argv[1]) : 1000;
  Churn = Argc > 2 ? std::atoi(Argv[2]) : 100;
  bool Api = !(Argc > 3 && std::strcmp(Argv[3], "noapi") == 0);
  pthread_barrier_init(&Ready, nullptr, NumThreads + 1);
  pthread_barrier_init(&Go, nullptr, NumThreads + 1);
  pthread_barrier_init(&Done, nullptr, NumThreads + 1);
  pthread_t Threads[NumThreads];
  for (long T = 0; T < NumThreads; ++T)
    pthread_create(&Threads[T], nullptr, work, reinterpret_cast<void *>(T));
  // Every thread is started and waits: the scope holds the work only.
  pthread_barrier_wait(&Ready);
  heapcount_snapshot Start;
  if (Api)
    heapcount_scope_begin("handoff", &Start);
  pthread_barrier_wait(&Go);
  pthread_barrier_wait(&Done);
  if (Api)
    heapcount_scope_end("handoff", &Start);
  for (pthread_t Thread : Threads)
    pthread_join(Thread, nullptr);
  std::printf("program: allocs=%llu frees=%llu bytes=%llu kept=%d\n",
              Allocs.load(), Frees.load(), Bytes.load(), NumThreads);
  return 0;
}
