//===- Interpose.cpp - heapcount's Linux backend (LD_PRELOAD) -------------===//
//
// Replaces the C allocator and every global operator new/delete, forwards
// each call to the next definition (glibc, libstdc++) found with
// dlsym(RTLD_NEXT) and counts it in lib/heapcount/Counters; also counts the
// program's own mapping calls (mmap, munmap, mremap, brk, sbrk). The JSON
// report is written to $HEAPCOUNT_OUTPUT when the process ends: at exit, at
// _exit, or on a fatal signal (then the signal is raised again). A process
// other than the one heapcount started (a forked child, a program it runs)
// writes $HEAPCOUNT_OUTPUT.<pid>.
//
// Environment: HEAPCOUNT_OUTPUT, HEAPCOUNT_ROOT_PID (the process that writes
// the main report), HEAPCOUNT_START (now | api | scope:NAME),
// HEAPCOUNT_STACKS (frames per allocation stack; 0 or unset: none),
// HEAPCOUNT_STACK_SIZES (1: one stack entry per stack and requested size,
// for heapcount --profile; 0 or unset: per stack).
//
// Block sizes come from malloc_usable_size instead of a header or a side
// table: it costs no memory and no lock, and every block counted here comes
// from glibc's allocator (libstdc++'s operator new calls malloc). Live bytes
// are therefore the usable sizes of the blocks (>= what was asked for); the
// block counts are exact.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/Counters.h"
#include "lib/heapcount/linux/Allocator.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdarg>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <malloc.h>
#include <new>
#include <pthread.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

using heapcount::Fn;
using heapcount::OsFn;
using heapcount::ThreadBlock;

namespace {

using MallocFn = void *(*)(std::size_t);
using CallocFn = void *(*)(std::size_t, std::size_t);
using ReallocFn = void *(*)(void *, std::size_t);
using FreeFn = void (*)(void *);
using AlignFn = void *(*)(std::size_t, std::size_t);
using PosixMemalignFn = int (*)(void **, std::size_t, std::size_t);
using ReallocarrayFn = void *(*)(void *, std::size_t, std::size_t);
using NewFn = void *(*)(std::size_t);
using NewAlignFn = void *(*)(std::size_t, std::align_val_t);
using NewNothrowFn = void *(*)(std::size_t, const std::nothrow_t &);
using NewAlignNothrowFn = void *(*)(std::size_t, std::align_val_t,
                                    const std::nothrow_t &);
using DeleteFn = void (*)(void *);
using DeleteSizedFn = void (*)(void *, std::size_t);
using DeleteAlignFn = void (*)(void *, std::align_val_t);
using DeleteSizedAlignFn = void (*)(void *, std::size_t, std::align_val_t);
using DeleteNothrowFn = void (*)(void *, const std::nothrow_t &);
using DeleteAlignNothrowFn = void (*)(void *, std::align_val_t,
                                      const std::nothrow_t &);

void *bootstrapMalloc(std::size_t Size);

// Constant-initialized (no code runs to set it up): malloc can be called
// before any constructor of this library.
struct RealFunctions {
  // Starts as bootstrapMalloc, which resolves everything: malloc itself
  // then needs no test of its own.
  MallocFn Malloc = bootstrapMalloc;
  CallocFn Calloc;
  ReallocFn Realloc;
  FreeFn Free;
  AlignFn AlignedAlloc;
  PosixMemalignFn PosixMemalign;
  AlignFn Memalign;
  MallocFn Valloc;
  MallocFn Pvalloc;
  ReallocarrayFn Reallocarray;
  NewFn New;
  NewFn NewArray;
  NewAlignFn NewAligned;
  NewAlignFn NewArrayAligned;
  NewNothrowFn NewNothrow;
  NewNothrowFn NewArrayNothrow;
  NewAlignNothrowFn NewAlignedNothrow;
  NewAlignNothrowFn NewArrayAlignedNothrow;
  DeleteFn Delete;
  DeleteFn DeleteArray;
  DeleteSizedFn DeleteSized;
  DeleteSizedFn DeleteArraySized;
  DeleteAlignFn DeleteAligned;
  DeleteAlignFn DeleteArrayAligned;
  DeleteSizedAlignFn DeleteSizedAligned;
  DeleteSizedAlignFn DeleteArraySizedAligned;
  DeleteNothrowFn DeleteNothrow;
  DeleteNothrowFn DeleteArrayNothrow;
  DeleteAlignNothrowFn DeleteAlignedNothrow;
  DeleteAlignNothrowFn DeleteArrayAlignedNothrow;
  // Looked up with the others: a failed dlsym at exit would allocate its
  // error message where it is counted.
  void (*CxxFreeres)();
  void (*LibcFreeres)();
  int (*PthreadCreate)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
                       void *);
  // C11's thrd_create (thrd_t is pthread_t in glibc): it reaches glibc's
  // pthread_create internally, not through the symbol above.
  int (*ThrdCreate)(pthread_t *, int (*)(void *), void *);
  void (*Exit)(int);
  void *(*Mmap)(void *, std::size_t, int, int, int, off_t);
  int (*Munmap)(void *, std::size_t);
  void *(*Mremap)(void *, std::size_t, std::size_t, int, void *);
  int (*Brk)(void *);
  void *(*Sbrk)(intptr_t);
};

RealFunctions Real{};
// Whose malloc the program calls (linux/Allocator.h): looked up with the
// real functions, decided at set-up.
heapcount::posix::AllocatorSymbols ProgramAllocator;
heapcount::posix::AllocatorRoute Route;
// std::nothrow lives in libstdc++, which this library does not link.
const std::nothrow_t NoThrow{};
std::atomic<bool> Resolved{false};

// What the hot path needs of this thread, in one word so that one load
// and one test decide it: this thread's counters (lib/heapcount/Counters,
// claimed on its first call) and two flag bits. InHookBit: the thread is
// inside a hook (or writes the report), so the calls it makes are the
// implementation's own (libstdc++'s operator new calls malloc) and are
// forwarded uncounted. SlowBit: the thread has no block of its own yet, or
// has the shared one (locked updates). initial-exec so that reading it never
// calls into the dynamic loader, which could allocate.
constexpr std::uintptr_t InHookBit = 1, SlowBit = 2, FlagBits = 3;
__attribute__((tls_model(
    "initial-exec"))) thread_local std::uintptr_t ThreadState = SlowBit;
static_assert(alignof(ThreadBlock) > FlagBits, "the flags live in the bits "
                                               "a block's address leaves 0");

// InHook reads and writes its bit of ThreadState like a bool.
struct InHookFlag {
  operator bool() const { return ThreadState & InHookBit; }
  InHookFlag &operator=(bool On) {
    ThreadState = On ? ThreadState | InHookBit : ThreadState & ~InHookBit;
    return *this;
  }
};
InHookFlag InHook;

// The word holds a block's address with flags in its low bits: the casts
// back are the point of it.
ThreadBlock *mine() {
  // NOLINTNEXTLINE(performance-no-int-to-ptr): an address with flag bits.
  return reinterpret_cast<ThreadBlock *>(ThreadState & ~FlagBits);
}

void setMine(ThreadBlock *Block) {
  ThreadState = reinterpret_cast<std::uintptr_t>(Block) |
                (!Block || Block->Shared ? SlowBit : 0) |
                (ThreadState & InHookBit);
}

// True, with the thread's block in \p T, when the hot path may count in it
// with plain updates: claimed, its own, not in a hook. (Without flags the
// word is never null: an unclaimed thread has SlowBit.)
bool fastBlock(ThreadBlock *&T) {
  std::uintptr_t State = ThreadState;
  // NOLINTNEXTLINE(performance-no-int-to-ptr): an address with flag bits.
  T = reinterpret_cast<ThreadBlock *>(State);
  return !(State & FlagBits);
}

