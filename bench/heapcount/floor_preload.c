/* The least a preloaded counter that keeps exact live bytes must do: forward
 * malloc and free to glibc and read each block's size from glibc's chunk
 * header into one counter. Run side by side with heapcount by
 * bench/heapcount-overhead.sh, it shows how much of heapcount's cost is the
 * interposition itself and how much its counting. Not a tool: no report,
 * no other function, no threads (the counter is not atomic). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

static void *(*RealMalloc)(size_t);
static void (*RealFree)(void *);
static size_t LiveBytes;

static size_t blockSize(const void *P) {
  size_t Header;
  memcpy(&Header, (const char *)P - sizeof(Header), sizeof(Header));
  /* The chunk size less the header, 8 bytes more for a mapped chunk. */
  return (Header & ~(size_t)7) - sizeof(Header) - (Header & 2) * 4;
}

static void resolve(void) {
  RealMalloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
  RealFree = (void (*)(void *))dlsym(RTLD_NEXT, "free");
}

void *malloc(size_t Size) {
  if (!RealMalloc)
    resolve();
  void *P = RealMalloc(Size);
  if (P)
    LiveBytes += blockSize(P);
  return P;
}

void free(void *P) {
  if (!RealFree)
    resolve();
  if (P)
    LiveBytes -= blockSize(P);
  RealFree(P);
}
