//===- Counters.cpp - heapcount's portable counters and report ------------===//

#include "lib/heapcount/Counters.h"

#include "alloc-tidy/Version.h"
#include "lib/heapcount/JsonWriter.h"

#include <atomic>
#include <cstring>

namespace heapcount {

namespace detail {
std::atomic<unsigned> Mode{BackendSlow};
Counter LiveBytes{0};
Counter PeakLiveBytes{0};
unsigned Depth = 0;
} // namespace detail

using namespace detail;

namespace {

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
    "_aligned_malloc",
    "_aligned_realloc",
    "_aligned_free",
    "_recalloc",
    "_strdup",
    "_wcsdup",
    "HeapAlloc",
    "HeapReAlloc",
    "HeapFree",
    "HeapCreate",
    "HeapDestroy",
    "RtlAllocateHeap",
    "RtlReAllocateHeap",
    "RtlFreeHeap",
    "RtlCreateHeap",
    "RtlDestroyHeap",
    "allocation (sanitizer hook)",
    "release (sanitizer hook)",
};
static_assert(sizeof(Names) / sizeof(Names[0]) ==
                  static_cast<unsigned>(Fn::Count),
              "one name per counted function");

const char *const OsNames[] = {
    "mmap",        "munmap",        "mremap",
    "brk",         "sbrk",          "VirtualAlloc",
    "VirtualFree", "MapViewOfFile", "UnmapViewOfFile"};
static_assert(sizeof(OsNames) / sizeof(OsNames[0]) ==
                  static_cast<unsigned>(OsFn::Count),
              "one name per mapping function");

} // namespace