// Set while dlsym runs: its allocations come from the arena below.
__attribute__((tls_model("initial-exec"))) thread_local bool Resolving = false;
// Releases a thread's block when it ends (pthread TLS destructors).
pthread_key_t BlockKey;
bool HaveBlockKey = false;

// Blocks allocated uncounted for the stacks' own sake: loading libunwind
// (or, for glibc's backtrace, libgcc_s) allocates the loader's bookkeeping,
// and libunwind's thread-local cache is a dynamic TLS block that each
// thread's first unwind allocates. glibc frees them later where they would
// be counted (its release hooks at exit, the TLS of a finished thread), so
// the frees would outnumber the allocations and the live blocks at exit go
// negative. Such a block is kept here until it is freed: freeing it is not
// counted either, and reallocating it keeps it here. A full list loses
// blocks (their frees are counted again). Empty, and one load per free,
// without stacks.
constexpr unsigned MaxHiddenBlocks = 1024;
std::atomic<void *> HiddenBlocks[MaxHiddenBlocks];
std::atomic<unsigned> HiddenHigh{0}; // Every hidden block is below this slot.
// Set while this thread sets up the stacks or unwinds.
__attribute__((tls_model("initial-exec"))) thread_local bool Hiding = false;

void *hideBlock(void *P) {
  if (!P)
    return P;
  unsigned High = HiddenHigh.load(std::memory_order_acquire);
  for (unsigned I = 0; I < High; ++I) {
    void *Empty = nullptr;
    if (!HiddenBlocks[I].load(std::memory_order_relaxed) &&
        HiddenBlocks[I].compare_exchange_strong(Empty, P,
                                                std::memory_order_relaxed))
      return P;
  }
  while (High < MaxHiddenBlocks &&
         !HiddenHigh.compare_exchange_weak(High, High + 1,
                                           std::memory_order_acq_rel)) {
  }
  if (High < MaxHiddenBlocks)
    HiddenBlocks[High].store(P, std::memory_order_release);
  return P;
}

void *hideIfHiding(void *P) { return Hiding ? hideBlock(P) : P; }

// True when P was hidden (it no longer is).
bool unhideBlock(void *P) {
  unsigned High = HiddenHigh.load(std::memory_order_acquire);
  if (__builtin_expect(High == 0, 1) || !P)
    return false;
  for (unsigned I = 0; I < High; ++I)
    if (HiddenBlocks[I].load(std::memory_order_relaxed) == P) {
      HiddenBlocks[I].store(nullptr, std::memory_order_relaxed);
      return true;
    }
  return false;
}

ThreadBlock &block() {
  if (ThreadBlock *Block = mine(); __builtin_expect(Block != nullptr, 1))
    return *Block;
  ThreadBlock *Claimed = heapcount::claimThreadBlock();
  setMine(Claimed);
  // The first keys of a process live in the thread descriptor:
  // pthread_setspecific does not allocate for them.
  if (HaveBlockKey)
    pthread_setspecific(BlockKey, Claimed);
  return *Claimed;
}

void releaseBlock(void *Block) {
  heapcount::releaseThreadBlock(static_cast<ThreadBlock *>(Block));
  // Whatever this thread still allocates on its way out is counted in the
  // shared block, not in one a new thread may have claimed.
  setMine(heapcount::sharedThreadBlock());
}

// dlsym can allocate (dlerror state) before malloc itself is resolved; those
// few requests are served from this static arena and never released.
alignas(64) char Arena[64 * 1024];
std::atomic<std::size_t> ArenaUsed{0};
constexpr std::size_t ArenaHeader = 16;

bool inArena(const void *P) {
  // One unsigned comparison for both ends.
  return reinterpret_cast<std::uintptr_t>(P) -
             reinterpret_cast<std::uintptr_t>(Arena) <
         sizeof(Arena);
}

void *arenaAlloc(std::size_t Size) {
  std::size_t Need = (Size + ArenaHeader + 15) & ~std::size_t{15};
  std::size_t Start = ArenaUsed.fetch_add(Need, std::memory_order_relaxed);
  if (Start + Need > sizeof(Arena))
    return nullptr;
  // The size sits in front of the block so that realloc can copy it out.
  std::memcpy(Arena + Start, &Size, sizeof(Size));
  return Arena + Start + ArenaHeader;
}

std::size_t arenaSize(const void *P) {
  std::size_t Size = 0;
  std::memcpy(&Size, static_cast<const char *>(P) - ArenaHeader, sizeof(Size));
  return Size;
}

template <typename T> void lookup(T &Slot, const char *Name) {
  Slot = reinterpret_cast<T>(dlsym(RTLD_NEXT, Name));
}

// A setting the library cannot use, said once on stderr (with write: this
// runs inside the first malloc).
void warnBadSetting(const char *Name, const char *Value, const char *Instead) {
  const char *Parts[] = {
      "heapcount: warning: ", Name, "='", Value, "' is not ", Instead, "\n"};
  for (const char *Part : Parts)
    if (write(STDERR_FILENO, Part, std::strlen(Part)) < 0)
      return;
}

void resolve() {
  Resolving = true;
  // Real.Malloc last: until then malloc goes to bootstrapMalloc, which
  // serves dlsym from the arena.
  MallocFn RealMalloc = nullptr;
  lookup(RealMalloc, "malloc");
  lookup(Real.Calloc, "calloc");
  lookup(Real.Realloc, "realloc");
  lookup(Real.Free, "free");
  lookup(Real.AlignedAlloc, "aligned_alloc");
  lookup(Real.PosixMemalign, "posix_memalign");
  lookup(Real.Memalign, "memalign");
  lookup(Real.Valloc, "valloc");
  lookup(Real.Pvalloc, "pvalloc");
  lookup(Real.Reallocarray, "reallocarray");
  // The C++ forms exist only when the program loads a C++ runtime.
  lookup(Real.New, "_Znwm");
  lookup(Real.NewArray, "_Znam");
  lookup(Real.NewAligned, "_ZnwmSt11align_val_t");
  lookup(Real.NewArrayAligned, "_ZnamSt11align_val_t");
  lookup(Real.NewNothrow, "_ZnwmRKSt9nothrow_t");
  lookup(Real.NewArrayNothrow, "_ZnamRKSt9nothrow_t");
  lookup(Real.NewAlignedNothrow, "_ZnwmSt11align_val_tRKSt9nothrow_t");
  lookup(Real.NewArrayAlignedNothrow, "_ZnamSt11align_val_tRKSt9nothrow_t");
  lookup(Real.Delete, "_ZdlPv");
  lookup(Real.DeleteArray, "_ZdaPv");
  lookup(Real.DeleteSized, "_ZdlPvm");
  lookup(Real.DeleteArraySized, "_ZdaPvm");
  lookup(Real.DeleteAligned, "_ZdlPvSt11align_val_t");
  lookup(Real.DeleteArrayAligned, "_ZdaPvSt11align_val_t");
  lookup(Real.DeleteSizedAligned, "_ZdlPvmSt11align_val_t");
  lookup(Real.DeleteArraySizedAligned, "_ZdaPvmSt11align_val_t");
  lookup(Real.DeleteNothrow, "_ZdlPvRKSt9nothrow_t");
  lookup(Real.DeleteArrayNothrow, "_ZdaPvRKSt9nothrow_t");
  lookup(Real.DeleteAlignedNothrow, "_ZdlPvSt11align_val_tRKSt9nothrow_t");
  lookup(Real.DeleteArrayAlignedNothrow, "_ZdaPvSt11align_val_tRKSt9nothrow_t");
  lookup(Real.CxxFreeres, "_ZN9__gnu_cxx9__freeresEv");
  lookup(Real.LibcFreeres, "__libc_freeres");
  lookup(Real.PthreadCreate, "pthread_create");
  lookup(Real.ThrdCreate, "thrd_create");
  lookup(Real.Exit, "_exit");
  lookup(Real.Mmap, "mmap");
  lookup(Real.Munmap, "munmap");
  lookup(Real.Mremap, "mremap");
  lookup(Real.Brk, "brk");
  lookup(Real.Sbrk, "sbrk");
  heapcount::posix::lookUpAllocatorSymbols(ProgramAllocator);
  // At the first heap call, which can come before this library's
  // constructor (from another library's): nothing before the marker counts.
  if (const char *Start = std::getenv("HEAPCOUNT_START")) {
    if (std::strcmp(Start, "api") == 0 ||
        (std::strncmp(Start, "scope:", 6) == 0 && Start[6]))
      heapcount::pauseCounting(Start);
    else if (std::strcmp(Start, "now") != 0 && *Start)
      warnBadSetting("HEAPCOUNT_START", Start,
                     "now, api or scope:NAME; counting from the start");
  }
  Resolving = false;
  Real.Malloc = RealMalloc;
  Resolved.store(true, std::memory_order_release);
}

