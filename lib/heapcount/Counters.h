//===- Counters.h - heapcount's portable counters and report ---*- C++ -*-===//
//
// The part of heapcount that knows nothing about the operating system: the
// counters the backends update on every heap call, the power-of-two size
// histogram and the JSON report. It must not allocate (the backends call it
// from inside malloc) and must not need the C++ runtime (a preloaded library
// that pulled in libstdc++ would add that library's own start-up allocations
// to a C program's counts), so it uses only atomics and stdio.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_HEAPCOUNT_COUNTERS_H
#define ALLOC_TIDY_LIB_HEAPCOUNT_COUNTERS_H

#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace heapcount {

/// Every counted entry point. The order is the order of the report.
enum class Fn : unsigned {
  Malloc,
  Calloc,
  Realloc,
  Free,
  AlignedAlloc,
  PosixMemalign,
  Memalign,
  Valloc,
  Pvalloc,
  Reallocarray,
  New,
  NewArray,
  NewAligned,
  NewArrayAligned,
  NewNothrow,
  NewArrayNothrow,
  NewAlignedNothrow,
  NewArrayAlignedNothrow,
  Delete,
  DeleteArray,
  DeleteSized,
  DeleteArraySized,
  DeleteAligned,
  DeleteArrayAligned,
  DeleteSizedAligned,
  DeleteArraySizedAligned,
  DeleteNothrow,
  DeleteArrayNothrow,
  DeleteAlignedNothrow,
  DeleteArrayAlignedNothrow,
  Count
};

/// The name of \p F in the report ("malloc", "operator new[](size_t)", ...).
const char *fnName(Fn F);

/// Buckets 0..NumBuckets-1 hold sizes <= 2^Bucket; the last one also takes
/// everything larger.
constexpr unsigned NumBuckets = 41;

/// The index of the smallest power of two >= \p Size (0 for 0 and 1).
unsigned bucketOf(std::size_t Size);

/// A copy of the counters at one moment, plain integers.
struct Totals {
  std::uint64_t Allocs = 0;
  std::uint64_t Frees = 0;
  std::uint64_t Bytes = 0;
  std::uint64_t LiveBlocks = 0;
  std::uint64_t LiveBytes = 0;
  std::uint64_t PeakLiveBytes = 0;
};

/// Counts a call to \p F asking for \p Requested bytes (0 for a release).
void countCall(Fn F, std::size_t Requested);

/// Counts one allocation of \p Requested bytes, whose block the allocator made
/// \p BlockBytes large (what a later release subtracts from the live bytes).
/// \p Live is false for an allocation that left no block behind: valgrind
/// counts a realloc that fails or frees (size 0) as an allocation too.
void addAlloc(std::size_t Requested, std::size_t BlockBytes, bool Live = true);

/// Counts one release of a block of \p BlockBytes; \p Live as above (a
/// failed realloc keeps its block but valgrind counts the free).
void addFree(std::size_t BlockBytes, bool Live = true);

Totals snapshotTotals();

/// Writes the JSON report (schema in docs/heapcount.md) to \p Out.
void writeJson(std::FILE *Out, const char *Platform);

} // namespace heapcount

#endif // ALLOC_TIDY_LIB_HEAPCOUNT_COUNTERS_H