namespace {

// Threads beyond the pool share the last block, with locked updates.
constexpr unsigned PoolSize = 256;
ThreadBlock Pool[PoolSize];
ThreadBlock SharedBlock;
std::atomic<unsigned> PoolHint{0};
// One past the highest block ever claimed: readers stop there.
std::atomic<unsigned> PoolHigh{0};
// Blocks claimed so far (the shared one included).
std::atomic<unsigned> Claims{0};

std::atomic<bool> MarkerReached{true};
char StartMarker[MaxScopeName + 8] = "start";

// A tiny lock for the rare slow paths (scopes, new stacks): never taken by
// plain counting.
class SpinLock {
public:
  void lock() {
    while (Flag.test_and_set(std::memory_order_acquire)) {
    }
  }
  void unlock() { Flag.clear(std::memory_order_release); }
  // After fork: the thread that held it is gone.
  void reset() { Flag.clear(std::memory_order_relaxed); }

private:
  std::atomic_flag Flag = ATOMIC_FLAG_INIT;
};

struct ScopeEntry {
  char Name[MaxScopeName];
  Counter Runs{0};
  Counter Allocs{0};
  Counter Frees{0};
  Counter Bytes{0};
};
ScopeEntry Scopes[MaxScopes + 1];
// Written under ScopesLock, after the entry's name; read without it by the
// report, which may run in a signal handler that interrupted the lock's
// holder.
std::atomic<unsigned> NumScopes{0};
SpinLock ScopesLock;
const char OtherScopes[] = "(other scopes)";

// The stack table: fixed-size entries in the order they were recorded, each
// a hash, calls, bytes, the requested size when stacks are keyed by size
// (KeySizes), and Depth frames (0 after the last one); and an index, open
// addressing over entry numbers + 1 (0: empty). The index starts at one
// page and grows fourfold when three quarters full: a short process (one of
// a test suite's thousands) touches a few pages of the table, where an
// index of entries spread over all of its megabytes took a page fault for
// almost every stack. Every index size lives at its own place in the
// mapping, so that a lookup still reading a smaller one stays valid.
//
// The table's size is virtual: only the pages of the entries a process
// records are touched. Keyed by requested size, a recursive-descent parser
// records hundreds of thousands of stacks (muparser's own test filled
// 49152 entries a tenth into its run and lost 90% of its allocations), so
// on Linux the index grows to 2^20 slots. Windows commits the whole table
// with VirtualAlloc and keeps 2^16.
constexpr std::size_t FirstIndexSlots = 1024;
#ifdef _WIN32
constexpr unsigned IndexLevels = 4; // 1024, 4096, 16384, 65536 slots
#else
constexpr unsigned IndexLevels = 6; // ... 262144, 1048576 slots
#endif
constexpr std::size_t StackSlots = FirstIndexSlots << 2 * (IndexLevels - 1);
constexpr std::size_t MaxStackEntries = StackSlots / 4 * 3;
constexpr std::size_t allIndexSlots() {
  std::size_t All = 0;
  for (unsigned L = 0; L < IndexLevels; ++L)
    All += FirstIndexSlots << 2 * L;
  return All;
}
constexpr std::size_t AllIndexSlots = allIndexSlots();
char *StackTable = nullptr;
std::uint32_t *StackIndex = nullptr;
std::atomic<unsigned> IndexLevel{0};
bool KeySizes = false;
Counter DroppedStacks{0};
Counter UsedEntries{0};
SpinLock StackLock;

std::size_t indexSlots(unsigned Level) { return FirstIndexSlots << 2 * Level; }

std::atomic<std::uint32_t> *indexAt(unsigned Level) {
  std::size_t Offset = 0;
  for (unsigned L = 0; L < Level; ++L)
    Offset += indexSlots(L);
  return reinterpret_cast<std::atomic<std::uint32_t> *>(StackIndex + Offset);
}

std::size_t headerWords(bool BySize) { return BySize ? 4 : 3; }

std::size_t entryBytes(unsigned D, bool BySize) {
  return (headerWords(BySize) + static_cast<std::size_t>(D)) *
         sizeof(std::uint64_t);
}

struct StackEntry {
  Counter *Words;
  Counter &hash() const { return Words[0]; }
  Counter &calls() const { return Words[1]; }
  Counter &bytes() const { return Words[2]; }
  /// Only when KeySizes.
  Counter &size() const { return Words[3]; }
  Counter &frame(unsigned I) const { return Words[headerWords(KeySizes) + I]; }
};

StackEntry entryAt(std::size_t Number) {
  return StackEntry{reinterpret_cast<Counter *>(
      StackTable + Number * entryBytes(Depth, KeySizes))};
}

std::uint64_t hashFrames(void *const *Frames, unsigned N, std::uint64_t Size) {
  std::uint64_t H = 0x9e3779b97f4a7c15ULL;
  for (unsigned I = 0; I < N; ++I) {
    H ^= reinterpret_cast<std::uintptr_t>(Frames[I]);
    H *= 0xff51afd7ed558ccdULL;
    H ^= H >> 33;
  }
  if (KeySizes) {
    H ^= Size;
    H *= 0xff51afd7ed558ccdULL;
    H ^= H >> 33;
  }
  return H ? H : 1;
}

bool sameFrames(const StackEntry &E, void *const *Frames, unsigned N,
                std::uint64_t Size) {
  if (KeySizes && E.size().load(Relaxed) != Size)
    return false;
  for (unsigned I = 0; I < Depth; ++I) {
    std::uint64_t Want =
        I < N ? reinterpret_cast<std::uintptr_t>(Frames[I]) : 0;
    if (E.frame(I).load(Relaxed) != Want)
      return false;
  }
  return true;
}

std::uint64_t load(const Counter &C) { return C.load(Relaxed); }

void copyName(char *To, std::size_t Capacity, const char *From) {
  std::size_t Length = std::strlen(From);
  if (Length >= Capacity)
    Length = Capacity - 1;
  std::memcpy(To, From, Length);
  To[Length] = '\0';
}

struct Sums {
  std::uint64_t Calls[NumFns] = {};
  std::uint64_t FnBytes[NumFns] = {};
  std::uint64_t OsCalls[NumOsFns] = {};
  std::uint64_t OsBytes[NumOsFns] = {};
  std::uint64_t Histogram[NumBuckets] = {};
};

template <typename Visit> void forEachBlock(Visit V) {
  unsigned High = PoolHigh.load(std::memory_order_acquire);
  for (unsigned I = 0; I < High; ++I)
    V(Pool[I]);
  V(SharedBlock);
}

void writeStacks(JsonWriter &Out, const ProcessInfo &Info) {
  Out.raw(",\n\"stacks\":{\"depth\":").number(Depth);
  if (KeySizes)
    Out.raw(",\"by_size\":true");
  Out.raw(",\"dropped\":").number(load(DroppedStacks));
  Out.raw(",\n\"modules\":[");
  struct ModuleContext {
    JsonWriter *Out;
    const char *Sep;
  } Context{&Out, ""};
  if (Info.Modules)
    Info.Modules(
        [](const Module &M, void *Raw) {
          auto *C = static_cast<ModuleContext *>(Raw);
          C->Out->raw(C->Sep).raw("\n{\"path\":").string(M.Path);
          C->Out->raw(",\"base\":").hex(M.Base).raw(",\"start\":").hex(M.Start);
          C->Out->raw(",\"end\":").hex(M.End).raw("}");
          C->Sep = ",";
        },
        &Context);
  Out.raw("],\n\"list\":[");
  const char *Sep = "";
  std::size_t Used = UsedEntries.load(std::memory_order_acquire);
  for (std::size_t I = 0; I < Used; ++I) {
    StackEntry E = entryAt(I);
    Out.raw(Sep).raw("\n{\"calls\":").number(load(E.calls()));
    Out.raw(",\"bytes\":").number(load(E.bytes()));
    if (KeySizes)
      Out.raw(",\"size\":").number(load(E.size()));
    Out.raw(",\"frames\":[");
    for (unsigned I = 0; I < Depth && load(E.frame(I)); ++I)
      Out.raw(I ? "," : "").hex(load(E.frame(I)));
    Out.raw("]}");
    Sep = ",";
  }
  Out.raw("]}");
}

} // namespace