// True when the caller must serve the request itself from the arena.
__attribute__((noinline)) bool resolveNow() {
  if (Resolving)
    return true;
  resolve();
  return false;
}

inline bool ensureResolved() {
  if (__builtin_expect(Resolved.load(std::memory_order_acquire), 1))
    return false;
  return resolveNow();
}

// Until malloc is resolved; while dlsym runs (which may allocate), the
// arena serves it, and those blocks are not counted (countedAllocSlow).
void *bootstrapMalloc(std::size_t Size) {
  if (ensureResolved())
    return arenaAlloc(Size);
  return Real.Malloc(Size);
}

// glibc's chunk header, read directly: malloc_usable_size also checks that
// the next chunk says this one is in use, a second cache line per call that
// doubled the cost of counting. Used only when the allocator is glibc's and
// a self-test at start-up agrees with malloc_usable_size.
bool GlibcChunks = false;

std::size_t glibcBlockSize(const void *P) {
  std::size_t Header;
  std::memcpy(&Header, static_cast<const char *>(P) - sizeof(Header),
              sizeof(Header));
  constexpr std::size_t IsMapped = 2, SizeBits = 7;
  std::size_t ChunkSize = Header & ~SizeBits;
  // The chunk holds the header and, but for a mapped chunk, lends its last
  // word to the next chunk: 8 bytes less, or 16 (IsMapped * 4) for a mapped
  // one.
  return ChunkSize - sizeof(Header) - (Header & IsMapped) * 4;
}

// False when the program's malloc is not the one this library forwards to
// (linux/Allocator.h): malloc_usable_size of a block of another allocator
// can crash, so sizes are 0 (and the report says nothing was counted).
bool UsableSizes = true;

std::size_t blockSize(void *P) {
  if (GlibcChunks)
    return glibcBlockSize(P);
  return UsableSizes ? malloc_usable_size(P) : 0;
}

// libstdc++'s (and libc++'s) operator new is malloc in a loop with the
// new-handler, and its operator delete is free. When those are the ones
// the program would get, new and delete go to malloc and free directly: two
// calls and a guard less per allocation. Not when something else replaces
// them (a library's own operator new keeps its meaning).
bool DirectNew = false;

bool inCxxRuntime(void *Function) {
  const char *Path =
      Function ? heapcount::posix::moduleOf(Function).Path : nullptr;
  return Path && (std::strstr(Path, "/libstdc++.so") ||
                  std::strstr(Path, "/libc++.so"));
}

void checkDirectNew() {
  DirectNew = inCxxRuntime(reinterpret_cast<void *>(Real.New)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.NewArray)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.Delete)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.DeleteArray)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.DeleteSized)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.DeleteArraySized));
}

void checkGlibcChunks() {
  const char *Path =
      heapcount::posix::moduleOf(reinterpret_cast<void *>(Real.Malloc)).Path;
  if (!Path || !std::strstr(Path, "/libc.so"))
    return;
  // Small, large and mapped (over the 128 KiB threshold) chunks, and an
  // aligned one.
  const std::size_t Sizes[] = {1, 24, 100, 1000, 70000, 300000};
  bool Agree = true;
  for (std::size_t Size : Sizes) {
    void *P = Real.Malloc(Size);
    if (P && glibcBlockSize(P) != malloc_usable_size(P))
      Agree = false;
    Real.Free(P);
  }
  if (void *P = Real.Memalign(64, 200)) {
    if (glibcBlockSize(P) != malloc_usable_size(P))
      Agree = false;
    Real.Free(P);
  }
  GlibcChunks = Agree;
  heapcount::setBackendFastPath(Agree);
}

void recordStack(std::size_t Requested);

__attribute__((noinline)) void *countedAllocSlow(Fn F, std::size_t Requested,
                                                 void *P) {
  // The implementation's own call (malloc from libstdc++'s operator new, or
  // from the unwinder while it records a stack), or dlsym's while malloc is
  // resolved.
  if (InHook)
    return hideIfHiding(P);
  if (inArena(P))
    return P;
  ThreadBlock &T = block();
  if (!P) {
    heapcount::countCall(T, F);
    return P;
  }
  heapcount::countAllocation(T, F, Requested, blockSize(P));
  if (heapcount::stackDepth() != 0)
    recordStack(Requested);
  return P;
}

// The hot path stays small enough to need no stack frame; everything else
// (a first call in a thread, a failed call, threads, stacks, an allocator
// that is not glibc's) takes the slow one.
inline void *countedAlloc(Fn F, std::size_t Requested, void *P) {
  // One test after another: the compiler would otherwise compute all of
  // them before the first branch.
  if (__builtin_expect(P != nullptr, 1)) {
    if (ThreadBlock *T; __builtin_expect(fastBlock(T), 1)) {
      unsigned ModeNow = heapcount::currentMode();
      if (__builtin_expect(heapcount::fastModeOpen(ModeNow), 1)) {
        heapcount::countAllocationFast(*T, F, Requested, glibcBlockSize(P),
                                       ModeNow);
        return P;
      }
    }
  }
  return countedAllocSlow(F, Requested, P);
}

// The release functions: a null pointer is a call but, as in valgrind, no
// free. The size is read before the block goes back to the allocator.
// The release is counted before it is forwarded (the block's size must be
// read first anyway); \p Guarded keeps the C++ forms, which call free, from
// counting twice.
template <bool Guarded = true, typename Forward>
void countedRelease(Fn F, void *P, Forward Fwd) {
  // A block the unwinder made uncounted is released uncounted.
  if (unhideBlock(P) || InHook) {
    Fwd();
    return;
  }
  ThreadBlock *T;
  unsigned ModeNow = heapcount::currentMode();
  if (__builtin_expect(P && fastBlock(T) && heapcount::fastModeOpen(ModeNow),
                       1))
    heapcount::countReleaseFast(*T, F, glibcBlockSize(P), ModeNow);
  else if (!P)
    heapcount::countCall(block(), F);
  else
    heapcount::countRelease(block(), F, blockSize(P));
  if (!Guarded) {
    Fwd();
    return;
  }
  InHook = true;
  Fwd();
  InHook = false;
}

