//===- Interpose.cpp - heapcount's Linux backend (LD_PRELOAD) -------------===//
//
// Replaces the C allocator and every global operator new/delete, forwards
// each call to the next definition (glibc, libstdc++) found with
// dlsym(RTLD_NEXT) and counts it in lib/heapcount/Counters. The JSON report
// is written at exit to $HEAPCOUNT_OUTPUT.
//
// Block sizes come from malloc_usable_size instead of a header or a side
// table: it costs no memory and no lock, and every block counted here comes
// from glibc's allocator (libstdc++'s operator new calls malloc). Live bytes
// are therefore the usable sizes of the blocks (>= what was asked for); the
// block counts are exact.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/Counters.h"
// Only the C declarations: the inline API is for programs.
#define HEAPCOUNT_NO_INLINE_API
#include "lib/heapcount/include/heapcount/heapcount.h"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <malloc.h>
#include <new>

using heapcount::addAlloc;
using heapcount::addFree;
using heapcount::countCall;
using heapcount::Fn;

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

struct RealFunctions {
  MallocFn Malloc;
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
};

RealFunctions Real;
// std::nothrow lives in libstdc++, which this library does not link.
const std::nothrow_t NoThrow{};
std::atomic<bool> Resolved{false};

// Set while this thread is inside a hook (or writes the report): calls made
// then are the implementation's own (libstdc++'s operator new calls malloc,
// fopen allocates) and are forwarded uncounted. initial-exec so that reading
// it never calls into the dynamic loader, which could allocate.
__attribute__((tls_model("initial-exec"))) thread_local bool InHook = false;
// Set while dlsym runs: its allocations come from the arena below.
__attribute__((tls_model("initial-exec"))) thread_local bool Resolving = false;

// dlsym can allocate (dlerror state) before malloc itself is resolved; those
// few requests are served from this static arena and never released.
alignas(64) char Arena[64 * 1024];
std::atomic<std::size_t> ArenaUsed{0};
constexpr std::size_t ArenaHeader = 16;

bool inArena(const void *P) {
  const char *C = static_cast<const char *>(P);
  return C >= Arena && C < Arena + sizeof(Arena);
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

void resolve() {
  Resolving = true;
  lookup(Real.Malloc, "malloc");
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
  Resolving = false;
  Resolved.store(true, std::memory_order_release);
}

// True when the caller must serve the request itself from the arena.
bool ensureResolved() {
  if (Resolved.load(std::memory_order_acquire))
    return false;
  if (Resolving)
    return true;
  resolve();
  return false;
}

std::size_t blockSize(void *P) { return malloc_usable_size(P); }

void *countedAlloc(Fn F, std::size_t Requested, void *P) {
  countCall(F, Requested);
  if (P)
    addAlloc(Requested, blockSize(P));
  return P;
}

// The release functions: a null pointer is a call but, as in valgrind, no
// free. The size is read before the block goes back to the allocator.
template <typename Forward> void countedRelease(Fn F, void *P, Forward Fwd) {
  if (InHook || !P) {
    if (!InHook)
      countCall(F, 0);
    Fwd();
    return;
  }
  std::size_t Size = blockSize(P);
  InHook = true;
  Fwd();
  InHook = false;
  countCall(F, 0);
  addFree(Size);
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

extern "C" {

void *malloc(std::size_t Size) {
  if (ensureResolved())
    return arenaAlloc(Size);
  if (InHook)
    return Real.Malloc(Size);
  InHook = true;
  void *P = Real.Malloc(Size);
  InHook = false;
  return countedAlloc(Fn::Malloc, Size, P);
}

void *calloc(std::size_t Count, std::size_t Size) {
  if (ensureResolved()) {
    // The arena is static storage that was never handed out: already zero.
    if (Size != 0 && Count > static_cast<std::size_t>(-1) / Size)
      return nullptr;
    return arenaAlloc(Count * Size);
  }
  if (InHook)
    return Real.Calloc(Count, Size);
  InHook = true;
  void *P = Real.Calloc(Count, Size);
  InHook = false;
  return countedAlloc(Fn::Calloc, Count * Size, P);
}

void free(void *P) {
  if (inArena(P))
    return;
  if (ensureResolved())
    return;
  countedRelease(Fn::Free, P, [P] { Real.Free(P); });
}

} // extern "C"

namespace {

// realloc and reallocarray as valgrind memcheck (3.19) counts them: on null,
// an allocation; on a block with size 0, a free; on a block otherwise, one
// allocation and one free whether it moved, grew in place or failed.
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
  countCall(F, Size);
  // glibc frees the block for size 0 (and returns null); a failure keeps it.
  if (Size == 0 && !P) {
    addFree(OldSize);
    return P;
  }
  addFree(OldSize, P != nullptr);
  addAlloc(Size, P ? blockSize(P) : 0, P != nullptr);
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
  if (InHook)
    return Real.Realloc(Old, Size);
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

void *operator new(std::size_t Size) {
  ensureResolved();
  return countedNew(
      Fn::New, Size, [=] { return Real.NewNothrow(Size, NoThrow); },
      [=] { return Real.New(Size); });
}

void *operator new[](std::size_t Size) {
  ensureResolved();
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

void operator delete(void *P) noexcept {
  ensureResolved();
  countedRelease(Fn::Delete, P, [=] { Real.Delete(P); });
}

void operator delete[](void *P) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteArray, P, [=] { Real.DeleteArray(P); });
}

void operator delete(void *P, std::size_t Size) noexcept {
  ensureResolved();
  countedRelease(Fn::DeleteSized, P, [=] { Real.DeleteSized(P, Size); });
}

void operator delete[](void *P, std::size_t Size) noexcept {
  ensureResolved();
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

// The in-process API (include/heapcount/heapcount.h) finds this by name.
// NOLINTNEXTLINE(readability-identifier-naming): a C symbol of the C API.
extern "C" int heapcount_snapshot_v1(heapcount_snapshot *Out) {
  heapcount::Totals T = heapcount::snapshotTotals();
  Out->allocs = T.Allocs;
  Out->frees = T.Frees;
  Out->bytes = T.Bytes;
  Out->live_blocks = T.LiveBlocks;
  Out->live_bytes = T.LiveBytes;
  Out->peak_live_bytes = T.PeakLiveBytes;
  return 1;
}

namespace {

// As late as a shared library can run: after main returned or exit was
// called and the atexit handlers of the program ran.
__attribute__((destructor)) void writeReport() {
  const char *Path = std::getenv("HEAPCOUNT_OUTPUT");
  if (!Path || !*Path)
    return;
  // valgrind runs glibc's and libstdc++'s release hooks at exit (its
  // --run-libc-freeres and --run-cxx-freeres, on by default), which free
  // their private buffers (libstdc++'s exception pool, ...); running them
  // here, as late, makes the frees match. Uncounted after this point.
  if (Real.CxxFreeres)
    Real.CxxFreeres();
  if (Real.LibcFreeres)
    Real.LibcFreeres();
  InHook = true;
  if (std::FILE *Out = std::fopen(Path, "w")) {
    heapcount::writeJson(Out, "linux");
    std::fclose(Out);
  }
  InHook = false;
}

} // namespace