const char *fnName(Fn F) { return Names[static_cast<unsigned>(F)]; }
const char *osFnName(OsFn F) { return OsNames[static_cast<unsigned>(F)]; }

ThreadBlock *claimThreadBlock() {
  // A second thread that claims a block is one the backend did not see
  // start (C11's thrd_create and glibc's own helper threads start threads
  // without calling pthread_create through its symbol): live bytes take
  // locked updates from now on, as after noteThreadsStarting.
  if (Claims.fetch_add(1, Relaxed) != 0 && !(Mode.load(Relaxed) & Threaded))
    noteThreadsStarting();
  unsigned Start = PoolHint.load(Relaxed);
  for (unsigned I = 0; I < PoolSize; ++I) {
    unsigned Index = (Start + I) % PoolSize;
    ThreadBlock &Block = Pool[Index];
    if (!Block.InUse.load(Relaxed) &&
        !Block.InUse.exchange(true, std::memory_order_acquire)) {
      PoolHint.store((Index + 1) % PoolSize, Relaxed);
      unsigned High = PoolHigh.load(Relaxed);
      while (High < Index + 1 &&
             !PoolHigh.compare_exchange_weak(High, Index + 1,
                                             std::memory_order_release)) {
      }
      return &Block;
    }
  }
  return sharedThreadBlock();
}

void releaseThreadBlock(ThreadBlock *Block) {
  if (Block && Block != &SharedBlock)
    Block->InUse.store(false, std::memory_order_release);
}

ThreadBlock *sharedThreadBlock() {
  SharedBlock.Shared = true;
  return &SharedBlock;
}

void afterForkInChild(ThreadBlock *Survivor) {
  // Only the blocks claimed so far, and only those in use are written: a
  // write to every block made the child copy each page of the pool (a
  // shell's forks, thousands in a test suite, each paid for it).
  unsigned High = PoolHigh.load(Relaxed);
  for (unsigned I = 0; I < High; ++I)
    if (&Pool[I] != Survivor && Pool[I].InUse.load(Relaxed))
      Pool[I].InUse.store(false, Relaxed);
  ScopesLock.reset();
  StackLock.reset();
}

void noteThreadsStarting() { Mode.fetch_or(Threaded); }

void setBackendFastPath(bool On) {
  if (On)
    Mode.fetch_and(~unsigned{BackendSlow});
  else
    Mode.fetch_or(BackendSlow);
}

void pauseCounting(const char *Marker) {
  copyName(StartMarker, sizeof(StartMarker), Marker);
  Mode.fetch_or(Paused);
  MarkerReached.store(false, Relaxed);
}

void startCounting() {
  if (counting())
    return;
  PeakLiveBytes.store(load(LiveBytes), Relaxed);
  MarkerReached.store(true, Relaxed);
  Mode.fetch_and(~unsigned{Paused});
}

namespace {
std::atomic<const char *> Diagnosis{nullptr};
} // namespace

void setDiagnosis(const char *Problem) { Diagnosis.store(Problem); }
const char *diagnosis() { return Diagnosis.load(); }