// operator new must throw on failure, which this library (built without
// exceptions, so that it needs no C++ runtime) cannot do: it asks the nothrow
// form under the guard and only on failure calls the throwing form unguarded,
// which runs the new-handler and throws.
template <typename TryFn, typename ThrowFn>
void *countedNew(Fn F, std::size_t Size, TryFn Try, ThrowFn Throw) {
  if (InHook)
    return Throw();
  InHook = true;
  void *P = Try();
  InHook = false;
  if (!P)
    P = Throw();
  return countedAlloc(F, Size, P);
}

// A sanitizer's allocator answers the program's heap calls (Route is
// SanitizerHooks): these count what its hooks say, before a release frees
// the block (so its size can still be asked).
void countHookedAlloc(const volatile void *P, std::size_t Size) {
  if (P && !InHook)
    heapcount::countAllocation(block(), Fn::SanitizerAlloc, Size,
                               ProgramAllocator.AllocatedSize(P));
}

void countHookedFree(const volatile void *P) {
  if (P && !InHook)
    heapcount::countRelease(block(), Fn::SanitizerFree,
                            ProgramAllocator.AllocatedSize(P));
}

} // namespace

extern "C" {

// glibc's malloc and free call nothing of this library, so unlike the C++
// forms they need no guard around the forwarded call: two thread-local
// stores less on the hottest path.
void *malloc(std::size_t Size) {
  return countedAlloc(Fn::Malloc, Size, Real.Malloc(Size));
}

void *calloc(std::size_t Count, std::size_t Size) {
  if (ensureResolved()) {
    // The arena is static storage that was never handed out: already zero.
    if (Size != 0 && Count > static_cast<std::size_t>(-1) / Size)
      return nullptr;
    return arenaAlloc(Count * Size);
  }
  if (InHook)
    return hideIfHiding(Real.Calloc(Count, Size));
  InHook = true;
  void *P = Real.Calloc(Count, Size);
  InHook = false;
  return countedAlloc(Fn::Calloc, Count * Size, P);
}

} // extern "C"

namespace {

__attribute__((noinline)) void freeSlow(void *P) {
  if (inArena(P))
    return;
  if (ensureResolved())
    return;
  countedRelease</*Guarded=*/false>(Fn::Free, P, [P] { Real.Free(P); });
}

} // namespace

extern "C" {

// The common case first, in a function that needs no stack frame: a thread
// with a block of its own has made a counted call, so the allocator is
// resolved; without stacks (the fast path is closed with them) no block is
// hidden.
void free(void *P) {
  // One test after another: the compiler would otherwise compute all of
  // them before the first branch.
  if (__builtin_expect(P != nullptr, 1) && __builtin_expect(!inArena(P), 1)) {
    if (ThreadBlock *T; __builtin_expect(fastBlock(T), 1)) {
      unsigned ModeNow = heapcount::currentMode();
      if (__builtin_expect(heapcount::fastModeOpen(ModeNow), 1)) {
        heapcount::countReleaseFast(*T, Fn::Free, glibcBlockSize(P), ModeNow);
        Real.Free(P);
        return;
      }
    }
  }
  freeSlow(P);
}

} // extern "C"

namespace {

// realloc and reallocarray as valgrind memcheck (3.19) counts them: on null,
// an allocation; on a block with size 0, a free; on a block otherwise, one
// allocation and one free whether it moved, grew in place or failed. A size
// over PTRDIFF_MAX (which no allocator gives) is no allocation and no free,
// only a call: valgrind refuses it before counting.
template <typename Forward>
void *countedRealloc(Fn F, void *Old, std::size_t Size, Forward Fwd) {
  if (!Old) {
    InHook = true;
    void *P = Fwd();
    InHook = false;
    return countedAlloc(F, Size, P);
  }
  std::size_t OldSize = blockSize(Old);
  InHook = true;
  void *P = Fwd();
  InHook = false;
  ThreadBlock &T = block();
  heapcount::countCall(T, F);
  if (!P && Size > static_cast<std::size_t>(PTRDIFF_MAX))
    return P;
  // glibc frees the block for size 0 (and returns null); a failure keeps it.
  if (Size == 0 && !P) {
    heapcount::addFree(T, OldSize);
    return P;
  }
  heapcount::addFree(T, OldSize, P != nullptr);
  heapcount::addAlloc(T, F, Size, P ? blockSize(P) : 0, P != nullptr);
  if (P && heapcount::stackDepth() != 0)
    recordStack(Size);
  return P;
}

void *copyOutOfArena(void *Old, std::size_t Size) {
  void *P = malloc(Size);
  if (P)
    std::memcpy(P, Old, arenaSize(Old) < Size ? arenaSize(Old) : Size);
  return P;
}

} // namespace

extern "C" {

void *realloc(void *Old, std::size_t Size) {
  if (ensureResolved())
    return Old ? nullptr : arenaAlloc(Size);
  if (Old && inArena(Old))
    return copyOutOfArena(Old, Size);
  // A hidden block stays hidden (and uncounted) when it moves; a counted
  // one stays counted (its free will be).
  bool Hidden = unhideBlock(Old);
  if (InHook || Hidden) {
    bool WasInHook = InHook;
    InHook = true;
    void *P = Real.Realloc(Old, Size);
    InHook = WasInHook;
    if (!Hidden)
      return Old ? P : hideIfHiding(P);
    // A failure keeps the old block; size 0 frees it.
    hideBlock(P ? P : Size ? Old : nullptr);
    return P;
  }
  return countedRealloc(Fn::Realloc, Old, Size,
                        [=] { return Real.Realloc(Old, Size); });
}

void *reallocarray(void *Old, std::size_t Count, std::size_t Size) {
  if (ensureResolved())
    return nullptr;
  if (InHook)
    return Real.Reallocarray(Old, Count, Size);
  if (Old && inArena(Old))
    return copyOutOfArena(Old, Count * Size);
  // Count * Size overflows: glibc fails (ENOMEM) without calling its
  // realloc, and valgrind, which sees only that, counts nothing.
  if (Size != 0 && Count > static_cast<std::size_t>(-1) / Size) {
    void *P = Real.Reallocarray(Old, Count, Size);
    heapcount::countCall(block(), Fn::Reallocarray);
    return P;
  }
  return countedRealloc(Fn::Reallocarray, Old, Count * Size,
                        [=] { return Real.Reallocarray(Old, Count, Size); });
}

} // extern "C"

namespace {

template <typename Forward>
void *countedAligned(Fn F, std::size_t Size, Forward Fwd) {
  if (InHook)
    return Fwd();
  InHook = true;
  void *P = Fwd();
  InHook = false;
  return countedAlloc(F, Size, P);
}

} // namespace

extern "C" {

void *aligned_alloc(std::size_t Alignment, std::size_t Size) {
  if (ensureResolved())
    return nullptr;
  return countedAligned(Fn::AlignedAlloc, Size,
                        [=] { return Real.AlignedAlloc(Alignment, Size); });
}

void *memalign(std::size_t Alignment, std::size_t Size) {
  if (ensureResolved())
    return nullptr;
  return countedAligned(Fn::Memalign, Size,
                        [=] { return Real.Memalign(Alignment, Size); });
}

void *valloc(std::size_t Size) {
  if (ensureResolved())
    return nullptr;
  return countedAligned(Fn::Valloc, Size, [=] { return Real.Valloc(Size); });
}

void *pvalloc(std::size_t Size) {
  if (ensureResolved())
    return nullptr;
  return countedAligned(Fn::Pvalloc, Size, [=] { return Real.Pvalloc(Size); });
}

int posix_memalign(void **Out, std::size_t Alignment, std::size_t Size) {
  if (ensureResolved())
    return ENOMEM;
  if (InHook)
    return Real.PosixMemalign(Out, Alignment, Size);
  InHook = true;
  int Error = Real.PosixMemalign(Out, Alignment, Size);
  InHook = false;
  countedAlloc(Fn::PosixMemalign, Size, Error == 0 ? *Out : nullptr);
  return Error;
}

} // extern "C"

