//===- Counters.h - heapcount's portable counters and report ---*- C++ -*-===//
//
// The part of heapcount that knows nothing about the operating system: the
// counters the backends update on every heap call, the power-of-two size
// histogram, named scopes, allocation stacks and the JSON report. It must not
// allocate (the backends call it from inside malloc, and from a signal
// handler when a program crashes) and must not need the C++ runtime (a
// preloaded library that pulled in libstdc++ would add that library's own
// start-up allocations to a C program's counts), so it uses only atomics,
// static storage and a write callback.
//
// Hot-path counters live in one block per thread, written only by their
// thread, so counting takes no locked instruction; a report or snapshot sums
// the blocks. The backend keeps each thread's block in its own thread-local
// slot (claimThreadBlock/releaseThreadBlock), because thread-local storage
// that never allocates is platform business.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_HEAPCOUNT_COUNTERS_H
#define ALLOC_TIDY_LIB_HEAPCOUNT_COUNTERS_H

#include <atomic>
#include <cstddef>
#include <cstdint>

// Hidden: the counting library exports only the functions it interposes, so
// that its own globals are reached without a GOT load on every call.
#if defined(__ELF__)
#pragma GCC visibility push(hidden)
#endif

namespace heapcount {

/// Every counted heap entry point. The order is the order of the report.
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
  // Windows: the CRT's own forms, which allocate inside the CRT where an
  // import hook on malloc does not see them, and the Win32 heap.
  AlignedMallocWin,
  AlignedReallocWin,
  AlignedFreeWin,
  RecallocWin,
  StrdupWin,
  WcsdupWin,
  HeapAlloc,
  HeapReAlloc,
  HeapFree,
  HeapCreate,
  HeapDestroy,
  RtlAllocateHeap,
  RtlReAllocateHeap,
  RtlFreeHeap,
  RtlCreateHeap,
  RtlDestroyHeap,
  // Linux: a sanitizer's allocator, counted through its hooks, which do not
  // say which function allocated or released (linux/Allocator.h).
  SanitizerAlloc,
  SanitizerFree,
  Count
};

/// The operating system's mapping calls, counted apart from the heap.
enum class OsFn : unsigned {
  Mmap,
  Munmap,
  Mremap,
  Brk,
  Sbrk,
  VirtualAlloc,
  VirtualFree,
  MapViewOfFile,
  UnmapViewOfFile,
  Count
};

/// The name of \p F in the report ("malloc", "operator new[](size_t)", ...).
const char *fnName(Fn F);
const char *osFnName(OsFn F);

/// Buckets 0..NumBuckets-1 hold sizes <= 2^Bucket; the last one also takes
/// everything larger.
constexpr unsigned NumBuckets = 41;

/// The index of the smallest power of two >= \p Size (0 for 0 and 1).
namespace detail {
// bucketOf for the sizes most allocations have, one load instead of a
// count of leading zeros and two tests.
constexpr std::size_t SmallSizes = 1024;
struct SmallBucketTable {
  unsigned char Of[SmallSizes + 1] = {};
  constexpr SmallBucketTable() {
    for (std::size_t Size = 2; Size <= SmallSizes; ++Size)
      for (std::size_t Power = 1; Power < Size; Power *= 2)
        ++Of[Size];
  }
};
inline constexpr SmallBucketTable SmallBuckets{};
} // namespace detail

inline unsigned bucketOf(std::size_t Size) {
  if (Size <= detail::SmallSizes)
    return detail::SmallBuckets.Of[Size];
  // ceil(log2(Size)) from the highest set bit of Size - 1 (GCC and clang,
  // mingw-w64 included).
  unsigned Bucket = 64 - static_cast<unsigned>(__builtin_clzll(
                             static_cast<unsigned long long>(Size - 1)));
  return Bucket < NumBuckets ? Bucket : NumBuckets - 1;
}

using Counter = std::atomic<std::uint64_t>;
constexpr auto Relaxed = std::memory_order_relaxed;
constexpr unsigned NumFns = static_cast<unsigned>(Fn::Count);
constexpr unsigned NumOsFns = static_cast<unsigned>(OsFn::Count);

/// One thread's counters. Only its thread writes them (but for the shared
/// block), so an update is a relaxed load and store, no locked instruction;
/// readers sum all blocks with relaxed loads. Every counter the hot path
/// touches is one the report needs: allocations are the histogram's sum,
/// bytes the functions' sum, live blocks allocations - frees + LiveAdjust.
struct ThreadBlock {
  std::atomic<bool> InUse{false};
  bool Shared = false;
  Counter Frees{0};
  /// What allocations - frees misses: a counted allocation that left no
  /// block (-1), a counted free that released none (+1), a block made (+1)
  /// or released (-1) while counting was paused. Wraps; the sum is right.
  Counter LiveAdjust{0};
  /// Per function, its calls and the bytes of its allocations side by side:
  /// one cache line for both.
  struct FnCounters {
    Counter Calls{0};
    Counter Bytes{0};
  } Fns[NumFns] = {};
  Counter Histogram[NumBuckets] = {};
  Counter OsCalls[NumOsFns] = {};
  Counter OsBytes[NumOsFns] = {};
};