Totals snapshotTotals() {
  Totals T;
  forEachBlock([&](const ThreadBlock &Block) {
    for (const Counter &Bucket : Block.Histogram)
      T.Allocs += load(Bucket);
    for (const ThreadBlock::FnCounters &Fn : Block.Fns)
      T.Bytes += load(Fn.Bytes);
    T.Frees += load(Block.Frees);
    T.LiveBlocks += load(Block.LiveAdjust);
  });
  T.LiveBlocks += T.Allocs - T.Frees;
  T.LiveBytes = load(LiveBytes);
  T.PeakLiveBytes = load(PeakLiveBytes);
  return T;
}

void addScope(const char *Name, const Totals &Delta) {
  // A scope that ran while counting was paused did not run, as far as the
  // report goes.
  if (!counting())
    return;
  ScopesLock.lock();
  unsigned Used = NumScopes.load(Relaxed);
  ScopeEntry *Entry = nullptr;
  for (unsigned I = 0; I < Used && !Entry; ++I)
    if (std::strncmp(Scopes[I].Name, Name, MaxScopeName - 1) == 0)
      Entry = &Scopes[I];
  if (!Entry) {
    // The last entry collects the names that find no room.
    bool Full = Used == MaxScopes;
    Entry = &Scopes[Used];
    if (!Full) {
      copyName(Entry->Name, MaxScopeName, Name);
      NumScopes.store(Used + 1, std::memory_order_release);
    } else if (!Entry->Name[0]) {
      copyName(Entry->Name, MaxScopeName, OtherScopes);
    }
  }
  ScopesLock.unlock();
  Entry->Runs.fetch_add(1, Relaxed);
  Entry->Allocs.fetch_add(Delta.Allocs, Relaxed);
  Entry->Frees.fetch_add(Delta.Frees, Relaxed);
  Entry->Bytes.fetch_add(Delta.Bytes, Relaxed);
}

void enterScope(const char *Name) {
  if (!counting() && std::strncmp(StartMarker, "scope:", 6) == 0 &&
      std::strncmp(StartMarker + 6, Name, MaxScopeName - 1) == 0)
    startCounting();
}

std::size_t stackTableCapacity() { return MaxStackEntries; }

std::size_t stackTableBytes(unsigned D, bool BySize) {
  return MaxStackEntries * entryBytes(D, BySize) +
         AllIndexSlots * sizeof(std::uint32_t);
}

void setStackTable(void *Memory, unsigned D, bool BySize) {
  StackTable = static_cast<char *>(Memory);
  Depth = Memory ? D : 0;
  StackIndex = Memory
                   ? reinterpret_cast<std::uint32_t *>(
                         StackTable + MaxStackEntries * entryBytes(D, BySize))
                   : nullptr;
  UsedEntries.store(0, Relaxed); // A new table has no entry.
  IndexLevel.store(0, Relaxed);
  KeySizes = Memory && BySize;
  if (Depth)
    Mode.fetch_or(Stacks);
  else
    Mode.fetch_and(~unsigned{Stacks});
}

namespace {

// The entry of this stack in the index of \p Level, or null. Lock-free: an
// index slot is published after its entry is complete.
Counter *findStack(unsigned Level, std::uint64_t Hash, void *const *Frames,
                   unsigned N, std::uint64_t Size) {
  std::atomic<std::uint32_t> *Index = indexAt(Level);
  std::size_t Mask = indexSlots(Level) - 1;
  for (std::size_t Slot = Hash & Mask;; Slot = (Slot + 1) & Mask) {
    std::uint32_t Number = Index[Slot].load(std::memory_order_acquire);
    if (Number == 0)
      return nullptr;
    StackEntry E = entryAt(Number - 1);
    if (load(E.hash()) == Hash && sameFrames(E, Frames, N, Size))
      return E.Words;
  }
}

void indexStack(unsigned Level, std::uint64_t Hash, std::uint32_t Number) {
  std::atomic<std::uint32_t> *Index = indexAt(Level);
  std::size_t Mask = indexSlots(Level) - 1;
  std::size_t Slot = Hash & Mask;
  while (Index[Slot].load(Relaxed) != 0)
    Slot = (Slot + 1) & Mask;
  Index[Slot].store(Number + 1, std::memory_order_release);
}

} // namespace