// The C++ forms. A program without a C++ runtime never calls them, so their
// real counterparts are only looked up, never required.

namespace {

// operator new(size_t) and new[](size_t) the way the C++ runtime does them,
// when DirectNew: a failure (new-handler, bad_alloc) is left to it.
inline void *directNew(Fn F, std::size_t Size) {
  if (!DirectNew || InHook)
    return nullptr;
  void *P = Real.Malloc(Size ? Size : 1);
  return P ? countedAlloc(F, Size, P) : nullptr;
}

} // namespace

void *operator new(std::size_t Size) {
  ensureResolved();
  if (void *P = directNew(Fn::New, Size))
    return P;
  return countedNew(
      Fn::New, Size, [=] { return Real.NewNothrow(Size, NoThrow); },
      [=] { return Real.New(Size); });
}

void *operator new[](std::size_t Size) {
  ensureResolved();
  if (void *P = directNew(Fn::NewArray, Size))
    return P;
  return countedNew(
      Fn::NewArray, Size, [=] { return Real.NewArrayNothrow(Size, NoThrow); },
      [=] { return Real.NewArray(Size); });
}

void *operator new(std::size_t Size, std::align_val_t Align) {
  ensureResolved();
  return countedNew(
      Fn::NewAligned, Size,
      [=] { return Real.NewAlignedNothrow(Size, Align, NoThrow); },
      [=] { return Real.NewAligned(Size, Align); });
}

void *operator new[](std::size_t Size, std::align_val_t Align) {
  ensureResolved();
  return countedNew(
      Fn::NewArrayAligned, Size,
      [=] { return Real.NewArrayAlignedNothrow(Size, Align, NoThrow); },
      [=] { return Real.NewArrayAligned(Size, Align); });
}

void *operator new(std::size_t Size, const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  return countedAligned(Fn::NewNothrow, Size,
                        [&] { return Real.NewNothrow(Size, Tag); });
}

void *operator new[](std::size_t Size, const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  return countedAligned(Fn::NewArrayNothrow, Size,
                        [&] { return Real.NewArrayNothrow(Size, Tag); });
}

void *operator new(std::size_t Size, std::align_val_t Align,
                   const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  return countedAligned(Fn::NewAlignedNothrow, Size, [&] {
    return Real.NewAlignedNothrow(Size, Align, Tag);
  });
}

void *operator new[](std::size_t Size, std::align_val_t Align,
                     const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  return countedAligned(Fn::NewArrayAlignedNothrow, Size, [&] {
    return Real.NewArrayAlignedNothrow(Size, Align, Tag);
  });
}

namespace {

// delete and delete[] (plain, sized, nothrow) are free in the C++ runtime.
inline bool directDelete(Fn F, void *P) {
  if (!DirectNew)
    return false;
  countedRelease</*Guarded=*/false>(F, P, [P] { Real.Free(P); });
  return true;
}

} // namespace

void operator delete(void *P) noexcept {
  ensureResolved();
  if (!directDelete(Fn::Delete, P))
    countedRelease(Fn::Delete, P, [=] { Real.Delete(P); });
}

void operator delete[](void *P) noexcept {
  ensureResolved();
  if (!directDelete(Fn::DeleteArray, P))
    countedRelease(Fn::DeleteArray, P, [=] { Real.DeleteArray(P); });
}

void operator delete(void *P, std::size_t Size) noexcept {
  ensureResolved();
  if (!directDelete(Fn::DeleteSized, P))
    countedRelease(Fn::DeleteSized, P, [=] { Real.DeleteSized(P, Size); });
}

void operator delete[](void *P, std::size_t Size) noexcept {
  ensureResolved();
  if (!directDelete(Fn::DeleteArraySized, P))
    countedRelease(Fn::DeleteArraySized, P,
                   [=] { Real.DeleteArraySized(P, Size); });
}

void operator delete(void *P, std::align_val_t Align) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteAligned, P, [=] { Real.DeleteAligned(P, Align); });
}

void operator delete[](void *P, std::align_val_t Align) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteArrayAligned, P,
                 [=] { Real.DeleteArrayAligned(P, Align); });
}

void operator delete(void *P, std::size_t Size,
                     std::align_val_t Align) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteSizedAligned, P,
                 [=] { Real.DeleteSizedAligned(P, Size, Align); });
}

void operator delete[](void *P, std::size_t Size,
                       std::align_val_t Align) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteArraySizedAligned, P,
                 [=] { Real.DeleteArraySizedAligned(P, Size, Align); });
}

void operator delete(void *P, const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteNothrow, P, [&] { Real.DeleteNothrow(P, Tag); });
}

void operator delete[](void *P, const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteArrayNothrow, P,
                 [&] { Real.DeleteArrayNothrow(P, Tag); });
}

void operator delete(void *P, std::align_val_t Align,
                     const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteAlignedNothrow, P,
                 [&] { Real.DeleteAlignedNothrow(P, Align, Tag); });
}

void operator delete[](void *P, std::align_val_t Align,
                       const std::nothrow_t &Tag) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteArrayAlignedNothrow, P,
                 [&] { Real.DeleteArrayAlignedNothrow(P, Align, Tag); });
}

// Threads, processes and the OS mapping calls.

extern "C" {

// The process stays single-threaded until this (or thrd_create below) runs:
// Counters then switches the process-wide live-bytes counter to locked
// updates. A thread started another way (glibc's own helper threads, a raw
// clone) is noticed when it first counts something (claimThreadBlock).
int pthread_create(pthread_t *Thread, const pthread_attr_t *Attr,
                   void *(*Start)(void *), void *Arg) {
  ensureResolved();
  heapcount::noteThreadsStarting();
  return Real.PthreadCreate(Thread, Attr, Start, Arg);
}

// C11 threads: glibc's thrd_create calls its pthread_create internally.
// NOLINTNEXTLINE(readability-identifier-naming): the C symbol.
int thrd_create(pthread_t *Thread, int (*Start)(void *), void *Arg) {
  ensureResolved();
  heapcount::noteThreadsStarting();
  return Real.ThrdCreate(Thread, Start, Arg);
}

// The raw system calls return an address as a long (or -errno).
void *kernelAddress(long Result) {
  // NOLINTNEXTLINE(performance-no-int-to-ptr): the kernel's answer is one.
  return reinterpret_cast<void *>(Result);
}

// Before the allocator is resolved (dlsym itself may map memory), the
// mapping calls go straight to the kernel.
void *mmap(void *Address, std::size_t Length, int Protection, int Flags, int Fd,
           off_t Offset) {
  if (!Resolved.load(std::memory_order_acquire) || !Real.Mmap)
    return kernelAddress(
        syscall(SYS_mmap, Address, Length, Protection, Flags, Fd, Offset));
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Mmap, Length);
  return Real.Mmap(Address, Length, Protection, Flags, Fd, Offset);
}

void *mmap64(void *Address, std::size_t Length, int Protection, int Flags,
             int Fd, off_t Offset) {
  return mmap(Address, Length, Protection, Flags, Fd, Offset);
}

int munmap(void *Address, std::size_t Length) {
  if (!Resolved.load(std::memory_order_acquire) || !Real.Munmap)
    return static_cast<int>(syscall(SYS_munmap, Address, Length));
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Munmap, Length);
  return Real.Munmap(Address, Length);
}

