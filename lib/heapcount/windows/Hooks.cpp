//===- Hooks.cpp - heapcount's Windows backend: the hooks -----------------===//
//
// heapcount.dll counts a Windows program's heap calls by patching the import
// address tables of the program's modules (ImportPatching.cpp): every import
// of a counted function (the CRT's malloc family, operator new/delete, the
// Win32 and Rtl heap functions, the mapping calls) is pointed at a hook here
// that counts and forwards.
//
// A hook may run inside another (operator new calls malloc); a thread-local
// in-hook flag makes the outer call the one counted, and the inner one only
// tells the outer the size of the block it made or released. The Win32 heap
// hooks forward to ntdll's Rtl*Heap functions directly, never back through
// an import that could be one of ours.
//
// The rest of the backend is in the files HooksInternal.h lists.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/windows/HooksInternal.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <cwchar>

using heapcount::Fn;
using heapcount::OsFn;
using namespace heapcount::win;

// Addresses are integers here, by nature: flag bits in a TLS word, RVAs in
// PE headers, the saved pointer below an aligned block.
// NOLINTBEGIN(performance-no-int-to-ptr)
namespace {

//===- Hook table ---------------------------------------------------------===//

// Each hooked function has Slots hooks, one per distinct real function its
// imports point at (the exe may take malloc from msvcrt.dll and a DLL from
// ucrtbase.dll: two CRTs, two heaps).
constexpr unsigned Slots = 4;

enum class Hook : unsigned {
  Malloc,
  Calloc,
  Realloc,
  Free,
  AlignedMalloc,
  AlignedRealloc,
  AlignedFree,
  Recalloc,
  Strdup,
  Wcsdup,
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
  VirtualAlloc,
  VirtualFree,
  MapViewOfFile,
  MapViewOfFileEx,
  UnmapViewOfFile,
  Count
};
constexpr unsigned NumHooks = static_cast<unsigned>(Hook::Count);

// What a slot forwards to, and for the CRT's functions what that CRT's
// blocks measure and which heap they come from.
struct Target {
  std::atomic<void *> Function{nullptr};
  std::size_t(__cdecl *Msize)(void *) = nullptr;
  HANDLE Heap = nullptr;
  // The CRT's _get_heap_handle, asked while Heap is unknown (see crtHeap).
  HANDLE(__cdecl *HeapOf)() = nullptr;
  // operator new's nothrow form in the same module (see countedNew).
  void *Nothrow = nullptr;
};
Target Targets[NumHooks][Slots];

template <typename F> F real(Hook H, unsigned S) {
  return reinterpret_cast<F>(Targets[static_cast<unsigned>(H)][S].Function.load(
      std::memory_order_acquire));
}
const Target &target(Hook H, unsigned S) {
  return Targets[static_cast<unsigned>(H)][S];
}

// The heap a CRT's blocks come from. A CRT that is initialised after this
// DLL has no heap yet when its imports are patched: ucrtbase.dll, which
// the UCRT's api-ms-win-crt-heap-l1-1-0.dll forwards malloc to, makes its
// heap in its own initialisation, and heapcount.dll is initialised first.
// Until it has one, the CRT is asked at each call.
HANDLE crtHeap(const Target &T) {
  if (T.Heap || !T.HeapOf)
    return T.Heap;
  return T.HeapOf();
}

// The bytes of a CRT block: _msize of its CRT.
std::size_t crtBytes(const Target &T, void *P) {
  if (!P || !T.Msize)
    return 0;
  std::size_t Bytes = T.Msize(P);
  return Bytes == static_cast<std::size_t>(-1) ? 0 : Bytes;
}

// _aligned_malloc keeps the pointer malloc returned just below the aligned
// block (Microsoft's CRT and Wine's alike); the bytes are that block's.
std::size_t alignedBytes(const Target &T, void *P) {
  if (!P || !T.Msize)
    return 0;
  std::uintptr_t Saved =
      (reinterpret_cast<std::uintptr_t>(P) - sizeof(void *)) &
      ~(sizeof(void *) - 1);
  return crtBytes(T, *reinterpret_cast<void **>(Saved));
}

//===- The hooks ----------------------------------------------------------===//

// The CRT's allocation functions: Call forwards, Bytes measures a block.
template <typename Call, typename Measure>
void *countedCrtAlloc(Fn F, std::size_t Requested, const Target &T, Call C,
                      Measure Bytes) {
  if (inHook()) {
    void *P = C();
    noteNested(Bytes(P));
    return P;
  }
  void *P = guarded(C);
  countAlloc(F, Requested, P, Bytes(P), crtHeap(T));
  return P;
}

template <typename Call, typename Measure>
void countedCrtFree(Fn F, void *P, const Target &T, Call C, Measure Bytes) {
  if (inHook()) {
    noteNested(Bytes(P));
    C();
    return;
  }
  countFree(F, P, Bytes(P), crtHeap(T));
  guarded([&] {
    C();
    return 0;
  });
}

template <typename Call, typename Measure>
void *countedCrtResize(Fn F, void *Old, std::size_t Requested, const Target &T,
                       Call C, Measure Bytes) {
  if (!Old)
    return countedCrtAlloc(F, Requested, T, C, Bytes);
  if (inHook())
    return C();
  std::size_t OldBytes = Bytes(Old);
  void *P = guarded(C);
  countResize(F, OldBytes, Requested, P, Bytes(P), crtHeap(T),
              Requested == 0 && !P);
  return P;
}

template <unsigned S> void *__cdecl hookMalloc(std::size_t Size) {
  const Target &T = target(Hook::Malloc, S);
  return countedCrtAlloc(
      Fn::Malloc, Size, T,
      [&] {
        return real<void *(__cdecl *)(std::size_t)>(Hook::Malloc, S)(Size);
      },
      [&](void *P) { return crtBytes(T, P); });
}

template <unsigned S>
void *__cdecl hookCalloc(std::size_t Count, std::size_t Size) {
  const Target &T = target(Hook::Calloc, S);
  return countedCrtAlloc(
      Fn::Calloc, Count * Size, T,
      [&] {
        return real<void *(__cdecl *)(std::size_t, std::size_t)>(
            Hook::Calloc, S)(Count, Size);
      },
      [&](void *P) { return crtBytes(T, P); });
}

template <unsigned S> void *__cdecl hookRealloc(void *Old, std::size_t Size) {
  const Target &T = target(Hook::Realloc, S);
  return countedCrtResize(
      Fn::Realloc, Old, Size, T,
      [&] {
        return real<void *(__cdecl *)(void *, std::size_t)>(Hook::Realloc,
                                                            S)(Old, Size);
      },
      [&](void *P) { return crtBytes(T, P); });
}

template <unsigned S>
void *__cdecl hookRecalloc(void *Old, std::size_t Count, std::size_t Size) {
  const Target &T = target(Hook::Recalloc, S);
  return countedCrtResize(
      Fn::RecallocWin, Old, Count * Size, T,
      [&] {
        return real<void *(__cdecl *)(void *, std::size_t, std::size_t)>(
            Hook::Recalloc, S)(Old, Count, Size);
      },
      [&](void *P) { return crtBytes(T, P); });
}

template <unsigned S> void __cdecl hookFree(void *P) {
  const Target &T = target(Hook::Free, S);
  countedCrtFree(
      Fn::Free, P, T, [&] { real<void(__cdecl *)(void *)>(Hook::Free, S)(P); },
      [&](void *Block) { return crtBytes(T, Block); });
}

template <unsigned S>
void *__cdecl hookAlignedMalloc(std::size_t Size, std::size_t Alignment) {
  const Target &T = target(Hook::AlignedMalloc, S);
  return countedCrtAlloc(
      Fn::AlignedMallocWin, Size, T,
      [&] {
        return real<void *(__cdecl *)(std::size_t, std::size_t)>(
            Hook::AlignedMalloc, S)(Size, Alignment);
      },
      [&](void *P) { return alignedBytes(T, P); });
}

template <unsigned S>
void *__cdecl hookAlignedRealloc(void *Old, std::size_t Size,
                                 std::size_t Alignment) {
  const Target &T = target(Hook::AlignedRealloc, S);
  return countedCrtResize(
      Fn::AlignedReallocWin, Old, Size, T,
      [&] {
        return real<void *(__cdecl *)(void *, std::size_t, std::size_t)>(
            Hook::AlignedRealloc, S)(Old, Size, Alignment);
      },
      [&](void *P) { return alignedBytes(T, P); });
}

template <unsigned S> void __cdecl hookAlignedFree(void *P) {
  const Target &T = target(Hook::AlignedFree, S);
  countedCrtFree(
      Fn::AlignedFreeWin, P, T,
      [&] { real<void(__cdecl *)(void *)>(Hook::AlignedFree, S)(P); },
      [&](void *Block) { return alignedBytes(T, Block); });
}

template <unsigned S> char *__cdecl hookStrdup(const char *Text) {
  const Target &T = target(Hook::Strdup, S);
  std::size_t Size = Text ? std::strlen(Text) + 1 : 0;
  return static_cast<char *>(countedCrtAlloc(
      Fn::StrdupWin, Size, T,
      [&]() -> void * {
        return real<char *(__cdecl *)(const char *)>(Hook::Strdup, S)(Text);
      },
      [&](void *P) { return crtBytes(T, P); }));
}

template <unsigned S> wchar_t *__cdecl hookWcsdup(const wchar_t *Text) {
  const Target &T = target(Hook::Wcsdup, S);
  std::size_t Size = Text ? (std::wcslen(Text) + 1) * sizeof(wchar_t) : 0;
  return static_cast<wchar_t *>(countedCrtAlloc(
      Fn::WcsdupWin, Size, T,
      [&]() -> void * {
        return real<wchar_t *(__cdecl *)(const wchar_t *)>(Hook::Wcsdup,
                                                           S)(Text);
      },
      [&](void *P) { return crtBytes(T, P); }));
}

// operator new and delete of a C++ runtime DLL (libstdc++-6.dll, libc++.dll)
// allocate through that runtime's malloc, itself hooked: the inner call
// tells the block's bytes. (Linked statically, they are part of the program
// and only their malloc is seen.)
//
// A throwing operator new must not unwind through a hook with the in-hook
// flag set, so the nothrow form of the same runtime is asked first, and only
// when it fails is the throwing one called, unguarded: it runs the
// new-handler and throws.
template <typename Try, typename Throw>
void *countedNew(Fn F, std::size_t Size, const Target &T, Try TryNew,
                 Throw ThrowNew) {
  if (inHook() || !T.Nothrow)
    return ThrowNew();
  clearNested();
  void *P = guarded(TryNew);
  if (!P)
    P = ThrowNew();
  std::size_t Bytes = Size;
  takeNested(Bytes);
  countAlloc(F, Size, P, Bytes, nullptr);
  return P;
}

template <typename Call> void countedDelete(Fn F, void *P, Call C) {
  if (inHook()) {
    C();
    return;
  }
  clearNested();
  guarded([&] {
    C();
    return 0;
  });
  std::size_t Bytes = 0;
  takeNested(Bytes);
  countFree(F, P, Bytes, nullptr);
}

struct NothrowTag;
using NewFn = void *(*)(std::size_t);
using NewNothrowFn = void *(*)(std::size_t, const NothrowTag *);
using NewAlignedFn = void *(*)(std::size_t, std::size_t);
using NewAlignedNothrowFn = void *(*)(std::size_t, std::size_t,
                                      const NothrowTag *);

template <Hook H, Fn F, unsigned S> void *hookNew(std::size_t Size) {
  const Target &T = target(H, S);
  return countedNew(
      F, Size, T,
      [&] { return reinterpret_cast<NewNothrowFn>(T.Nothrow)(Size, nullptr); },
      [&] { return real<NewFn>(H, S)(Size); });
}

template <Hook H, Fn F, unsigned S>
void *hookNewAligned(std::size_t Size, std::size_t Alignment) {
  const Target &T = target(H, S);
  return countedNew(
      F, Size, T,
      [&] {
        return reinterpret_cast<NewAlignedNothrowFn>(T.Nothrow)(Size, Alignment,
                                                                nullptr);
      },
      [&] { return real<NewAlignedFn>(H, S)(Size, Alignment); });
}

// The nothrow forms do not throw: no second call.
template <Hook H, Fn F, unsigned S>
void *hookNewNothrow(std::size_t Size, const NothrowTag *Tag) {
  if (inHook())
    return real<NewNothrowFn>(H, S)(Size, Tag);
  clearNested();
  void *P = guarded([&] { return real<NewNothrowFn>(H, S)(Size, Tag); });
  std::size_t Bytes = Size;
  takeNested(Bytes);
  countAlloc(F, Size, P, Bytes, nullptr);
  return P;
}

template <Hook H, Fn F, unsigned S>
void *hookNewAlignedNothrow(std::size_t Size, std::size_t Alignment,
                            const NothrowTag *Tag) {
  if (inHook())
    return real<NewAlignedNothrowFn>(H, S)(Size, Alignment, Tag);
  clearNested();
  void *P = guarded(
      [&] { return real<NewAlignedNothrowFn>(H, S)(Size, Alignment, Tag); });
  std::size_t Bytes = Size;
  takeNested(Bytes);
  countAlloc(F, Size, P, Bytes, nullptr);
  return P;
}

// Every delete form: the block and whatever the other arguments are (size,
// alignment, nothrow tag: all pointer-sized or smaller), forwarded as is.
template <Hook H, Fn F, unsigned S> void hookDelete(void *P) {
  countedDelete(F, P, [&] { real<void (*)(void *)>(H, S)(P); });
}
template <Hook H, Fn F, unsigned S> void hookDelete2(void *P, std::size_t A) {
  countedDelete(F, P, [&] { real<void (*)(void *, std::size_t)>(H, S)(P, A); });
}
template <Hook H, Fn F, unsigned S>
void hookDelete3(void *P, std::size_t A, std::size_t B) {
  countedDelete(F, P, [&] {
    real<void (*)(void *, std::size_t, std::size_t)>(H, S)(P, A, B);
  });
}

std::size_t heapBlockBytes(HANDLE Heap, const void *P) {
  SIZE_T Bytes = Ntdll.SizeHeap(Heap, 0, P);
  return Bytes == static_cast<SIZE_T>(-1) ? 0 : Bytes;
}

// The Win32 heap: kernel32's HeapAlloc, HeapReAlloc and HeapFree are
// ntdll's functions under other names, and forwarding to ntdll directly
// cannot come back through a patched import.
template <Fn F>
LPVOID WINAPI countedHeapAlloc(HANDLE Heap, DWORD Flags, SIZE_T Size) {
  if (inHook()) {
    void *P = Ntdll.AllocateHeap(Heap, Flags, Size);
    noteNested(P ? heapBlockBytes(Heap, P) : 0);
    return P;
  }
  void *P = guarded([&] { return Ntdll.AllocateHeap(Heap, Flags, Size); });
  countAlloc(F, Size, P, P ? heapBlockBytes(Heap, P) : 0, Heap);
  return P;
}

template <Fn F>
LPVOID WINAPI countedHeapReAlloc(HANDLE Heap, DWORD Flags, LPVOID Old,
                                 SIZE_T Size) {
  auto Call = [&] { return Ntdll.ReAllocateHeap(Heap, Flags, Old, Size); };
  if (inHook())
    return Call();
  // Unlike realloc, HeapReAlloc neither allocates for null nor frees for 0.
  if (!Old) {
    void *P = guarded(Call);
    heapcount::countCall(block(), F);
    return P;
  }
  std::size_t OldBytes = heapBlockBytes(Heap, Old);
  void *P = guarded(Call);
  countResize(F, OldBytes, Size, P, P ? heapBlockBytes(Heap, P) : 0, Heap,
              false);
  return P;
}

template <Fn F>
BOOL WINAPI countedHeapFree(HANDLE Heap, DWORD Flags, LPVOID P) {
  if (inHook()) {
    noteNested(P ? heapBlockBytes(Heap, P) : 0);
    return Ntdll.FreeHeap(Heap, Flags, P) ? TRUE : FALSE;
  }
  countFree(F, P, P ? heapBlockBytes(Heap, P) : 0, Heap);
  return guarded([&] { return Ntdll.FreeHeap(Heap, Flags, P); }) ? TRUE : FALSE;
}

HANDLE WINAPI hookHeapCreateImpl(DWORD Options, SIZE_T Initial, SIZE_T Max,
                                 unsigned S) {
  HANDLE Heap = guarded([&] {
    return real<HANDLE(WINAPI *)(DWORD, SIZE_T, SIZE_T)>(Hook::HeapCreate, S)(
        Options, Initial, Max);
  });
  noteHeapCreated(Fn::HeapCreate, Heap);
  return Heap;
}
template <unsigned S>
HANDLE WINAPI hookHeapCreate(DWORD Options, SIZE_T Initial, SIZE_T Max) {
  return hookHeapCreateImpl(Options, Initial, Max, S);
}

template <unsigned S> BOOL WINAPI hookHeapDestroy(HANDLE Heap) {
  BOOL Done = guarded(
      [&] { return real<BOOL(WINAPI *)(HANDLE)>(Hook::HeapDestroy, S)(Heap); });
  if (Done)
    noteHeapDestroyed(Fn::HeapDestroy, Heap);
  else
    heapcount::countCall(block(), Fn::HeapDestroy);
  return Done;
}

template <unsigned S>
PVOID NTAPI hookRtlCreateHeap(ULONG Flags, PVOID Base, SIZE_T Reserve,
                              SIZE_T Commit, PVOID Lock, PVOID Parameters) {
  PVOID Heap = guarded([&] {
    return Ntdll.CreateHeap(Flags, Base, Reserve, Commit, Lock, Parameters);
  });
  noteHeapCreated(Fn::RtlCreateHeap, Heap);
  return Heap;
}

// RtlDestroyHeap returns null when it destroyed the heap.
template <unsigned S> PVOID NTAPI hookRtlDestroyHeap(PVOID Heap) {
  PVOID Left = guarded([&] { return Ntdll.DestroyHeap(Heap); });
  if (!Left)
    noteHeapDestroyed(Fn::RtlDestroyHeap, Heap);
  else
    heapcount::countCall(block(), Fn::RtlDestroyHeap);
  return Left;
}

template <unsigned S>
LPVOID WINAPI hookHeapAlloc(HANDLE Heap, DWORD Flags, SIZE_T Size) {
  return countedHeapAlloc<Fn::HeapAlloc>(Heap, Flags, Size);
}
template <unsigned S>
LPVOID WINAPI hookHeapReAlloc(HANDLE Heap, DWORD Flags, LPVOID Old,
                              SIZE_T Size) {
  return countedHeapReAlloc<Fn::HeapReAlloc>(Heap, Flags, Old, Size);
}
template <unsigned S>
BOOL WINAPI hookHeapFree(HANDLE Heap, DWORD Flags, LPVOID P) {
  return countedHeapFree<Fn::HeapFree>(Heap, Flags, P);
}
template <unsigned S>
PVOID NTAPI hookRtlAllocateHeap(PVOID Heap, ULONG Flags, SIZE_T Size) {
  return countedHeapAlloc<Fn::RtlAllocateHeap>(Heap, Flags, Size);
}
template <unsigned S>
PVOID NTAPI hookRtlReAllocateHeap(PVOID Heap, ULONG Flags, PVOID Old,
                                  SIZE_T Size) {
  return countedHeapReAlloc<Fn::RtlReAllocateHeap>(Heap, Flags, Old, Size);
}
template <unsigned S>
BOOLEAN NTAPI hookRtlFreeHeap(PVOID Heap, ULONG Flags, PVOID P) {
  return countedHeapFree<Fn::RtlFreeHeap>(Heap, Flags, P);
}

// The mapping calls: counted apart, as mmap is on Linux.
void countMapping(OsFn F, std::size_t Bytes) {
  if (!inHook())
    heapcount::countOsCall(block(), F, Bytes);
}

template <unsigned S>
LPVOID WINAPI hookVirtualAlloc(LPVOID Address, SIZE_T Size, DWORD Type,
                               DWORD Protect) {
  countMapping(OsFn::VirtualAlloc, Size);
  return real<LPVOID(WINAPI *)(LPVOID, SIZE_T, DWORD, DWORD)>(
      Hook::VirtualAlloc, S)(Address, Size, Type, Protect);
}
template <unsigned S>
BOOL WINAPI hookVirtualFree(LPVOID Address, SIZE_T Size, DWORD Type) {
  countMapping(OsFn::VirtualFree, Size);
  return real<BOOL(WINAPI *)(LPVOID, SIZE_T, DWORD)>(Hook::VirtualFree,
                                                     S)(Address, Size, Type);
}
template <unsigned S>
LPVOID WINAPI hookMapViewOfFile(HANDLE Mapping, DWORD Access, DWORD High,
                                DWORD Low, SIZE_T Size) {
  countMapping(OsFn::MapViewOfFile, Size);
  return real<LPVOID(WINAPI *)(HANDLE, DWORD, DWORD, DWORD, SIZE_T)>(
      Hook::MapViewOfFile, S)(Mapping, Access, High, Low, Size);
}
template <unsigned S>
LPVOID WINAPI hookMapViewOfFileEx(HANDLE Mapping, DWORD Access, DWORD High,
                                  DWORD Low, SIZE_T Size, LPVOID Address) {
  countMapping(OsFn::MapViewOfFile, Size);
  return real<LPVOID(WINAPI *)(HANDLE, DWORD, DWORD, DWORD, SIZE_T, LPVOID)>(
      Hook::MapViewOfFileEx, S)(Mapping, Access, High, Low, Size, Address);
}
template <unsigned S> BOOL WINAPI hookUnmapViewOfFile(LPCVOID Address) {
  countMapping(OsFn::UnmapViewOfFile, 0);
  return real<BOOL(WINAPI *)(LPCVOID)>(Hook::UnmapViewOfFile, S)(Address);
}

} // namespace

