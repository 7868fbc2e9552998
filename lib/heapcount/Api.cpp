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

HEAPCOUNT_EXPORT int heapcount_status_v1(heapcount_status *Out) {
  if (!Out)
    return 0;
  Out->counting = heapcount::counting() ? 1 : 0;
  Out->stack_depth = heapcount::stackDepth();
  return 1;
}

HEAPCOUNT_EXPORT unsigned long
heapcount_stacks_v1(heapcount_stack_visit_fn Visit, void *Context) {
  if (!Visit)
    return 0;
  struct Forward {
    heapcount_stack_visit_fn Visit;
    void *Context;
  } F{Visit, Context};
  return static_cast<unsigned long>(heapcount::forEachStack(
      [](const heapcount::StackView &View, void *Raw) {
        auto *To = static_cast<Forward *>(Raw);
        heapcount_stack S;
        S.key = View.Key;
        S.calls = View.Calls;
        S.bytes = View.Bytes;
        S.frames = View.Frames;
        S.num_frames = View.NumFrames;
        To->Visit(&S, To->Context);
      },
      &F));
}

HEAPCOUNT_EXPORT const char *heapcount_diagnosis_v1(void) {
  return heapcount::diagnosis();
}

} // extern "C"
// NOLINTEND(readability-identifier-naming)