void *mremap(void *Old, std::size_t OldLength, std::size_t NewLength, int Flags,
             ...) {
  void *NewAddress = nullptr;
  if (Flags & MREMAP_FIXED) {
    va_list Args;
    va_start(Args, Flags);
    NewAddress = va_arg(Args, void *);
    va_end(Args);
  }
  if (!Resolved.load(std::memory_order_acquire) || !Real.Mremap)
    return kernelAddress(
        syscall(SYS_mremap, Old, OldLength, NewLength, Flags, NewAddress));
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Mremap, NewLength);
  return Real.Mremap(Old, OldLength, NewLength, Flags, NewAddress);
}

int brk(void *End) {
  ensureResolved();
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Brk, 0);
  return Real.Brk(End);
}

void *sbrk(intptr_t Increment) {
  ensureResolved();
  if (!InHook)
    heapcount::countOsCall(block(), OsFn::Sbrk,
                           Increment > 0 ? static_cast<std::size_t>(Increment)
                                         : 0);
  return Real.Sbrk(Increment);
}

} // extern "C"

namespace {

// The report. Everything below runs at the end of a process, possibly in a
// signal handler: no allocation, only system calls.

// Copied at start-up: the program may change its environment.
char OutputPath[4096];
long RootPid = 0;
bool ForkedChild = false;
std::atomic<bool> ReportWritten{false};
char SelfExe[4096];

/// Where the report goes; Failed once a write did not go through (a full
/// disk), so that the report is not put in place.
struct ReportFile {
  int Fd = -1;
  bool Failed = false;
};

void writeAll(const char *Data, std::size_t Size, void *Context);

/// The report's pieces gathered into one system call per 64 KiB (the JSON
/// writer hands them over by the kilobyte): a static buffer, as the report
/// may be written from a signal handler, by one thread (ReportWritten).
struct BufferedReport {
  ReportFile File;
  std::size_t Used = 0;
};
char ReportBuffer[64 * 1024];

void flushReport(BufferedReport &Out) {
  writeAll(ReportBuffer, Out.Used, &Out.File);
  Out.Used = 0;
}

void bufferReport(const char *Data, std::size_t Size, void *Context) {
  auto *Out = static_cast<BufferedReport *>(Context);
  if (Out->Used + Size > sizeof(ReportBuffer))
    flushReport(*Out);
  if (Size > sizeof(ReportBuffer)) {
    writeAll(Data, Size, &Out->File);
    return;
  }
  std::memcpy(ReportBuffer + Out->Used, Data, Size);
  Out->Used += Size;
}

void writeAll(const char *Data, std::size_t Size, void *Context) {
  auto *File = static_cast<ReportFile *>(Context);
  int Fd = File->Fd;
  while (Size && !File->Failed) {
    ssize_t Done = write(Fd, Data, Size);
    if (Done < 0 && errno == EINTR)
      continue;
    if (Done <= 0) {
      File->Failed = true;
      return;
    }
    Data += Done;
    Size -= static_cast<std::size_t>(Done);
  }
}

// Writes \p Value in decimal at \p Out + \p Length, with a terminating NUL;
// returns the new length. Async-signal-safe (no formatting library).
std::size_t appendDecimal(char *Out, std::size_t Length, unsigned long Value) {
  char Digits[24];
  unsigned N = 0;
  do
    Digits[N++] = static_cast<char>('0' + Value % 10);
  while (Value /= 10);
  while (N)
    Out[Length++] = Digits[--N];
  Out[Length] = '\0';
  return Length;
}

// The root process writes OutputPath; any other one OutputPath.<pid>.
void reportPath(char *Path, std::size_t Capacity) {
  std::size_t Length = std::strlen(OutputPath);
  if (Length + 24 > Capacity) {
    Path[0] = '\0';
    return;
  }
  std::memcpy(Path, OutputPath, Length + 1);
  long Pid = getpid();
  if (RootPid ? Pid == RootPid : !ForkedChild)
    return;
  Path[Length++] = '.';
  Length = appendDecimal(Path, Length, static_cast<unsigned long>(Pid));
}

// dl_iterate_phdr takes no allocation; the main program's name comes from
// /proc/self/exe, read at start-up.
void enumerateModules(heapcount::ModuleVisitor Visit, void *Context) {
  struct Walk {
    heapcount::ModuleVisitor Visit;
    void *Context;
  } W{Visit, Context};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, std::size_t, void *Raw) {
        auto *W = static_cast<Walk *>(Raw);
        const char *Path = Info->dlpi_name;
        if (!Path || !*Path)
          Path = SelfExe;
        if (!*Path)
          return 0;
        std::uintptr_t Start = ~std::uintptr_t{0}, End = 0;
        for (unsigned I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Info->dlpi_phdr[I];
          if (Segment.p_type != PT_LOAD)
            continue;
          std::uintptr_t From = Info->dlpi_addr + Segment.p_vaddr;
          Start = From < Start ? From : Start;
          End = From + Segment.p_memsz > End ? From + Segment.p_memsz : End;
        }
        if (End > Start)
          W->Visit(heapcount::Module{Path, Info->dlpi_addr, Start, End},
                   W->Context);
        return 0;
      },
      &W);
}

// The modules as they were after the last dlopen or dlclose, for a report
// written from a signal handler: dl_iterate_phdr takes the loader's lock,
// which the interrupted thread may hold (a signal during dlopen), and would
// wait for it forever there. Two copies: the one published is never the one
// being refreshed.
struct ModuleSnapshot {
  static constexpr unsigned Capacity = 1024;
  heapcount::Module Modules[Capacity];
  char Names[128 * 1024];
  unsigned Count = 0;
};
ModuleSnapshot Snapshots[2];
std::atomic<int> PublishedSnapshot{-1};
std::atomic_flag Refreshing = ATOMIC_FLAG_INIT;
bool KeepSnapshot = false;

void refreshModuleSnapshot() {
  if (!KeepSnapshot || ReportWritten.load() || Refreshing.test_and_set())
    return;
  ModuleSnapshot &Next = Snapshots[PublishedSnapshot.load() == 0 ? 1 : 0];
  Next.Count = 0;
  std::size_t Used = 0;
  struct Fill {
    ModuleSnapshot *S;
    std::size_t *Used;
  } F{&Next, &Used};
  enumerateModules(
      [](const heapcount::Module &M, void *Raw) {
        auto *F = static_cast<Fill *>(Raw);
        std::size_t Length = std::strlen(M.Path) + 1;
        if (F->S->Count == ModuleSnapshot::Capacity ||
            *F->Used + Length > sizeof(F->S->Names))
          return;
        char *Name = F->S->Names + *F->Used;
        std::memcpy(Name, M.Path, Length);
        *F->Used += Length;
        F->S->Modules[F->S->Count++] =
            heapcount::Module{Name, M.Base, M.Start, M.End};
      },
      &F);
  PublishedSnapshot.store(&Next == &Snapshots[0] ? 0 : 1);
  Refreshing.clear();
}

void enumerateSnapshot(heapcount::ModuleVisitor Visit, void *Context) {
  int Index = PublishedSnapshot.load();
  if (Index < 0)
    return;
  const ModuleSnapshot &S = Snapshots[Index];
  for (unsigned I = 0; I < S.Count; ++I)
    Visit(S.Modules[I], Context);
}