void addStack(void *const *Frames, unsigned NumFrames, std::size_t Bytes) {
  if (!Depth || !counting())
    return;
  if (NumFrames > Depth)
    NumFrames = Depth;
  std::uint64_t Hash = hashFrames(Frames, NumFrames, Bytes);
  Counter *Found = findStack(IndexLevel.load(std::memory_order_acquire), Hash,
                             Frames, NumFrames, Bytes);
  if (!Found) {
    StackLock.lock();
    // Again under the lock, in the index as it is now: another thread may
    // have added the stack or grown the index.
    unsigned Level = IndexLevel.load(Relaxed);
    Found = findStack(Level, Hash, Frames, NumFrames, Bytes);
    std::size_t Used = load(UsedEntries);
    if (!Found && Used == MaxStackEntries) {
      StackLock.unlock();
      DroppedStacks.fetch_add(1, Relaxed);
      return;
    }
    if (!Found) {
      StackEntry E = entryAt(Used);
      E.hash().store(Hash, Relaxed);
      if (KeySizes)
        E.size().store(Bytes, Relaxed);
      for (unsigned I = 0; I < NumFrames; ++I)
        E.frame(I).store(reinterpret_cast<std::uintptr_t>(Frames[I]), Relaxed);
      // Published after the entry's frames: the report reads entries
      // [0, UsedEntries) without the lock.
      UsedEntries.store(Used + 1, std::memory_order_release);
      // Three quarters full: the next index takes every entry, then is
      // published (the old one stays valid for lookups still in it).
      if (Used + 1 > indexSlots(Level) / 4 * 3 && Level + 1 < IndexLevels) {
        for (std::size_t N = 0; N < Used; ++N)
          indexStack(Level + 1, load(entryAt(N).hash()),
                     static_cast<std::uint32_t>(N));
        IndexLevel.store(++Level, std::memory_order_release);
      }
      indexStack(Level, Hash, static_cast<std::uint32_t>(Used));
      Found = E.Words;
    }
    StackLock.unlock();
  }
  StackEntry E{Found};
  E.calls().fetch_add(1, Relaxed);
  E.bytes().fetch_add(Bytes, Relaxed);
}

std::size_t forEachStack(StackVisitor Visit, void *Context) {
  if (!Depth || !StackTable)
    return 0;
  std::size_t Visited = 0;
  const void *Frames[64];
  std::size_t Used = UsedEntries.load(std::memory_order_acquire);
  for (std::size_t I = 0; I < Used; ++I) {
    StackEntry E = entryAt(I);
    StackView View;
    View.Key = reinterpret_cast<std::uintptr_t>(E.Words);
    View.Calls = load(E.calls());
    View.Bytes = load(E.bytes());
    View.Size = KeySizes ? load(E.size()) : 0;
    unsigned N = 0;
    for (; N < Depth && N < 64 && load(E.frame(N)); ++N)
      // NOLINTNEXTLINE(performance-no-int-to-ptr): the table keeps addresses.
      Frames[N] = reinterpret_cast<const void *>(
          static_cast<std::uintptr_t>(load(E.frame(N))));
    View.Frames = Frames;
    View.NumFrames = N;
    Visit(View, Context);
    ++Visited;
  }
  return Visited;
}

