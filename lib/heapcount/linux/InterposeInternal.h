//===- InterposeInternal.h - what the Linux backend's files share -*- C++ -*-=//
//
// The Linux backend (LD_PRELOAD) is one library in these files, with
// Allocator.cpp (whose malloc the program calls):
//
//   Interpose.cpp           the heap hooks (malloc, free, operator new and
//                           delete, ...) and their hot path
//   ThreadsAndMappings.cpp  threads (their counter blocks), fork and the
//                           program's mapping calls (mmap, brk, ...)
//   Startup.cpp             resolving the real functions, the library's
//                           constructor and its environment variables
//   ReportWriter.cpp        the report, written at exit, at _exit or on a
//                           fatal signal
//   Stacks.cpp              allocation stacks, their two unwinders, and
//                           the dlopen and dlclose hooks
//
// Everything here runs inside malloc, possibly before libc is set up, or in
// a signal handler: no allocation, and no global that needs a constructor.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_HEAPCOUNT_LINUX_INTERPOSEINTERNAL_H
#define ALLOC_TIDY_LIB_HEAPCOUNT_LINUX_INTERPOSEINTERNAL_H

#include "lib/heapcount/Counters.h"
#include "lib/heapcount/linux/Allocator.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <pthread.h>
#include <sys/types.h>

// An extern thread_local is read through a wrapper that would run its
// dynamic initializer. These have none; saying so lets every file read them
// as directly as the one that defines them.
#if defined(__clang__)
#define HEAPCOUNT_CONSTINIT __attribute__((require_constant_initialization))
#elif defined(__GNUC__) && __GNUC__ >= 10
#define HEAPCOUNT_CONSTINIT __constinit
#else
#define HEAPCOUNT_CONSTINIT
#endif

#pragma GCC visibility push(hidden)

namespace heapcount {
namespace interpose {

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

// Interpose.cpp: malloc until the real one is resolved.
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

// Startup.cpp: the real functions and whose malloc the program calls
// (linux/Allocator.h), looked up with them and decided at set-up.
extern RealFunctions Real;
extern posix::AllocatorSymbols ProgramAllocator;
extern posix::AllocatorRoute Route;
extern std::atomic<bool> Resolved;

// Startup.cpp: looks up the real functions; true when the caller must serve
// the request itself from the arena (dlsym is running).
bool resolveNow();

inline bool ensureResolved() {
  if (__builtin_expect(Resolved.load(std::memory_order_acquire), 1))
    return false;
  return resolveNow();
}

// The raw system calls return an address as a long (or -errno). Inline and
// not exported: a name the library exports would replace a program's own
// function of that name.
inline void *addressFromKernel(long Result) {
  // NOLINTNEXTLINE(performance-no-int-to-ptr): the kernel's answer is one.
  return reinterpret_cast<void *>(Result);
}

// What the hot path needs of this thread, in one word so that one load
// and one test decide it: this thread's counters (lib/heapcount/Counters,
// claimed on its first call) and two flag bits. InHookBit: the thread is
// inside a hook (or writes the report), so the calls it makes are the
// implementation's own (libstdc++'s operator new calls malloc) and are
// forwarded uncounted. SlowBit: the thread has no block of its own yet, or
// has the shared one (locked updates). initial-exec so that reading it never
// calls into the dynamic loader, which could allocate.
constexpr std::uintptr_t InHookBit = 1, SlowBit = 2, FlagBits = 3;
extern HEAPCOUNT_CONSTINIT __attribute__((
    tls_model("initial-exec"))) thread_local std::uintptr_t ThreadState;
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
extern InHookFlag InHook;

// The word holds a block's address with flags in its low bits: the casts
// back are the point of it.
inline ThreadBlock *mine() {
  // NOLINTNEXTLINE(performance-no-int-to-ptr): an address with flag bits.
  return reinterpret_cast<ThreadBlock *>(ThreadState & ~FlagBits);
}

inline void setMine(ThreadBlock *Block) {
  ThreadState = reinterpret_cast<std::uintptr_t>(Block) |
                (!Block || Block->Shared ? SlowBit : 0) |
                (ThreadState & InHookBit);
}

// True, with the thread's block in \p T, when the hot path may count in it
// with plain updates: claimed, its own, not in a hook. (Without flags the
// word is never null: an unclaimed thread has SlowBit.)
inline bool fastBlock(ThreadBlock *&T) {
  std::uintptr_t State = ThreadState;
  // NOLINTNEXTLINE(performance-no-int-to-ptr): an address with flag bits.
  T = reinterpret_cast<ThreadBlock *>(State);
  return !(State & FlagBits);
}

// ThreadsAndMappings.cpp: releases a thread's block when it ends (pthread
// TLS destructors); the key is made at set-up.
extern pthread_key_t BlockKey;
extern bool HaveBlockKey;
void releaseBlock(void *Block);

inline ThreadBlock &block() {
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

void afterForkChild();

// Interpose.cpp: set while this thread sets up the stacks or unwinds; the
// blocks it allocates then are hidden (uncounted until they are freed).
extern HEAPCOUNT_CONSTINIT
    __attribute__((tls_model("initial-exec"))) thread_local bool Hiding;

// Interpose.cpp: what the hooks may assume of the program's allocator,
// checked at set-up.
extern bool UsableSizes;
void checkGlibcChunks();
void checkDirectNew();

// Interpose.cpp: counting through a sanitizer's allocator hooks.
void countHookedAlloc(const volatile void *P, std::size_t Size);
void countHookedFree(const volatile void *P);

// ReportWriter.cpp. Copied at start-up: the program may change its
// environment.
extern char OutputPath[4096];
extern long RootPid;
extern bool ForkedChild;
extern char SelfExe[4096];
extern bool KeepSnapshot;

/// Where the report goes; Failed once a write did not go through (a full
/// disk), so that the report is not put in place.
struct ReportFile {
  int Fd = -1;
  bool Failed = false;
};

void writeAll(const char *Data, std::size_t Size, void *Context);
std::size_t appendDecimal(char *Out, std::size_t Length, unsigned long Value);
void refreshModuleSnapshot();
void installSignalHandlers();

// Stacks.cpp.
void setUpStacks(unsigned Depth, bool BySize);
void recordStack(std::size_t Requested);

} // namespace interpose
} // namespace heapcount

#pragma GCC visibility pop

#endif // ALLOC_TIDY_LIB_HEAPCOUNT_LINUX_INTERPOSEINTERNAL_H