void writeReportOnce(const char *End, int Signal) {
  if (!OutputPath[0] || ReportWritten.exchange(true))
    return;
  bool WasInHook = InHook;
  InHook = true;
  char Path[sizeof(OutputPath) + 24];
  reportPath(Path, sizeof(Path));
  // Written beside the report and renamed over it once complete: a fatal
  // signal that lands while it is written (the handler then leaves it as it
  // is) leaves no half report for a reader to take for a whole one.
  char Partial[sizeof(Path) + 32];
  std::size_t Length = 0;
  while (Path[Length] && Length < sizeof(Path) - 1) {
    Partial[Length] = Path[Length];
    ++Length;
  }
  const char Suffix[] = ".partial.";
  for (const char *C = Suffix; *C; ++C)
    Partial[Length++] = *C;
  Length = appendDecimal(Partial, Length, static_cast<unsigned long>(getpid()));
  int Fd = Path[0]
               ? open(Partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)
               : -1;
  if (Fd >= 0) {
    heapcount::ProcessInfo Info;
    Info.Platform = "linux";
    Info.Pid = getpid();
    Info.ParentPid = getppid();
    Info.End = End;
    Info.Signal = Signal;
    Info.Modules =
        Signal && KeepSnapshot ? enumerateSnapshot : enumerateModules;
    Info.Program = SelfExe;
    // "via" only when the calls were not counted the usual way.
    if (Route.Kind != heapcount::posix::AllocatorRoute::Interposed)
      Info.Via = Route.Via;
    Info.Problem = Route.Problem;
    // The arguments as the kernel keeps them (NUL-separated), read with
    // system calls only: this may run in a signal handler.
    static char Arguments[16384];
    int ArgsFd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    ssize_t Got = 0;
    while (ArgsFd >= 0 && Got < static_cast<ssize_t>(sizeof(Arguments)) - 1) {
      ssize_t N = read(ArgsFd, Arguments + Got, sizeof(Arguments) - 1 - Got);
      if (N <= 0)
        break;
      Got += N;
    }
    if (ArgsFd >= 0)
      close(ArgsFd);
    Arguments[Got] = '\0';
    Info.Arguments = Arguments;
    Info.ArgumentsSize = static_cast<std::size_t>(Got);
    BufferedReport Out;
    Out.File.Fd = Fd;
    heapcount::writeJson(bufferReport, &Out, Info);
    flushReport(Out);
    const ReportFile &File = Out.File;
    if (close(Fd) == 0 && !File.Failed)
      rename(Partial, Path);
    else
      unlink(Partial);
  }
  InHook = WasInHook;
}

// valgrind runs glibc's and libstdc++'s release hooks at exit (its
// --run-libc-freeres and --run-cxx-freeres, on by default), which free their
// private buffers (libstdc++'s exception pool, ...); running them as late,
// uncounted after this point, makes the frees match.
void runFreeres() {
  // Under a sanitizer's hooks, libstdc++'s exception pool was made before
  // they were installed, uncounted: its release must not be counted either.
  if (Real.CxxFreeres &&
      Route.Kind != heapcount::posix::AllocatorRoute::SanitizerHooks)
    Real.CxxFreeres();
  if (Real.LibcFreeres)
    Real.LibcFreeres();
}

// A fatal signal: the report is written, the default action restored
// (SA_RESETHAND) and the signal raised again, so the process still ends by
// it (same status, same core dump). Only signals whose action was the
// default get this handler; a program that installs its own replaces it.
void onFatalSignal(int Signal) {
  int SavedErrno = errno;
  writeReportOnce("signal", Signal);
  errno = SavedErrno;
  raise(Signal);
}

const int FatalSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE,
                            SIGILL,  SIGTRAP, SIGSYS, SIGTERM};

void installSignalHandlers() {
  for (int Signal : FatalSignals) {
    struct sigaction Old;
    if (sigaction(Signal, nullptr, &Old) != 0 || Old.sa_handler != SIG_DFL ||
        (Old.sa_flags & SA_SIGINFO))
      continue;
    struct sigaction New;
    std::memset(&New, 0, sizeof(New));
    New.sa_handler = onFatalSignal;
    New.sa_flags = SA_RESETHAND | SA_RESTART;
    sigemptyset(&New.sa_mask);
    sigaction(Signal, &New, nullptr);
  }
}

// Allocation stacks.

using BacktraceFn = int (*)(void **, int);
// This library's code: its frames are left out of every stack.
std::uintptr_t SelfStart = 0, SelfEnd = 0;
constexpr unsigned MaxDepth = 64;

void findSelf() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&findSelf), &Info))
    return;
  dl_iterate_phdr(
      [](dl_phdr_info *Module, std::size_t, void *Base) {
        if (Module->dlpi_addr != reinterpret_cast<std::uintptr_t>(
                                     static_cast<Dl_info *>(Base)->dli_fbase))
          return 0;
        for (unsigned I = 0; I < Module->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Module->dlpi_phdr[I];
          if (Segment.p_type != PT_LOAD || !(Segment.p_flags & PF_X))
            continue;
          SelfStart = Module->dlpi_addr + Segment.p_vaddr;
          SelfEnd = SelfStart + Segment.p_memsz;
        }
        return 1;
      },
      &Info);
}

// Two unwinders. libunwind's unw_backtrace caches what it learns about each
// return address and is about ten times faster than glibc's backtrace
// (libgcc's unwinder), which interprets the unwind tables again for every
// frame; but loading libunwind and its first unwind take about 0.3 ms, and
// each return address it has not seen yet costs it eight system calls
// (signal masks). A test suite's processes are short: most make a few
// hundred allocations, where glibc's is the cheaper. So glibc's unwinds the
// first LibunwindAfter stacks of a process and libunwind the rest (both
// give the same return addresses).
constexpr unsigned LibunwindAfter = 1024;
std::atomic<BacktraceFn> Backtrace{nullptr};
std::atomic<unsigned> Unwinds{0};
std::atomic<bool> LibunwindTried{false};
// The dynamic loader's code: libunwind is not loaded from an allocation made
// inside the loader (its lists of modules are being changed there).
std::uintptr_t LoaderStart = 0, LoaderEnd = 0;

void findLoader() {
  std::uintptr_t Base = getauxval(AT_BASE);
  if (!Base)
    return;
  dl_iterate_phdr(
      [](dl_phdr_info *Module, std::size_t, void *Raw) {
        if (Module->dlpi_addr != *static_cast<std::uintptr_t *>(Raw))
          return 0;
        for (unsigned I = 0; I < Module->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Module->dlpi_phdr[I];
          if (Segment.p_type != PT_LOAD)
            continue;
          std::uintptr_t From = Module->dlpi_addr + Segment.p_vaddr;
          if (!LoaderStart || From < LoaderStart)
            LoaderStart = From;
          if (From + Segment.p_memsz > LoaderEnd)
            LoaderEnd = From + Segment.p_memsz;
        }
        return 1;
      },
      &Base);
}

// Called with InHook and Hiding set: what loading libunwind allocates is
// uncounted and hidden, as at start-up.
void switchToLibunwind() {
  void *Unwind = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
  auto Unw = Unwind
                 ? reinterpret_cast<BacktraceFn>(dlsym(Unwind, "unw_backtrace"))
                 : nullptr;
  if (!Unw)
    return;
  // Its first unwind allocates its caches.
  void *Frames[4];
  Unw(Frames, 4);
  Backtrace.store(Unw, std::memory_order_release);
}

// From the LibunwindAfter-th stack on, once, when none of the stack is in
// the loader (a stack deeper than the frames kept is unwound again whole).
void maybeSwitchToLibunwind(void *const *Frames, int Got, int Asked) {
  if (LibunwindTried.load(std::memory_order_relaxed))
    return;
  constexpr int MaxWhole = 256;
  void *Whole[MaxWhole];
  if (Got >= Asked) {
    Got = backtrace(Whole, MaxWhole);
    Frames = Whole;
    if (Got >= MaxWhole)
      return;
  }
  for (int I = 0; I < Got; ++I) {
    auto Address = reinterpret_cast<std::uintptr_t>(Frames[I]);
    if (Address >= LoaderStart && Address < LoaderEnd)
      return;
  }
  if (LibunwindTried.exchange(true))
    return;
  switchToLibunwind();
}

