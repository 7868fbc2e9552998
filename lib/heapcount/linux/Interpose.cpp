//===- Interpose.cpp - heapcount's Linux backend: the heap hooks ----------===//
//
// Replaces the C allocator and every global operator new/delete, forwards
// each call to the next definition (glibc, libstdc++) found with
// dlsym(RTLD_NEXT) and counts it in lib/heapcount/Counters. The rest of the
// backend (threads and mapping calls, start-up, the report, stacks) is in
// the files InterposeInternal.h lists.
//
// Block sizes come from malloc_usable_size instead of a header or a side
// table: it costs no memory and no lock, and every block counted here comes
// from glibc's allocator (libstdc++'s operator new calls malloc). Live bytes
// are therefore the usable sizes of the blocks (>= what was asked for); the
// block counts are exact.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/linux/InterposeInternal.h"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <new>

using heapcount::Fn;
using heapcount::ThreadBlock;
using namespace heapcount::interpose;

namespace heapcount {
namespace interpose {

// The thread's state (InterposeInternal.h), and Hiding: set while this
// thread sets up the stacks or unwinds (the hidden blocks below).
HEAPCOUNT_CONSTINIT __attribute__((tls_model(
    "initial-exec"))) thread_local std::uintptr_t ThreadState = SlowBit;
HEAPCOUNT_CONSTINIT
__attribute__((tls_model("initial-exec"))) thread_local bool Hiding = false;
InHookFlag InHook;

// False when the program's malloc is not the one this library forwards to
// (linux/Allocator.h): malloc_usable_size of a block of another allocator
// can crash, so sizes are 0 (and the report says nothing was counted).
bool UsableSizes = true;

} // namespace interpose
} // namespace heapcount

namespace {

// std::nothrow lives in libstdc++, which this library does not link.
const std::nothrow_t NoThrow{};

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

} // namespace

// Until malloc is resolved; while dlsym runs (which may allocate), the
// arena serves it, and those blocks are not counted (countedAllocSlow).
void *heapcount::interpose::bootstrapMalloc(std::size_t Size) {
  if (ensureResolved())
    return arenaAlloc(Size);
  return Real.Malloc(Size);
}

namespace {

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

} // namespace

void heapcount::interpose::checkDirectNew() {
  DirectNew = inCxxRuntime(reinterpret_cast<void *>(Real.New)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.NewArray)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.Delete)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.DeleteArray)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.DeleteSized)) &&
              inCxxRuntime(reinterpret_cast<void *>(Real.DeleteArraySized));
}

void heapcount::interpose::checkGlibcChunks() {
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

namespace {

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

} // namespace

// A sanitizer's allocator answers the program's heap calls (Route is
// SanitizerHooks): these count what its hooks say, before a release frees
// the block (so its size can still be asked).
void heapcount::interpose::countHookedAlloc(const volatile void *P,
                                            std::size_t Size) {
  if (P && !InHook)
    heapcount::countAllocation(block(), Fn::SanitizerAlloc, Size,
                               ProgramAllocator.AllocatedSize(P));
}

void heapcount::interpose::countHookedFree(const volatile void *P) {
  if (P && !InHook)
    heapcount::countRelease(block(), Fn::SanitizerFree,
                            ProgramAllocator.AllocatedSize(P));
}

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
