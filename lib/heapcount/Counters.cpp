//===- Counters.cpp - heapcount's portable counters and report ------------===//

#include "lib/heapcount/Counters.h"

#include <atomic>

namespace heapcount {
namespace {

// Relaxed atomics: every counter is a sum that is only read at the end (or by
// a snapshot that tolerates a call in flight), so no ordering is needed and no
// thread ever waits for a lock in malloc.
using Counter = std::atomic<std::uint64_t>;

struct FnCounters {
  Counter Calls{0};
  Counter Bytes{0};
};

FnCounters PerFn[static_cast<unsigned>(Fn::Count)];
Counter Allocs{0};
Counter Frees{0};
Counter Bytes{0};
// Live blocks are allocs - frees but for the calls that counted without
// making or releasing a block (rare): one locked add less per call.
Counter NotLiveAllocs{0};
Counter NotLiveFrees{0};
Counter LiveBytes{0};
Counter PeakLiveBytes{0};
Counter Histogram[NumBuckets];

const char *const Names[] = {
    "malloc",
    "calloc",
    "realloc",
    "free",
    "aligned_alloc",
    "posix_memalign",
    "memalign",
    "valloc",
    "pvalloc",
    "reallocarray",
    "operator new(size_t)",
    "operator new[](size_t)",
    "operator new(size_t, align_val_t)",
    "operator new[](size_t, align_val_t)",
    "operator new(size_t, nothrow_t)",
    "operator new[](size_t, nothrow_t)",
    "operator new(size_t, align_val_t, nothrow_t)",
    "operator new[](size_t, align_val_t, nothrow_t)",
    "operator delete(void*)",
    "operator delete[](void*)",
    "operator delete(void*, size_t)",
    "operator delete[](void*, size_t)",
    "operator delete(void*, align_val_t)",
    "operator delete[](void*, align_val_t)",
    "operator delete(void*, size_t, align_val_t)",
    "operator delete[](void*, size_t, align_val_t)",
    "operator delete(void*, nothrow_t)",
    "operator delete[](void*, nothrow_t)",
    "operator delete(void*, align_val_t, nothrow_t)",
    "operator delete[](void*, align_val_t, nothrow_t)",
};
static_assert(sizeof(Names) / sizeof(Names[0]) ==
                  static_cast<unsigned>(Fn::Count),
              "one name per counted function");

std::uint64_t load(const Counter &C) {
  return C.load(std::memory_order_relaxed);
}

} // namespace

const char *fnName(Fn F) { return Names[static_cast<unsigned>(F)]; }

unsigned bucketOf(std::size_t Size) {
  if (Size <= 1)
    return 0;
  // ceil(log2(Size)) from the highest set bit of Size - 1 (GCC and clang,
  // mingw-w64 included).
  unsigned Bucket = 64 - static_cast<unsigned>(__builtin_clzll(
                             static_cast<unsigned long long>(Size - 1)));
  return Bucket < NumBuckets ? Bucket : NumBuckets - 1;
}

void countCall(Fn F, std::size_t Requested) {
  FnCounters &C = PerFn[static_cast<unsigned>(F)];
  C.Calls.fetch_add(1, std::memory_order_relaxed);
  if (Requested != 0)
    C.Bytes.fetch_add(Requested, std::memory_order_relaxed);
}

void addAlloc(std::size_t Requested, std::size_t BlockBytes, bool Live) {
  Allocs.fetch_add(1, std::memory_order_relaxed);
  Bytes.fetch_add(Requested, std::memory_order_relaxed);
  Histogram[bucketOf(Requested)].fetch_add(1, std::memory_order_relaxed);
  if (!Live) {
    NotLiveAllocs.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  std::uint64_t Now =
      LiveBytes.fetch_add(BlockBytes, std::memory_order_relaxed) + BlockBytes;
  std::uint64_t Peak = load(PeakLiveBytes);
  while (Now > Peak && !PeakLiveBytes.compare_exchange_weak(
                           Peak, Now, std::memory_order_relaxed)) {
  }
}

void addFree(std::size_t BlockBytes, bool Live) {
  Frees.fetch_add(1, std::memory_order_relaxed);
  if (!Live) {
    NotLiveFrees.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  LiveBytes.fetch_sub(BlockBytes, std::memory_order_relaxed);
}

Totals snapshotTotals() {
  Totals T;
  T.Allocs = load(Allocs);
  T.Frees = load(Frees);
  T.Bytes = load(Bytes);
  T.LiveBlocks =
      T.Allocs - load(NotLiveAllocs) - (T.Frees - load(NotLiveFrees));
  T.LiveBytes = load(LiveBytes);
  T.PeakLiveBytes = load(PeakLiveBytes);
  return T;
}

void writeJson(std::FILE *Out, const char *Platform) {
  Totals T = snapshotTotals();
  std::fprintf(Out, "{\"version\":1,\"platform\":\"%s\",\"total\":{", Platform);
  std::fprintf(Out,
               "\"allocs\":%llu,\"frees\":%llu,\"bytes\":%llu,"
               "\"peak_live_bytes\":%llu,\"live_blocks_at_exit\":%llu,"
               "\"live_bytes_at_exit\":%llu},\n\"functions\":{",
               static_cast<unsigned long long>(T.Allocs),
               static_cast<unsigned long long>(T.Frees),
               static_cast<unsigned long long>(T.Bytes),
               static_cast<unsigned long long>(T.PeakLiveBytes),
               static_cast<unsigned long long>(T.LiveBlocks),
               static_cast<unsigned long long>(T.LiveBytes));
  // Only the functions the program called: a C program's report does not
  // list twenty operator forms at zero.
  const char *Sep = "";
  for (unsigned I = 0; I < static_cast<unsigned>(Fn::Count); ++I) {
    std::uint64_t Calls = load(PerFn[I].Calls);
    if (Calls == 0)
      continue;
    std::fprintf(Out, "%s\n\"%s\":{\"calls\":%llu,\"bytes\":%llu}", Sep,
                 Names[I], static_cast<unsigned long long>(Calls),
                 static_cast<unsigned long long>(load(PerFn[I].Bytes)));
    Sep = ",";
  }
  std::fprintf(Out, "},\n\"histogram\":[");
  // Buckets from the smallest up to the largest one in use, each with the
  // share of all allocations at or under its size.
  std::uint64_t Counts[NumBuckets];
  std::uint64_t All = 0;
  unsigned Last = 0;
  for (unsigned I = 0; I < NumBuckets; ++I) {
    Counts[I] = load(Histogram[I]);
    All += Counts[I];
    if (Counts[I] != 0)
      Last = I;
  }
  std::uint64_t Cumulative = 0;
  for (unsigned I = 0; All != 0 && I <= Last; ++I) {
    Cumulative += Counts[I];
    std::fprintf(Out, "%s\n{\"le\":%llu,\"count\":%llu,\"share\":%.6f}",
                 I == 0 ? "" : ",", 1ULL << I,
                 static_cast<unsigned long long>(Counts[I]),
                 static_cast<double>(Cumulative) / static_cast<double>(All));
  }
  std::fprintf(Out, "]}\n");
}

} // namespace heapcount
