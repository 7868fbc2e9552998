/*===- heapcount.h - count heap calls from inside a program -----*- C -*-===*
 *
 * The in-process API of heapcount, header-only and usable from C and C++:
 *
 *   heapcount::Counts C = heapcount::countIn([&] { buildBuffer(); });
 *   EXPECT_LE(C.Allocs, 3u);
 *
 * The counts come from libheapcount.so, preloaded by `heapcount -- PROGRAM`
 * (or LD_PRELOAD). The header finds it at run time, so a program needs no
 * link flag and still runs without it: heapcount_snapshot then returns 0 and
 * every count is 0 (heapcount::active() says which). Counts are those of
 * the whole process (every thread) between two snapshots.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HEAPCOUNT_HEAPCOUNT_H
#define HEAPCOUNT_HEAPCOUNT_H

#include <stdint.h>

/* NOLINTBEGIN(readability-identifier-naming): the C API has C names. */
#ifdef __cplusplus
extern "C" {
#endif

/* The process's totals at one moment, as in the report's "total". */
typedef struct heapcount_snapshot {
  uint64_t allocs;
  uint64_t frees;
  uint64_t bytes;
  uint64_t live_blocks;
  uint64_t live_bytes;
  uint64_t peak_live_bytes;
} heapcount_snapshot;

/* Exported by libheapcount.so; versioned so that a later layout of the
   struct gets a new name. */
typedef int (*heapcount_snapshot_fn)(heapcount_snapshot *);
#define HEAPCOUNT_SNAPSHOT_SYMBOL "heapcount_snapshot_v1"

#if defined(__linux__) && !defined(HEAPCOUNT_NO_INLINE_API)
#include <dlfcn.h>
#include <string.h>

/* Fills *out and returns 1 under the counting library; zeroes *out and
   returns 0 without it. */
static inline int heapcount_snapshot_take(heapcount_snapshot *out) {
  /* Looked up once: a failed dlsym allocates its error message. */
  static heapcount_snapshot_fn fn;
  static int looked_up;
  if (!looked_up) {
    fn = (heapcount_snapshot_fn)dlsym(RTLD_DEFAULT, HEAPCOUNT_SNAPSHOT_SYMBOL);
    looked_up = 1;
  }
  if (fn)
    return fn(out);
  memset(out, 0, sizeof(*out));
  return 0;
}
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif
/* NOLINTEND(readability-identifier-naming) */

#if defined(__cplusplus) && defined(__linux__) &&                              \
    !defined(HEAPCOUNT_NO_INLINE_API)
namespace heapcount {

/// The difference of two snapshots: what happened in between.
struct Counts {
  uint64_t Allocs = 0;
  uint64_t Frees = 0;
  uint64_t Bytes = 0;
};

/// True when the counting library is loaded (otherwise every count is 0).
inline bool active() {
  heapcount_snapshot S;
  return heapcount_snapshot_take(&S) != 0;
}

/// Counts the heap calls made from its construction to counts().
class Scope {
public:
  Scope() { heapcount_snapshot_take(&Start); }
  Counts counts() const {
    heapcount_snapshot Now;
    heapcount_snapshot_take(&Now);
    Counts C;
    C.Allocs = Now.allocs - Start.allocs;
    C.Frees = Now.frees - Start.frees;
    C.Bytes = Now.bytes - Start.bytes;
    return C;
  }

private:
  heapcount_snapshot Start;
};

/// The heap calls \p Body makes (with those of other threads meanwhile).
template <typename Callable> Counts countIn(Callable &&Body) {
  Scope S;
  Body();
  return S.counts();
}

} // namespace heapcount
#endif

#endif /* HEAPCOUNT_HEAPCOUNT_H */
