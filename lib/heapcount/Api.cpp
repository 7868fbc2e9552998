//===- Api.cpp - the in-process API's entry points ------------------------===//
//
// What lib/heapcount/include/heapcount/heapcount.h looks up by name in the
// counting library, on every platform.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/Counters.h"

#define HEAPCOUNT_NO_INLINE_API
#include "lib/heapcount/include/heapcount/heapcount.h"

#if defined(_WIN32)
#define HEAPCOUNT_EXPORT __declspec(dllexport)
#else
#define HEAPCOUNT_EXPORT __attribute__((visibility("default")))
#endif

// NOLINTBEGIN(readability-identifier-naming): C symbols of the C API.
extern "C" {

HEAPCOUNT_EXPORT int heapcount_snapshot_v1(heapcount_snapshot *Out) {
  heapcount::Totals T = heapcount::snapshotTotals();
  Out->allocs = T.Allocs;
  Out->frees = T.Frees;
  Out->bytes = T.Bytes;
  Out->live_blocks = T.LiveBlocks;
  Out->live_bytes = T.LiveBytes;
  Out->peak_live_bytes = T.PeakLiveBytes;
  return 1;
}

HEAPCOUNT_EXPORT void heapcount_start_v1(void) { heapcount::startCounting(); }

HEAPCOUNT_EXPORT void heapcount_scope_enter_v1(const char *Name) {
  if (Name)
    heapcount::enterScope(Name);
}

HEAPCOUNT_EXPORT void heapcount_scope_add_v1(const char *Name,
                                             const heapcount_snapshot *Delta) {
  if (!Name || !Delta)
    return;
  heapcount::Totals T;
  T.Allocs = Delta->allocs;
  T.Frees = Delta->frees;
  T.Bytes = Delta->bytes;
  heapcount::addScope(Name, T);
}

} // extern "C"
// NOLINTEND(readability-identifier-naming)