/// A block for a thread that has none yet: a free one from a static pool, or
/// a shared one (updated with locked instructions) when the pool is used up.
/// Its counts stay in the totals after the thread releases it.
ThreadBlock *claimThreadBlock();
/// Gives \p Block back for a later thread.
void releaseThreadBlock(ThreadBlock *Block);
/// The shared block: for a thread whose own block was already released
/// (thread-exit code that still allocates).
ThreadBlock *sharedThreadBlock();
/// In a child after fork: only \p Survivor's thread still exists, and no
/// other thread holds a lock.
void afterForkInChild(ThreadBlock *Survivor);

/// Must be called before the process gets a second thread: from then on
/// the process-wide live-bytes counter takes locked updates. (A second
/// claimThreadBlock calls it too, as a safety net for threads the backend
/// did not see start; the first updates of such a thread may then race
/// with the plain ones of a thread that has not seen the change yet.)
void noteThreadsStarting();

/// A copy of the counters at one moment, plain integers.
struct Totals {
  std::uint64_t Allocs = 0;
  std::uint64_t Frees = 0;
  std::uint64_t Bytes = 0;
  std::uint64_t LiveBlocks = 0;
  std::uint64_t LiveBytes = 0;
  std::uint64_t PeakLiveBytes = 0;
};

// The hot path is inline: a call per counter costs as much as the counting.
namespace detail {
// Live bytes and their peak are process-wide by nature; while the process
// has a single thread they take plain updates too.
/// Paused: see pauseCounting. Threaded: see noteThreadsStarting. Stacks:
/// allocation stacks are collected. BackendSlow: the backend's own fast path
/// does not apply (set until the backend says it does, see
/// setBackendFastPath).
enum ModeBits : unsigned {
  Paused = 1,
  Threaded = 2,
  Stacks = 4,
  BackendSlow = 8
};
/// All of the above in one word: the common case (counting, one thread, no
/// stacks) is one load and one compare with zero.
extern std::atomic<unsigned> Mode;
extern Counter LiveBytes;
extern Counter PeakLiveBytes;
extern unsigned Depth;

// \p Shared is read once per call by the callers: the compiler cannot keep
// T.Shared in a register across stores to atomics.
inline void bump(bool Shared, Counter &C, std::uint64_t By) {
  if (Shared)
    C.fetch_add(By, Relaxed);
  else
    C.store(C.load(Relaxed) + By, Relaxed);
}

// Live bytes, atomically once the process has threads; the peak follows
// while counting.
inline void addLiveBytes(std::uint64_t Bytes, bool Threads, bool Counting) {
  if (Threads) {
    std::uint64_t Now = LiveBytes.fetch_add(Bytes, Relaxed) + Bytes;
    std::uint64_t Peak = PeakLiveBytes.load(Relaxed);
    while (Counting && Now > Peak &&
           !PeakLiveBytes.compare_exchange_weak(Peak, Now, Relaxed)) {
    }
    return;
  }
  std::uint64_t Now = LiveBytes.load(Relaxed) + Bytes;
  LiveBytes.store(Now, Relaxed);
  if (Counting && Now > PeakLiveBytes.load(Relaxed))
    PeakLiveBytes.store(Now, Relaxed);
}

inline void subLiveBytes(std::uint64_t Bytes, bool Threads) {
  if (Threads)
    LiveBytes.fetch_sub(Bytes, Relaxed);
  else
    LiveBytes.store(LiveBytes.load(Relaxed) - Bytes, Relaxed);
}
} // namespace detail

/// True when, in \p ModeNow (the mode read once by the caller), a thread
/// with a block of its own can count with countAllocationFast and
/// countReleaseFast.
inline bool fastModeOpen(unsigned ModeNow) {
  return (ModeNow & ~unsigned{detail::Threaded}) == 0;
}
inline unsigned currentMode() { return detail::Mode.load(Relaxed); }

/// A backend says whether its fast path (e.g. reading block sizes from the
/// allocator's own headers) applies.
void setBackendFastPath(bool On);

