/* N small malloc/free pairs, the workload of bench/heapcount-overhead.sh.

     malloc_pairs [N]        (N defaults to 2000000)

   Each step allocates a block of 16 to 64 bytes, writes to it, and frees the
   block allocated 8 steps earlier, so 8 blocks of mixed sizes are live at a
   time (not one tcache slot reused over and over); the last 8 are freed
   after the loop. Exactly N mallocs and N frees, timed with CLOCK_MONOTONIC
   and printed on stdout as "pairs=N loop_ns=NANOSECONDS": the per-call cost
   without process start-up, which the script's wall time includes.

   clang removes a malloc whose block never escapes together with its free
   at -O2. Here every block's address is stored into, and read back from, a
   volatile array, so the calls stay; the script checks under heapcount that
   at least N allocations really happen. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { LiveBlocks = 8 };

static void *volatile Slots[LiveBlocks];
static const size_t Sizes[LiveBlocks] = {16, 24, 32, 40, 48, 56, 64, 20};

static long long nowNs(void) {
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (long long)Now.tv_sec * 1000000000LL + Now.tv_nsec;
}

int main(int Argc, char **Argv) {
  unsigned long N = 2000000;
  if (Argc > 2) {
    fprintf(stderr, "malloc_pairs: error: too many arguments (usage: "
                    "malloc_pairs [N])\n");
    return 2;
  }
  if (Argc == 2) {
    char *End;
    N = strtoul(Argv[1], &End, 10);
    if (*Argv[1] == '\0' || *Argv[1] == '-' || *End != '\0') {
      fprintf(stderr,
              "malloc_pairs: error: '%s' is not a count (usage: "
              "malloc_pairs [N])\n",
              Argv[1]);
      return 2;
    }
  }

  long long Start = nowNs();
  for (unsigned long I = 0; I < N; ++I) {
    unsigned Slot = I % LiveBlocks;
    size_t Size = Sizes[(I + I / LiveBlocks) % LiveBlocks];
    unsigned char *Block = malloc(Size);
    if (!Block) {
      fprintf(stderr, "malloc_pairs: error: malloc(%zu) failed\n", Size);
      return 1;
    }
    Block[0] = (unsigned char)I;
    Block[Size - 1] = (unsigned char)Slot;
    free(Slots[Slot]); /* free(NULL) in the first 8 steps: not a pair */
    Slots[Slot] = Block;
  }
  for (unsigned Slot = 0; Slot < LiveBlocks; ++Slot) {
    free(Slots[Slot]);
    Slots[Slot] = NULL;
  }
  long long Elapsed = nowNs() - Start;

  printf("pairs=%lu loop_ns=%lld\n", N, Elapsed);
  return 0;
}