void writeJson(WriteFn Write, void *Context, const ProcessInfo &Info) {
  JsonWriter Out(Write, Context);
  Totals T = snapshotTotals();
  Sums S;
  forEachBlock([&](const ThreadBlock &Block) {
    for (unsigned I = 0; I < NumFns; ++I) {
      S.Calls[I] += load(Block.Fns[I].Calls);
      S.FnBytes[I] += load(Block.Fns[I].Bytes);
    }
    for (unsigned I = 0; I < NumOsFns; ++I) {
      S.OsCalls[I] += load(Block.OsCalls[I]);
      S.OsBytes[I] += load(Block.OsBytes[I]);
    }
    for (unsigned I = 0; I < NumBuckets; ++I)
      S.Histogram[I] += load(Block.Histogram[I]);
  });

  Out.raw("{\"version\":1,\"platform\":").string(Info.Platform);
  Out.raw(",\"total\":{\"allocs\":").number(T.Allocs);
  Out.raw(",\"frees\":").number(T.Frees).raw(",\"bytes\":").number(T.Bytes);
  Out.raw(",\"peak_live_bytes\":").number(T.PeakLiveBytes);
  Out.raw(",\"live_blocks_at_exit\":").number(T.LiveBlocks);
  Out.raw(",\"live_bytes_at_exit\":").number(T.LiveBytes);
  // Only the functions the program called: a C program's report does not
  // list twenty operator forms at zero.
  Out.raw("},\n\"functions\":{");
  const char *Sep = "";
  for (unsigned I = 0; I < NumFns; ++I) {
    if (S.Calls[I] == 0)
      continue;
    Out.raw(Sep).raw("\n").callsAndBytes(Names[I], S.Calls[I], S.FnBytes[I]);
    Sep = ",";
  }
  // Buckets from the smallest up to the largest one in use, each with the
  // share of all allocations at or under its size.
  Out.raw("},\n\"histogram\":[");
  std::uint64_t All = 0;
  unsigned Last = 0;
  for (unsigned I = 0; I < NumBuckets; ++I) {
    All += S.Histogram[I];
    if (S.Histogram[I] != 0)
      Last = I;
  }
  std::uint64_t Cumulative = 0;
  for (unsigned I = 0; All != 0 && I <= Last; ++I) {
    Cumulative += S.Histogram[I];
    Out.raw(I == 0 ? "\n{\"le\":" : ",\n{\"le\":").number(1ULL << I);
    Out.raw(",\"count\":").number(S.Histogram[I]).raw(",\"share\":");
    Out.fraction(Cumulative, All).raw("}");
  }
  Out.raw("],\n\"os\":{");
  Sep = "";
  for (unsigned I = 0; I < NumOsFns; ++I) {
    if (S.OsCalls[I] == 0)
      continue;
    Out.raw(Sep).callsAndBytes(OsNames[I], S.OsCalls[I], S.OsBytes[I]);
    Sep = ",";
  }
  Out.raw("},\n\"scopes\":{");
  // Not under ScopesLock: a fatal signal can interrupt the thread that holds
  // it, and the report written from its handler would wait for ever.
  unsigned Used = NumScopes.load(std::memory_order_acquire);
  // The overflow entry is in use when it has runs.
  if (Used == MaxScopes && load(Scopes[MaxScopes].Runs))
    ++Used;
  for (unsigned I = 0; I < Used; ++I) {
    const ScopeEntry &E = Scopes[I];
    Out.raw(I ? ",\n" : "\n").string(E.Name).raw(":{\"runs\":");
    Out.number(load(E.Runs)).raw(",\"allocs\":").number(load(E.Allocs));
    Out.raw(",\"frees\":").number(load(E.Frees));
    Out.raw(",\"bytes\":").number(load(E.Bytes)).raw("}");
  }
  Out.raw("},\n\"counting\":{\"from\":").string(StartMarker);
  Out.raw(",\"started\":").raw(MarkerReached.load(Relaxed) ? "true" : "false");
  if (Info.Via)
    Out.raw(",\"via\":").string(Info.Via);
  if (Info.Problem)
    Out.raw(",\"problem\":").string(Info.Problem);
  Out.raw("},\n\"process\":{\"pid\":")
      .number(static_cast<std::uint64_t>(Info.Pid));
  Out.raw(",\"parent_pid\":")
      .number(static_cast<std::uint64_t>(Info.ParentPid));
  Out.raw(",\"end\":").string(Info.End);
  if (Info.Signal)
    Out.raw(",\"signal\":").number(static_cast<std::uint64_t>(Info.Signal));
  if (Info.Exception)
    Out.raw(",\"exception\":").hex(Info.Exception);
  // What was run, by which heapcount: `heapcount diff` compares only runs
  // of the same program and arguments on the same platform.
  Out.raw("},\n\"run\":{\"program\":").string(Info.Program ? Info.Program : "");
  Out.raw(",\"arguments\":[");
  for (std::size_t At = 0; Info.Arguments && At < Info.ArgumentsSize;) {
    const char *Argument = Info.Arguments + At;
    std::size_t Length = std::strlen(Argument);
    Out.raw(At ? "," : "").string(Argument);
    At += Length + 1;
  }
  Out.raw("],\"heapcount_version\":").string(ALLOC_TIDY_VERSION);
  Out.raw("}");
  if (Info.WriteExtra)
    Info.WriteExtra(Out);
  if (Depth)
    writeStacks(Out, Info);
  Out.raw("}\n");
}

} // namespace heapcount