void setUpStacks(unsigned Depth, bool BySize) {
  if (Depth > MaxDepth)
    Depth = MaxDepth;
  Hiding = true;
  Backtrace.store(backtrace, std::memory_order_relaxed);
  findSelf();
  findLoader();
  // Straight from the kernel: zeroed, and not a counted mapping call.
  long Mapped =
      syscall(SYS_mmap, nullptr, heapcount::stackTableBytes(Depth, BySize),
              PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Mapped == -1) {
    Hiding = false;
    return;
  }
  // The first unwind loads libgcc_s; do it now, uncounted.
  void *Frames[4];
  backtrace(Frames, 4);
  Hiding = false;
  heapcount::setStackTable(kernelAddress(Mapped), Depth, BySize);
}

void recordStack(std::size_t Requested) {
  if (InHook)
    return;
  unsigned Depth = heapcount::stackDepth();
  void *Frames[MaxDepth + 8];
  int Asked = static_cast<int>(Depth + 8);
  InHook = true;
  Hiding = true;
  int Got = Backtrace.load(std::memory_order_acquire)(Frames, Asked);
  if (Unwinds.fetch_add(1, std::memory_order_relaxed) >= LibunwindAfter)
    maybeSwitchToLibunwind(Frames, Got, Asked);
  Hiding = false;
  InHook = false;
  int First = 0;
  while (First < Got &&
         reinterpret_cast<std::uintptr_t>(Frames[First]) >= SelfStart &&
         reinterpret_cast<std::uintptr_t>(Frames[First]) < SelfEnd)
    ++First;
  heapcount::addStack(Frames + First, static_cast<unsigned>(Got - First),
                      Requested);
}

} // namespace

// NOLINTBEGIN(readability-identifier-naming): C symbols.
extern "C" {

// _exit skips the destructors; the report is written first. glibc's
// release hooks are not run: a child that _exits right after fork must not
// touch its parent's state.
void _exit(int Status) {
  writeReportOnce("_exit", 0);
  if (Real.Exit)
    Real.Exit(Status);
  syscall(SYS_exit_group, Status);
  __builtin_unreachable();
}

void _Exit(int Status) { _exit(Status); }

// The module snapshot a signal-time report uses follows the loads and
// unloads (see refreshModuleSnapshot). (No function-local statics: this
// library does not link the C++ runtime.)
void *dlopen(const char *File, int Mode) {
  using DlopenFn = void *(*)(const char *, int);
  auto RealDlopen = reinterpret_cast<DlopenFn>(dlsym(RTLD_NEXT, "dlopen"));
  void *Handle = RealDlopen ? RealDlopen(File, Mode) : nullptr;
  if (Handle)
    refreshModuleSnapshot();
  return Handle;
}

int dlclose(void *Handle) {
  using DlcloseFn = int (*)(void *);
  auto RealDlclose = reinterpret_cast<DlcloseFn>(dlsym(RTLD_NEXT, "dlclose"));
  int Status = RealDlclose ? RealDlclose(Handle) : -1;
  refreshModuleSnapshot();
  return Status;
}

} // extern "C"
// NOLINTEND(readability-identifier-naming)

namespace {

void afterForkChild() {
  ForkedChild = true;
  heapcount::afterForkInChild(mine());
}

// The leading digits of Text, saturating (no overflow on a long string).
long parsePid(const char *Text) {
  long Value = 0;
  for (; Text && *Text >= '0' && *Text <= '9'; ++Text)
    Value = Value > 100000000000L ? Value : Value * 10 + (*Text - '0');
  return Value;
}

// HEAPCOUNT_STACKS: 0 to 64 frames; anything else is said and ignored.
unsigned parseDepth(const char *Text) {
  if (!Text || !*Text)
    return 0;
  long Value = parsePid(Text);
  if (Text[std::strspn(Text, "0123456789")] || Value > 64) {
    warnBadSetting("HEAPCOUNT_STACKS", Text,
                   "a number of frames from 0 to 64; no stacks");
    return 0;
  }
  return static_cast<unsigned>(Value);
}

// HEAPCOUNT_STACK_SIZES: 1 keys the stacks by size too; 0 or unset does not;
// anything else is said and ignored.
bool parseStackSizes(const char *Text) {
  if (!Text || !*Text || std::strcmp(Text, "0") == 0)
    return false;
  if (std::strcmp(Text, "1") == 0)
    return true;
  warnBadSetting("HEAPCOUNT_STACK_SIZES", Text,
                 "0 or 1; stacks are not keyed by size");
  return false;
}

// The process heapcount started marks its report file as soon as the
// library starts in it: a file left empty then means that the library never
// started (not loaded, or the program ended before), which heapcount reports
// as an error (tools/heapcount/Launch.h, StartMarker). The report replaces
// the mark.
void markStart() {
  int Fd = open(OutputPath, O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (Fd < 0)
    return;
  char Mark[64] = "{\"heapcount_started\":";
  std::size_t Length = appendDecimal(Mark, std::strlen(Mark),
                                     static_cast<unsigned long>(getpid()));
  Mark[Length++] = '}';
  Mark[Length++] = '\n';
  ReportFile File{Fd};
  writeAll(Mark, Length, &File);
  close(Fd);
}

// Before the program's own constructors (a preloaded library's run first).
__attribute__((constructor)) void setUp() {
  ensureResolved();
  InHook = true;
  Route = heapcount::posix::chooseAllocatorRoute(
      ProgramAllocator, reinterpret_cast<const void *>(&setUp),
      countHookedAlloc, countHookedFree);
  heapcount::setDiagnosis(Route.Problem);
  bool Interposed = Route.Kind == heapcount::posix::AllocatorRoute::Interposed;
  // Not on another allocator's blocks: glibc's headers are not there (an
  // invalid read under valgrind), and a sanitizer's malloc_usable_size
  // aborts on a block of glibc's.
  if (Interposed) {
    checkGlibcChunks();
    checkDirectNew();
  }
  UsableSizes = Interposed;
  if (const char *Path = std::getenv("HEAPCOUNT_OUTPUT")) {
    std::size_t Length = std::strlen(Path);
    if (Length < sizeof(OutputPath))
      std::memcpy(OutputPath, Path, Length + 1);
  }
  RootPid = parsePid(std::getenv("HEAPCOUNT_ROOT_PID"));
  if (OutputPath[0] && RootPid == getpid())
    markStart();
  ssize_t Length = readlink("/proc/self/exe", SelfExe, sizeof(SelfExe) - 1);
  SelfExe[Length > 0 ? Length : 0] = '\0';
  HaveBlockKey = pthread_key_create(&BlockKey, releaseBlock) == 0;
  pthread_atfork(nullptr, nullptr, afterForkChild);
  // A sanitizer's hooks are called from inside its allocator, whose frames
  // would be the call sites: no stacks then.
  unsigned Depth = parseDepth(std::getenv("HEAPCOUNT_STACKS"));
  if (Depth && Interposed) {
    setUpStacks(Depth, parseStackSizes(std::getenv("HEAPCOUNT_STACK_SIZES")));
    KeepSnapshot = true;
    refreshModuleSnapshot();
  }
  if (OutputPath[0])
    installSignalHandlers();
  InHook = false;
  // This thread's block was claimed before the key existed.
  if (mine() && HaveBlockKey)
    pthread_setspecific(BlockKey, mine());
}

// As late as a shared library can run: after main returned or exit was
// called and the atexit handlers of the program ran.
__attribute__((destructor)) void writeReport() {
  if (!OutputPath[0] || ReportWritten.load())
    return;
  runFreeres();
  writeReportOnce("exit", 0);
}

} // namespace