//===- The table of hooked imports ----------------------------------------===//

struct heapcount::win::HookInfo {
  Hook Id;
  const char *Names[2]; // The import names (the second may be null).
  void *Hooks[Slots];
  // For the C++ forms: the nothrow form to ask first (see countedNew).
  const char *NothrowName = nullptr;
};

namespace {

template <typename F> void *address(F Function) {
  return reinterpret_cast<void *>(Function);
}
// A template name cannot be parenthesized.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define HEAPCOUNT_SLOTS(...)                                                   \
  {address(&__VA_ARGS__<0>), address(&__VA_ARGS__<1>),                         \
   address(&__VA_ARGS__<2>), address(&__VA_ARGS__<3>)}
#define HEAPCOUNT_CXX_SLOTS(Form, H, F)                                        \
  {address(&Form<Hook::H, Fn::F, 0>), address(&Form<Hook::H, Fn::F, 1>),       \
   address(&Form<Hook::H, Fn::F, 2>), address(&Form<Hook::H, Fn::F, 3>)}
// NOLINTEND(bugprone-macro-parentheses)

// The C++ names are the Itanium ABI's for 64-bit Windows (size_t is
// unsigned long long: 'y'), as libstdc++ and libc++ export them.
const HookInfo HookInfos[] = {
    {Hook::Malloc, {"malloc", nullptr}, HEAPCOUNT_SLOTS(hookMalloc)},
    {Hook::Calloc, {"calloc", nullptr}, HEAPCOUNT_SLOTS(hookCalloc)},
    {Hook::Realloc, {"realloc", nullptr}, HEAPCOUNT_SLOTS(hookRealloc)},
    {Hook::Free, {"free", nullptr}, HEAPCOUNT_SLOTS(hookFree)},
    {Hook::AlignedMalloc,
     {"_aligned_malloc", nullptr},
     HEAPCOUNT_SLOTS(hookAlignedMalloc)},
    {Hook::AlignedRealloc,
     {"_aligned_realloc", nullptr},
     HEAPCOUNT_SLOTS(hookAlignedRealloc)},
    {Hook::AlignedFree,
     {"_aligned_free", nullptr},
     HEAPCOUNT_SLOTS(hookAlignedFree)},
    {Hook::Recalloc, {"_recalloc", nullptr}, HEAPCOUNT_SLOTS(hookRecalloc)},
    {Hook::Strdup, {"_strdup", "strdup"}, HEAPCOUNT_SLOTS(hookStrdup)},
    {Hook::Wcsdup, {"_wcsdup", "wcsdup"}, HEAPCOUNT_SLOTS(hookWcsdup)},
    {Hook::New,
     {"_Znwy", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNew, New, New),
     "_ZnwyRKSt9nothrow_t"},
    {Hook::NewArray,
     {"_Znay", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNew, NewArray, NewArray),
     "_ZnayRKSt9nothrow_t"},
    {Hook::NewAligned,
     {"_ZnwySt11align_val_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNewAligned, NewAligned, NewAligned),
     "_ZnwySt11align_val_tRKSt9nothrow_t"},
    {Hook::NewArrayAligned,
     {"_ZnaySt11align_val_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNewAligned, NewArrayAligned, NewArrayAligned),
     "_ZnaySt11align_val_tRKSt9nothrow_t"},
    {Hook::NewNothrow,
     {"_ZnwyRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNewNothrow, NewNothrow, NewNothrow)},
    {Hook::NewArrayNothrow,
     {"_ZnayRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNewNothrow, NewArrayNothrow, NewArrayNothrow)},
    {Hook::NewAlignedNothrow,
     {"_ZnwySt11align_val_tRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNewAlignedNothrow, NewAlignedNothrow,
                         NewAlignedNothrow)},
    {Hook::NewArrayAlignedNothrow,
     {"_ZnaySt11align_val_tRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookNewAlignedNothrow, NewArrayAlignedNothrow,
                         NewArrayAlignedNothrow)},
    {Hook::Delete,
     {"_ZdlPv", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete, Delete, Delete)},
    {Hook::DeleteArray,
     {"_ZdaPv", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete, DeleteArray, DeleteArray)},
    {Hook::DeleteSized,
     {"_ZdlPvy", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete2, DeleteSized, DeleteSized)},
    {Hook::DeleteArraySized,
     {"_ZdaPvy", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete2, DeleteArraySized, DeleteArraySized)},
    {Hook::DeleteAligned,
     {"_ZdlPvSt11align_val_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete2, DeleteAligned, DeleteAligned)},
    {Hook::DeleteArrayAligned,
     {"_ZdaPvSt11align_val_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete2, DeleteArrayAligned, DeleteArrayAligned)},
    {Hook::DeleteSizedAligned,
     {"_ZdlPvySt11align_val_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete3, DeleteSizedAligned, DeleteSizedAligned)},
    {Hook::DeleteArraySizedAligned,
     {"_ZdaPvySt11align_val_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete3, DeleteArraySizedAligned,
                         DeleteArraySizedAligned)},
    {Hook::DeleteNothrow,
     {"_ZdlPvRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete2, DeleteNothrow, DeleteNothrow)},
    {Hook::DeleteArrayNothrow,
     {"_ZdaPvRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete2, DeleteArrayNothrow, DeleteArrayNothrow)},
    {Hook::DeleteAlignedNothrow,
     {"_ZdlPvSt11align_val_tRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete3, DeleteAlignedNothrow,
                         DeleteAlignedNothrow)},
    {Hook::DeleteArrayAlignedNothrow,
     {"_ZdaPvSt11align_val_tRKSt9nothrow_t", nullptr},
     HEAPCOUNT_CXX_SLOTS(hookDelete3, DeleteArrayAlignedNothrow,
                         DeleteArrayAlignedNothrow)},
    {Hook::HeapAlloc, {"HeapAlloc", nullptr}, HEAPCOUNT_SLOTS(hookHeapAlloc)},
    {Hook::HeapReAlloc,
     {"HeapReAlloc", nullptr},
     HEAPCOUNT_SLOTS(hookHeapReAlloc)},
    {Hook::HeapFree, {"HeapFree", nullptr}, HEAPCOUNT_SLOTS(hookHeapFree)},
    {Hook::HeapCreate,
     {"HeapCreate", nullptr},
     HEAPCOUNT_SLOTS(hookHeapCreate)},
    {Hook::HeapDestroy,
     {"HeapDestroy", nullptr},
     HEAPCOUNT_SLOTS(hookHeapDestroy)},
    {Hook::RtlAllocateHeap,
     {"RtlAllocateHeap", nullptr},
     HEAPCOUNT_SLOTS(hookRtlAllocateHeap)},
    {Hook::RtlReAllocateHeap,
     {"RtlReAllocateHeap", nullptr},
     HEAPCOUNT_SLOTS(hookRtlReAllocateHeap)},
    {Hook::RtlFreeHeap,
     {"RtlFreeHeap", nullptr},
     HEAPCOUNT_SLOTS(hookRtlFreeHeap)},
    {Hook::RtlCreateHeap,
     {"RtlCreateHeap", nullptr},
     HEAPCOUNT_SLOTS(hookRtlCreateHeap)},
    {Hook::RtlDestroyHeap,
     {"RtlDestroyHeap", nullptr},
     HEAPCOUNT_SLOTS(hookRtlDestroyHeap)},
    {Hook::VirtualAlloc,
     {"VirtualAlloc", nullptr},
     HEAPCOUNT_SLOTS(hookVirtualAlloc)},
    {Hook::VirtualFree,
     {"VirtualFree", nullptr},
     HEAPCOUNT_SLOTS(hookVirtualFree)},
    {Hook::MapViewOfFile,
     {"MapViewOfFile", nullptr},
     HEAPCOUNT_SLOTS(hookMapViewOfFile)},
    {Hook::MapViewOfFileEx,
     {"MapViewOfFileEx", nullptr},
     HEAPCOUNT_SLOTS(hookMapViewOfFileEx)},
    {Hook::UnmapViewOfFile,
     {"UnmapViewOfFile", nullptr},
     HEAPCOUNT_SLOTS(hookUnmapViewOfFile)},
};
static_assert(sizeof(HookInfos) / sizeof(HookInfos[0]) == NumHooks,
              "one entry per hook");

} // namespace

const HookInfo *heapcount::win::hookNamed(const char *Name) {
  for (const HookInfo &Info : HookInfos)
    for (const char *Candidate : Info.Names)
      if (Candidate && std::strcmp(Candidate, Name) == 0)
        return &Info;
  return nullptr;
}

namespace {

HMODULE moduleOf(const void *Address) {
  HMODULE Module = nullptr;
  GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                         GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                     static_cast<LPCWSTR>(Address), &Module);
  return Module;
}

// Fills a new slot's description from the module that exports Function.
void describeTarget(const HookInfo &Info, Target &T, void *Function) {
  HMODULE Module = moduleOf(Function);
  if (!Module)
    return;
  resolve(Module, T.Msize, "_msize");
  resolve(Module, T.HeapOf, "_get_heap_handle");
  if (T.HeapOf)
    T.Heap = T.HeapOf();
  if (Info.NothrowName)
    T.Nothrow =
        reinterpret_cast<void *>(GetProcAddress(Module, Info.NothrowName));
}

} // namespace

// The hook that forwards to Function: the slot already forwarding there, or
// a free one. Null when every slot is taken (the import stays as it is).
void *heapcount::win::hookFor(const HookInfo &Info, void *Function) {
  for (unsigned S = 0; S < Slots; ++S) {
    Target &T = Targets[static_cast<unsigned>(Info.Id)][S];
    void *Seen = T.Function.load(std::memory_order_acquire);
    if (Seen == Function)
      return Info.Hooks[S];
    if (Seen)
      continue;
    // Described before it is published: a hook reads it only after.
    Target Fresh;
    describeTarget(Info, Fresh, Function);
    T.Msize = Fresh.Msize;
    T.Heap = Fresh.Heap;
    T.HeapOf = Fresh.HeapOf;
    T.Nothrow = Fresh.Nothrow;
    if (T.Function.compare_exchange_strong(Seen, Function,
                                           std::memory_order_release) ||
        Seen == Function)
      return Info.Hooks[S];
  }
  return nullptr;
}
// NOLINTEND(performance-no-int-to-ptr)