/// True while counting is on (see pauseCounting/startCounting).
inline bool counting() {
  return !(detail::Mode.load(Relaxed) & detail::Paused);
}
/// Stops counting calls until \p Marker: "api" (the program calls
/// startCounting through the API) or "scope:NAME" (the program enters the
/// scope NAME, or calls the API). Blocks and live bytes are still followed
/// so that the live figures stay right.
void pauseCounting(const char *Marker);
/// Starts counting; the peak restarts from what is live now.
void startCounting();

/// Counts a call to \p F (every call, whether it allocates, fails or
/// releases null).
inline void countCall(ThreadBlock &T, Fn F) {
  if (counting())
    detail::bump(T.Shared, T.Fns[static_cast<unsigned>(F)].Calls, 1);
}

/// Counts one allocation by \p F of \p Requested bytes, whose block the
/// allocator made \p BlockBytes large (what a later release subtracts from
/// the live bytes). \p Live is false for an allocation that left no block
/// behind: valgrind counts a realloc that fails or frees (size 0) as an
/// allocation too.
inline void addAlloc(ThreadBlock &T, Fn F, std::size_t Requested,
                     std::size_t BlockBytes, bool Live = true) {
  using namespace detail;
  bool On = counting();
  bool Shared = T.Shared;
  if (On) {
    bump(Shared, T.Fns[static_cast<unsigned>(F)].Bytes, Requested);
    bump(Shared, T.Histogram[bucketOf(Requested)], 1);
    if (!Live)
      bump(Shared, T.LiveAdjust, ~std::uint64_t{0});
  } else if (Live) {
    bump(Shared, T.LiveAdjust, 1);
  }
  if (Live)
    addLiveBytes(BlockBytes, Mode.load(Relaxed) & Threaded, On);
}

/// Counts one release of a block of \p BlockBytes; \p Live as above (a
/// failed realloc keeps its block but valgrind counts the free).
inline void addFree(ThreadBlock &T, std::size_t BlockBytes, bool Live = true) {
  using namespace detail;
  bool Shared = T.Shared;
  if (counting()) {
    bump(Shared, T.Frees, 1);
    if (!Live)
      bump(Shared, T.LiveAdjust, 1);
  } else if (Live) {
    bump(Shared, T.LiveAdjust, ~std::uint64_t{0});
  }
  if (Live)
    subLiveBytes(BlockBytes, Mode.load(Relaxed) & Threaded);
}

/// countAllocation when counting, in a block of the thread's own: plain
/// updates; \p ModeNow as read by the caller.
inline void countAllocationFast(ThreadBlock &T, Fn F, std::size_t Requested,
                                std::size_t BlockBytes, unsigned ModeNow) {
  using namespace detail;
  unsigned I = static_cast<unsigned>(F);
  bump(false, T.Fns[I].Calls, 1);
  bump(false, T.Fns[I].Bytes, Requested);
  bump(false, T.Histogram[bucketOf(Requested)], 1);
  addLiveBytes(BlockBytes, ModeNow & Threaded, /*Counting=*/true);
}

/// countRelease when counting, in a block of the thread's own.
inline void countReleaseFast(ThreadBlock &T, Fn F, std::size_t BlockBytes,
                             unsigned ModeNow) {
  using namespace detail;
  bump(false, T.Fns[static_cast<unsigned>(F)].Calls, 1);
  bump(false, T.Frees, 1);
  subLiveBytes(BlockBytes, ModeNow & Threaded);
}

/// A call to \p F that made a block: countCall and addAlloc in one.
inline void countAllocation(ThreadBlock &T, Fn F, std::size_t Requested,
                            std::size_t BlockBytes) {
  unsigned ModeNow = currentMode();
  if (!(ModeNow & detail::Paused) && !T.Shared) {
    countAllocationFast(T, F, Requested, BlockBytes, ModeNow);
    return;
  }
  countCall(T, F);
  addAlloc(T, F, Requested, BlockBytes);
}

/// A call to \p F that released a block: countCall and addFree in one.
inline void countRelease(ThreadBlock &T, Fn F, std::size_t BlockBytes) {
  unsigned ModeNow = currentMode();
  if (!(ModeNow & detail::Paused) && !T.Shared) {
    countReleaseFast(T, F, BlockBytes, ModeNow);
    return;
  }
  countCall(T, F);
  addFree(T, BlockBytes);
}

/// \p Blocks blocks of \p Bytes in all stop being live without a release
/// call (a Windows heap destroyed with its blocks).
inline void dropBlocks(ThreadBlock &T, std::uint64_t Blocks,
                       std::uint64_t Bytes) {
  detail::bump(T.Shared, T.LiveAdjust, std::uint64_t{0} - Blocks);
  detail::subLiveBytes(Bytes, detail::Mode.load(Relaxed) & detail::Threaded);
}

/// Counts a mapping call of \p Bytes (0 when the call has no length).
inline void countOsCall(ThreadBlock &T, OsFn F, std::size_t Bytes) {
  if (!counting())
    return;
  unsigned I = static_cast<unsigned>(F);
  detail::bump(T.Shared, T.OsCalls[I], 1);
  detail::bump(T.Shared, T.OsBytes[I], Bytes);
}

Totals snapshotTotals();

/// Why the backend cannot count this process's heap calls (null when it
/// can), for the in-process API's heapcount_diagnosis.
void setDiagnosis(const char *Problem);
const char *diagnosis();

/// Adds the counts of one run of the scope \p Name (what happened between
/// its start and end, process-wide). Names are copied; at most MaxScopes
/// names are kept, later ones are counted under "(other scopes)".
void addScope(const char *Name, const Totals &Delta);
constexpr unsigned MaxScopes = 128;
constexpr unsigned MaxScopeName = 96;

/// Called when the scope \p Name is entered: starts counting when it is the
/// marker.
void enterScope(const char *Name);

/// Allocation stacks (--stacks): each distinct stack of return addresses
/// (innermost first) with its allocation calls and requested bytes. The
/// table is allocated by the backend (it knows how to get memory without
/// the heap) with stackTableBytes(Depth, BySize) bytes, zeroed. \p BySize
/// (heapcount --profile) makes the requested size part of an entry's key:
/// each (stack, size) pair is an entry of its own, written with its "size".
std::size_t stackTableBytes(unsigned Depth, bool BySize = false);
/// How many distinct stacks the table holds; the allocations of any more
/// are counted as dropped.
std::size_t stackTableCapacity();
void setStackTable(void *Memory, unsigned Depth, bool BySize = false);
/// 0 when stacks are not collected.
inline unsigned stackDepth() { return detail::Depth; }
void addStack(void *const *Frames, unsigned NumFrames, std::size_t Bytes);
/// One entry of the stack table as forEachStack shows it: \p Key stays the
/// same for the entry as long as the process lives (the in-process API
/// compares two walks by it); \p Frames (innermost first, \p NumFrames of
/// them) is valid during the visit only.
struct StackView {
  std::uintptr_t Key;
  std::uint64_t Calls;
  std::uint64_t Bytes;
  std::uint64_t Size;
  const void *const *Frames;
  unsigned NumFrames;
};
using StackVisitor = void (*)(const StackView &S, void *Context);
/// Visits every stack recorded so far; returns the number visited. Takes no
/// lock and does not allocate.
std::size_t forEachStack(StackVisitor Visit, void *Context);

/// Where the report goes: \p Write is called with consecutive pieces.
using WriteFn = void (*)(const char *Data, std::size_t Size, void *Context);

/// A loaded module, for the symbolizer: [Start, End) mapped from Path, whose
/// addresses are relative to Base.
struct Module {
  const char *Path;
  std::uintptr_t Base;
  std::uintptr_t Start;
  std::uintptr_t End;
};
using ModuleVisitor = void (*)(const Module &M, void *Context);
using ModuleEnumerator = void (*)(ModuleVisitor Visit, void *Context);

class JsonWriter;

/// How the process is ending, for the report.
struct ProcessInfo {
  const char *Platform = "";
  long Pid = 0;
  long ParentPid = 0;
  /// "exit", "_exit", "signal" or "snapshot".
  const char *End = "exit";
  int Signal = 0;
  /// Windows: the code of the exception that ended the process, 0 if none.
  std::uint32_t Exception = 0;
  /// The program's path and its arguments (argv[0] first), each ended by a
  /// NUL, ArgumentsSize bytes in all; for "run", which `heapcount diff`
  /// compares. Null when unknown.
  const char *Program = nullptr;
  const char *Arguments = nullptr;
  std::size_t ArgumentsSize = 0;
  /// Lists the loaded modules when stacks were collected.
  ModuleEnumerator Modules = nullptr;
  /// How the heap calls were counted ("interposition", "AddressSanitizer's
  /// allocator hooks", "none"), and why nothing could be counted; written in
  /// "counting" when set.
  const char *Via = nullptr;
  const char *Problem = nullptr;
  /// Writes the backend's own members of the report (each starting with
  /// ",\n"), after "process".
  void (*WriteExtra)(JsonWriter &Out) = nullptr;
};

/// Writes the JSON report (schema in docs/heapcount.md). Allocation-free and
/// async-signal-safe as long as \p Write is.
void writeJson(WriteFn Write, void *Context, const ProcessInfo &Info);

} // namespace heapcount

#if defined(__ELF__)
#pragma GCC visibility pop
#endif

#endif // ALLOC_TIDY_LIB_HEAPCOUNT_COUNTERS_H
