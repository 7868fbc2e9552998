//===- Hooks.cpp - heapcount's Windows backend ----------------------------===//
//
// heapcount.dll counts a Windows program's heap calls by patching the import
// address tables of the program's modules: every import of a counted
// function (the CRT's malloc family, operator new/delete, the Win32 and Rtl
// heap functions, the mapping calls) is pointed at a hook here that counts
// and forwards. Modules loaded later are patched from a loader notification
// that runs before their DllMain. Modules of the Windows directory are not
// patched: their internal use of the heap is the system's, and differs from
// one Windows (or Wine) release to the next.
//
// A hook may run inside another (operator new calls malloc); a thread-local
// in-hook flag makes the outer call the one counted, and the inner one only
// tells the outer the size of the block it made or released. The Win32 heap
// hooks forward to ntdll's Rtl*Heap functions directly, never back through
// an import that could be one of ours.
//
// The launcher (tools/heapcount) makes this DLL the first import of the
// program, so it is initialised before the program's other DLLs; the report
// is written to %HEAPCOUNT_OUTPUT% when the process ends (DLL_PROCESS_DETACH)
// or dies of an unhandled exception.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/Counters.h"
#include "lib/heapcount/JsonWriter.h"

#include <windows.h>
#include <winternl.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <cwchar>

using heapcount::Fn;
using heapcount::OsFn;
using heapcount::ThreadBlock;

// Addresses are integers here, by nature: flag bits in a TLS word, RVAs in
// PE headers, the saved pointer below an aligned block.
// NOLINTBEGIN(performance-no-int-to-ptr)
namespace {

//===- Per-thread state ---------------------------------------------------===//

// mingw-w64's gcc has no native thread-local storage (its emulation
// allocates), so the state lives in TLS slots.
DWORD StateSlot = TLS_OUT_OF_INDEXES;  // ThreadBlock * | InHookBit
DWORD NestedSlot = TLS_OUT_OF_INDEXES; // an inner call's block bytes + 1
constexpr std::uintptr_t InHookBit = 1;

// TlsGetValue clears the last error, which the program may be about to read.
std::uintptr_t slotValue(DWORD Slot) {
  DWORD Error = GetLastError();
  void *Value = TlsGetValue(Slot);
  SetLastError(Error);
  return reinterpret_cast<std::uintptr_t>(Value);
}

void setSlot(DWORD Slot, std::uintptr_t Value) {
  TlsSetValue(Slot, reinterpret_cast<void *>(Value));
}

bool inHook() { return slotValue(StateSlot) & InHookBit; }

// Sets or clears the flag; returns what it was.
bool setInHook(bool On) {
  std::uintptr_t State = slotValue(StateSlot);
  setSlot(StateSlot, On ? State | InHookBit : State & ~InHookBit);
  return State & InHookBit;
}

ThreadBlock &block() {
  std::uintptr_t State = slotValue(StateSlot);
  if (State & ~InHookBit)
    return *reinterpret_cast<ThreadBlock *>(State & ~InHookBit);
  ThreadBlock *Block = heapcount::claimThreadBlock();
  setSlot(StateSlot, reinterpret_cast<std::uintptr_t>(Block) | State);
  return *Block;
}

// Runs Call with the in-hook flag set.
template <typename Call> auto guarded(Call C) {
  bool Was = setInHook(true);
  auto Result = C();
  setInHook(Was);
  return Result;
}

// An inner hooked call reports the bytes of the block it made or released
// to the outer one (operator new's malloc); 0 means none was seen.
void noteNested(std::size_t Bytes) { setSlot(NestedSlot, Bytes + 1); }
void clearNested() { setSlot(NestedSlot, 0); }
bool takeNested(std::size_t &Bytes) {
  std::uintptr_t Value = slotValue(NestedSlot);
  Bytes = Value ? Value - 1 : 0;
  return Value != 0;
}

//===- ntdll --------------------------------------------------------------===//

struct NtdllFunctions {
  PVOID(NTAPI *AllocateHeap)(PVOID, ULONG, SIZE_T) = nullptr;
  PVOID(NTAPI *ReAllocateHeap)(PVOID, ULONG, PVOID, SIZE_T) = nullptr;
  BOOLEAN(NTAPI *FreeHeap)(PVOID, ULONG, PVOID) = nullptr;
  SIZE_T(NTAPI *SizeHeap)(PVOID, ULONG, const void *) = nullptr;
  PVOID(NTAPI *CreateHeap)
  (ULONG, PVOID, SIZE_T, SIZE_T, PVOID, PVOID) = nullptr;
  PVOID(NTAPI *DestroyHeap)(PVOID) = nullptr;
  NTSTATUS(NTAPI *LockLoader)(ULONG, ULONG *, ULONG_PTR *) = nullptr;
  NTSTATUS(NTAPI *UnlockLoader)(ULONG, ULONG_PTR) = nullptr;
  using NotificationFn = VOID(CALLBACK *)(ULONG, const void *, PVOID);
  NTSTATUS(NTAPI *RegisterDllNotification)
  (ULONG, NotificationFn, PVOID, PVOID *) = nullptr;
  const char *(CDECL *WineVersion)() = nullptr;
} Ntdll;

template <typename T> void resolve(HMODULE Module, T &Slot, const char *Name) {
  // GCC's -Wcast-function-type objects to the direct cast.
  void *Address = reinterpret_cast<void *>(GetProcAddress(Module, Name));
  Slot = reinterpret_cast<T>(Address);
}

void resolveNtdll() {
  HMODULE Module = GetModuleHandleW(L"ntdll.dll");
  resolve(Module, Ntdll.AllocateHeap, "RtlAllocateHeap");
  resolve(Module, Ntdll.ReAllocateHeap, "RtlReAllocateHeap");
  resolve(Module, Ntdll.FreeHeap, "RtlFreeHeap");
  resolve(Module, Ntdll.SizeHeap, "RtlSizeHeap");
  resolve(Module, Ntdll.CreateHeap, "RtlCreateHeap");
  resolve(Module, Ntdll.DestroyHeap, "RtlDestroyHeap");
  resolve(Module, Ntdll.LockLoader, "LdrLockLoaderLock");
  resolve(Module, Ntdll.UnlockLoader, "LdrUnlockLoaderLock");
  resolve(Module, Ntdll.RegisterDllNotification, "LdrRegisterDllNotification");
  resolve(Module, Ntdll.WineVersion, "wine_get_version");
}

std::size_t heapBlockBytes(HANDLE Heap, const void *P) {
  SIZE_T Bytes = Ntdll.SizeHeap(Heap, 0, P);
  return Bytes == static_cast<SIZE_T>(-1) ? 0 : Bytes;
}

//===- Heaps --------------------------------------------------------------===//

// Counts per heap handle, for the report's "heaps". The CRT's calls are
// counted under the heap its malloc uses.
struct HeapEntry {
  std::atomic<HANDLE> Handle{nullptr};
  heapcount::Counter Allocs{0};
  heapcount::Counter Frees{0};
  heapcount::Counter Bytes{0};
  heapcount::Counter LiveBlocks{0}; // Wraps: a sum of +1 and -1.
  heapcount::Counter LiveBytes{0};
  std::atomic<bool> Created{false};   // By HeapCreate/RtlCreateHeap.
  std::atomic<bool> Destroyed{false}; // By HeapDestroy/RtlDestroyHeap.
};
constexpr unsigned MaxHeaps = 64;
HeapEntry Heaps[MaxHeaps + 1]; // The last one: "(other heaps)".

HeapEntry &heapEntry(HANDLE Heap) {
  for (unsigned I = 0; I < MaxHeaps; ++I) {
    HANDLE Seen = Heaps[I].Handle.load(std::memory_order_acquire);
    if (Seen == Heap)
      return Heaps[I];
    if (!Seen && Heaps[I].Handle.compare_exchange_strong(Seen, Heap))
      return Heaps[I];
    if (Seen == Heap)
      return Heaps[I];
  }
  return Heaps[MaxHeaps];
}

void heapAlloc(HANDLE Heap, std::size_t Requested, std::size_t Bytes,
               bool Live = true) {
  if (!Heap || !heapcount::counting())
    return;
  HeapEntry &E = heapEntry(Heap);
  E.Allocs.fetch_add(1, heapcount::Relaxed);
  E.Bytes.fetch_add(Requested, heapcount::Relaxed);
  if (Live) {
    E.LiveBlocks.fetch_add(1, heapcount::Relaxed);
    E.LiveBytes.fetch_add(Bytes, heapcount::Relaxed);
  }
}

void heapFree(HANDLE Heap, std::size_t Bytes, bool Live = true) {
  if (!Heap || !heapcount::counting())
    return;
  HeapEntry &E = heapEntry(Heap);
  E.Frees.fetch_add(1, heapcount::Relaxed);
  if (Live) {
    E.LiveBlocks.fetch_sub(1, heapcount::Relaxed);
    E.LiveBytes.fetch_sub(Bytes, heapcount::Relaxed);
  }
}

//===- Counting -----------------------------------------------------------===//

void recordStack(std::size_t Requested);

// A call of F that made block P (null: failed) of Bytes bytes in Heap.
void countAlloc(Fn F, std::size_t Requested, void *P, std::size_t Bytes,
                HANDLE Heap) {
  ThreadBlock &T = block();
  if (!P) {
    heapcount::countCall(T, F);
    return;
  }
  heapcount::countAllocation(T, F, Requested, Bytes);
  heapAlloc(Heap, Requested, Bytes);
  if (heapcount::stackDepth() != 0)
    recordStack(Requested);
}

// A call of F that released P (null: nothing) of Bytes bytes.
void countFree(Fn F, const void *P, std::size_t Bytes, HANDLE Heap) {
  ThreadBlock &T = block();
  if (!P) {
    heapcount::countCall(T, F);
    return;
  }
  heapcount::countRelease(T, F, Bytes);
  heapFree(Heap, Bytes);
}

// A resize of a block of OldBytes, as valgrind counts realloc: one
// allocation and one free whether it moved, stayed or failed; Freed when
// the call released the block and made none (realloc to size 0).
void countResize(Fn F, std::size_t OldBytes, std::size_t Requested, void *P,
                 std::size_t Bytes, HANDLE Heap, bool Freed) {
  ThreadBlock &T = block();
  heapcount::countCall(T, F);
  if (Freed) {
    heapcount::addFree(T, OldBytes);
    heapFree(Heap, OldBytes);
    return;
  }
  heapcount::addFree(T, OldBytes, P != nullptr);
  heapcount::addAlloc(T, F, Requested, Bytes, P != nullptr);
  heapFree(Heap, OldBytes, P != nullptr);
  heapAlloc(Heap, Requested, Bytes, P != nullptr);
  if (P && heapcount::stackDepth() != 0)
    recordStack(Requested);
}

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

void noteHeapCreated(Fn F, HANDLE Heap) {
  heapcount::countCall(block(), F);
  if (!Heap)
    return;
  HeapEntry &E = heapEntry(Heap);
  E.Created.store(true);
  E.Destroyed.store(false);
}

// A destroyed heap takes its blocks with it: they stop being live, without
// a free.
void noteHeapDestroyed(Fn F, HANDLE Heap) {
  ThreadBlock &T = block();
  heapcount::countCall(T, F);
  HeapEntry &E = heapEntry(Heap);
  std::uint64_t Blocks = E.LiveBlocks.exchange(0);
  std::uint64_t Bytes = E.LiveBytes.exchange(0);
  heapcount::dropBlocks(T, Blocks, Bytes);
  E.Destroyed.store(true);
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

//===- The table of hooked imports ----------------------------------------===//

struct HookInfo {
  Hook Id;
  const char *Names[2]; // The import names (the second may be null).
  void *Hooks[Slots];
  // For the C++ forms: the nothrow form to ask first (see countedNew).
  const char *NothrowName = nullptr;
};

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

const HookInfo *hookNamed(const char *Name) {
  for (const HookInfo &Info : HookInfos)
    for (const char *Candidate : Info.Names)
      if (Candidate && std::strcmp(Candidate, Name) == 0)
        return &Info;
  return nullptr;
}

HMODULE Self = nullptr;
std::uintptr_t SelfStart = 0;
std::uintptr_t SelfEnd = 0;

bool isOurs(const void *Address) {
  auto At = reinterpret_cast<std::uintptr_t>(Address);
  return At >= SelfStart && At < SelfEnd;
}

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

// The hook that forwards to Function: the slot already forwarding there, or
// a free one. Null when every slot is taken (the import stays as it is).
void *hookFor(const HookInfo &Info, void *Function) {
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

//===- Patching -----------------------------------------------------------===//

// The process environment block, at gs:0x60 in a 64-bit process (read here
// because GCC 12 warns inside mingw-w64's NtCurrentTeb).
PEB *currentPeb() {
  PEB *Peb;
  asm("movq %%gs:0x60, %0" : "=r"(Peb));
  return Peb;
}

wchar_t SystemRoot[MAX_PATH];
std::size_t SystemRootLength = 0;

bool isSystemModule(const wchar_t *Path, std::size_t Length) {
  // C:\windows\..., not C:\windows-apps\...
  return SystemRootLength && Length > SystemRootLength &&
         Path[SystemRootLength] == L'\\' &&
         _wcsnicmp(Path, SystemRoot, SystemRootLength) == 0;
}

const IMAGE_NT_HEADERS64 *ntHeaders(const void *Base) {
  const auto *Dos = static_cast<const IMAGE_DOS_HEADER *>(Base);
  if (Dos->e_magic != IMAGE_DOS_SIGNATURE)
    return nullptr;
  const auto *Nt = reinterpret_cast<const IMAGE_NT_HEADERS64 *>(
      static_cast<const char *>(Base) + Dos->e_lfanew);
  if (Nt->Signature != IMAGE_NT_SIGNATURE ||
      Nt->OptionalHeader.Magic != IMAGE_NT_OPTIONAL_HDR64_MAGIC)
    return nullptr;
  return Nt;
}

void writeImport(ULONGLONG *Slot, void *Hook) {
  DWORD Old = 0;
  if (!VirtualProtect(Slot, sizeof(*Slot), PAGE_READWRITE, &Old))
    return;
  *Slot = reinterpret_cast<ULONGLONG>(Hook);
  VirtualProtect(Slot, sizeof(*Slot), Old, &Old);
}

// Points every counted import of the module at Base to its hook. The
// import tables may lie outside the image: heapcount.exe adds this DLL to
// the program's imports with a new table of descriptors next to it.
void patchModule(void *Base) {
  if (Base == Self)
    return;
  const IMAGE_NT_HEADERS64 *Nt = ntHeaders(Base);
  if (!Nt)
    return;
  char *Image = static_cast<char *>(Base);
  const IMAGE_DATA_DIRECTORY &Imports =
      Nt->OptionalHeader.DataDirectory[IMAGE_DIRECTORY_ENTRY_IMPORT];
  if (!Imports.VirtualAddress)
    return;
  for (auto *D = reinterpret_cast<IMAGE_IMPORT_DESCRIPTOR *>(
           Image + Imports.VirtualAddress);
       D->Name; ++D) {
    // Without the names (an old bound image) the imports cannot be told
    // apart.
    if (!D->OriginalFirstThunk || !D->FirstThunk)
      continue;
    auto *Names =
        reinterpret_cast<IMAGE_THUNK_DATA64 *>(Image + D->OriginalFirstThunk);
    auto *Addresses =
        reinterpret_cast<IMAGE_THUNK_DATA64 *>(Image + D->FirstThunk);
    for (; Names->u1.AddressOfData; ++Names, ++Addresses) {
      if (IMAGE_SNAP_BY_ORDINAL64(Names->u1.Ordinal))
        continue;
      const auto *ByName = reinterpret_cast<IMAGE_IMPORT_BY_NAME *>(
          Image + Names->u1.AddressOfData);
      const HookInfo *Info =
          hookNamed(reinterpret_cast<const char *>(ByName->Name));
      auto *Current = reinterpret_cast<void *>(Addresses->u1.Function);
      if (!Info || !Current || isOurs(Current))
        continue;
      if (void *Hook = hookFor(*Info, Current))
        writeImport(&Addresses->u1.Function, Hook);
    }
  }
}

// The loader's list of modules, in load order.
template <typename Visit> void forEachModule(Visit V) {
  PEB *Peb = currentPeb();
  LIST_ENTRY *Head = &Peb->Ldr->InMemoryOrderModuleList;
  for (LIST_ENTRY *Link = Head->Flink; Link != Head; Link = Link->Flink) {
    auto *Entry =
        CONTAINING_RECORD(Link, LDR_DATA_TABLE_ENTRY, InMemoryOrderLinks);
    if (Entry->DllBase)
      V(Entry->DllBase, Entry->FullDllName);
  }
}

void patchIfProgramModule(void *Base, const UNICODE_STRING &Path) {
  if (!isSystemModule(Path.Buffer, Path.Length / sizeof(wchar_t)))
    patchModule(Base);
}

void patchAllModules() {
  ULONG_PTR Cookie = 0;
  bool Locked = Ntdll.LockLoader && Ntdll.LockLoader(0, nullptr, &Cookie) >= 0;
  forEachModule([](void *Base, const UNICODE_STRING &Path) {
    patchIfProgramModule(Base, Path);
  });
  if (Locked)
    Ntdll.UnlockLoader(0, Cookie);
}

// LdrRegisterDllNotification's data for a load: the module is mapped and
// its imports bound, its DllMain not run yet. The layout is ntdll's.
struct DllLoaded { // NOLINT(alloc-padding)
  ULONG Flags;
  const UNICODE_STRING *FullDllName;
  const UNICODE_STRING *BaseDllName;
  PVOID DllBase;
  ULONG SizeOfImage;
};
constexpr ULONG DllNotificationLoaded = 1;
PVOID NotificationCookie = nullptr;

VOID CALLBACK onDllNotification(ULONG Reason, const void *Data, PVOID) {
  if (Reason != DllNotificationLoaded || !Data)
    return;
  const auto *Loaded = static_cast<const DllLoaded *>(Data);
  if (Loaded->FullDllName && Loaded->DllBase)
    patchIfProgramModule(Loaded->DllBase, *Loaded->FullDllName);
}

//===- Stacks -------------------------------------------------------------===//

void recordStack(std::size_t Requested) {
  void *Frames[64 + 8];
  unsigned Depth = heapcount::stackDepth();
  USHORT Got = RtlCaptureStackBackTrace(1, Depth + 8, Frames, nullptr);
  // This library's own frames are not call sites.
  unsigned First = 0;
  while (First < Got && isOurs(Frames[First]))
    ++First;
  heapcount::addStack(Frames + First, Got - First, Requested);
}

void setUpStacks(unsigned Depth, bool BySize) {
  std::size_t Bytes = heapcount::stackTableBytes(Depth, BySize);
  void *Table =
      VirtualAlloc(nullptr, Bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
  if (Table)
    heapcount::setStackTable(Table, Depth, BySize);
}

void enumerateModules(heapcount::ModuleVisitor Visit, void *Context) {
  struct Walk {
    heapcount::ModuleVisitor Visit;
    void *Context;
  } W{Visit, Context};
  forEachModule([&W](void *Base, const UNICODE_STRING &Path) {
    const IMAGE_NT_HEADERS64 *Nt = ntHeaders(Base);
    if (!Nt)
      return;
    char Utf8[MAX_PATH * 3];
    int Length = WideCharToMultiByte(CP_UTF8, 0, Path.Buffer,
                                     Path.Length / sizeof(wchar_t), Utf8,
                                     sizeof(Utf8) - 1, nullptr, nullptr);
    Utf8[Length > 0 ? Length : 0] = '\0';
    // base: the load bias (where it is minus where it was linked to be),
    // so that frame - base is the address a symbolizer takes for a PE file.
    auto Start = reinterpret_cast<std::uintptr_t>(Base);
    W.Visit(heapcount::Module{Utf8, Start - Nt->OptionalHeader.ImageBase, Start,
                              Start + Nt->OptionalHeader.SizeOfImage},
            W.Context);
  });
}

//===- Report -------------------------------------------------------------===//

wchar_t OutputPath[MAX_PATH * 4];
std::atomic<bool> ReportWritten{false};

// The NT global flags a debugger sets for the process it starts: heap tail
// and free checking and parameter validation.
constexpr ULONG FlagHeapTailCheck = 0x10;
constexpr ULONG FlagHeapFreeCheck = 0x20;
constexpr ULONG FlagHeapValidateParameters = 0x40;
constexpr ULONG DebugHeapGlobalFlags =
    FlagHeapTailCheck | FlagHeapFreeCheck | FlagHeapValidateParameters;
// The same, as a heap's own flags.
constexpr DWORD DebugHeapFlags = 0x20 /* HEAP_TAIL_CHECKING_ENABLED */ |
                                 0x40 /* HEAP_FREE_CHECKING_ENABLED */ |
                                 0x40000000 /* HEAP_VALIDATE_PARAMETERS */;

ULONG globalFlags() {
  // PEB.NtGlobalFlag, at 0xbc in a 64-bit process.
  const char *Peb = reinterpret_cast<const char *>(currentPeb());
  ULONG Flags;
  std::memcpy(&Flags, Peb + 0xbc, sizeof(Flags));
  return Flags;
}

// A heap's flags and forced flags, at 0x70 and 0x74 of its header in a
// 64-bit process (Windows 7 and later, and Wine, which keeps them there for
// programs that look).
void heapFlags(HANDLE Heap, DWORD &Flags, DWORD &Forced) {
  const char *Header = static_cast<const char *>(Heap);
  std::memcpy(&Flags, Header + 0x70, sizeof(Flags));
  std::memcpy(&Forced, Header + 0x74, sizeof(Forced));
}

const char *frontEnd(HANDLE Heap) {
  ULONG Kind = 0;
  if (!HeapQueryInformation(Heap, HeapCompatibilityInformation, &Kind,
                            sizeof(Kind), nullptr))
    return "unknown";
  switch (Kind) {
  case 0:
    return "standard";
  case 1:
    return "lookaside";
  case 2:
    return "lfh";
  default:
    return "unknown";
  }
}

HANDLE crtHeapOf(const wchar_t *Name) {
  HMODULE Module = GetModuleHandleW(Name);
  HANDLE(__cdecl * HeapOf)() = nullptr;
  if (Module)
    resolve(Module, HeapOf, "_get_heap_handle");
  return HeapOf ? HeapOf() : nullptr;
}

const char *heapKind(HANDLE Heap, const HeapEntry *E) {
  if (Heap == GetProcessHeap())
    return "process";
  if (Heap == crtHeapOf(L"msvcrt.dll"))
    return "crt (msvcrt.dll)";
  if (Heap == crtHeapOf(L"ucrtbase.dll"))
    return "crt (ucrtbase.dll)";
  if (E && E->Created.load())
    return "private";
  return "other";
}

void writeHeap(heapcount::JsonWriter &Out, HANDLE Heap, const HeapEntry *E,
               bool Live, const char *&Sep, bool &DebugFlags) {
  Out.raw(Sep)
      .raw("\n{\"handle\":")
      .hex(reinterpret_cast<std::uintptr_t>(Heap));
  Out.raw(",\"kind\":").string(heapKind(Heap, E));
  if (Live) {
    DWORD Flags = 0, Forced = 0;
    heapFlags(Heap, Flags, Forced);
    DebugFlags |= ((Flags | Forced) & DebugHeapFlags) != 0;
    Out.raw(",\"flags\":").hex(Flags).raw(",\"force_flags\":").hex(Forced);
    Out.raw(",\"front_end\":").string(frontEnd(Heap));
  } else {
    Out.raw(",\"destroyed\":true");
  }
  if (E) {
    using heapcount::Relaxed;
    Out.raw(",\"allocs\":").number(E->Allocs.load(Relaxed));
    Out.raw(",\"frees\":").number(E->Frees.load(Relaxed));
    Out.raw(",\"bytes\":").number(E->Bytes.load(Relaxed));
    Out.raw(",\"live_blocks\":").number(E->LiveBlocks.load(Relaxed));
    Out.raw(",\"live_bytes\":").number(E->LiveBytes.load(Relaxed));
  }
  Out.raw("}");
  Sep = ",";
}

// "heaps": every heap of the process and every heap the program used, with
// its counts; "heap_diagnosis": whether the counts were taken under a debug
// heap (the heap a debugger turns on, whose frees cost far more).
void writeWindowsMembers(heapcount::JsonWriter &Out) {
  HANDLE Live[256];
  DWORD NumLive = GetProcessHeaps(256, Live);
  if (NumLive > 256)
    NumLive = 256;
  bool DebugFlags = false;
  const char *Sep = "";
  Out.raw(",\n\"heaps\":[");
  for (DWORD I = 0; I < NumLive; ++I) {
    const HeapEntry *E = nullptr;
    for (const HeapEntry &Entry : Heaps)
      if (Entry.Handle.load() == Live[I] && !Entry.Destroyed.load())
        E = &Entry;
    writeHeap(Out, Live[I], E, true, Sep, DebugFlags);
  }
  // The heaps the program used that are gone (or not listed).
  for (unsigned I = 0; I < MaxHeaps; ++I) {
    HANDLE Heap = Heaps[I].Handle.load();
    if (!Heap)
      break;
    bool Listed = false;
    for (DWORD J = 0; J < NumLive; ++J)
      Listed |= Live[J] == Heap && !Heaps[I].Destroyed.load();
    if (!Listed)
      writeHeap(Out, Heap, &Heaps[I], false, Sep, DebugFlags);
  }
  Out.raw("],\n\"heap_diagnosis\":{\"global_flag\":").hex(globalFlags());
  bool Debug = DebugFlags || (globalFlags() & DebugHeapGlobalFlags);
  Out.raw(",\"debug_heap\":").raw(Debug ? "true" : "false");
  if (Ntdll.WineVersion)
    Out.raw(",\"wine\":").string(Ntdll.WineVersion());
  Out.raw(",\"warnings\":[");
  if (Debug)
    Out.string("the counts were taken under the debug heap (heap tail or "
               "free checking, or parameter validation: what a debugger "
               "turns on for a process it starts); every heap call costs far "
               "more there. Set _NO_DEBUG_HEAP=1 before starting the program "
               "under a debugger, or attach the debugger afterwards");
  Out.raw("]}");
}

void writeToFile(const char *Data, std::size_t Size, void *Context) {
  HANDLE File = *static_cast<HANDLE *>(Context);
  while (Size) {
    DWORD Done = 0;
    if (!WriteFile(File, Data, static_cast<DWORD>(Size), &Done, nullptr) ||
        !Done)
      return;
    Data += Done;
    Size -= Done;
  }
}

void writeReportOnce(const char *End, DWORD Exception) {
  if (!OutputPath[0] || ReportWritten.exchange(true))
    return;
  bool Was = setInHook(true);
  HANDLE File = CreateFileW(OutputPath, GENERIC_WRITE, FILE_SHARE_READ, nullptr,
                            CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (File != INVALID_HANDLE_VALUE) {
    heapcount::ProcessInfo Info;
    Info.Platform = "windows";
    Info.Pid = static_cast<long>(GetCurrentProcessId());
    PROCESS_BASIC_INFORMATION Basic;
    if (NtQueryInformationProcess(GetCurrentProcess(), ProcessBasicInformation,
                                  &Basic, sizeof(Basic), nullptr) >= 0)
      Info.ParentPid = static_cast<long>(Basic.InheritedFromUniqueProcessId);
    Info.End = End;
    Info.Exception = Exception;
    Info.Modules = enumerateModules;
    Info.WriteExtra = writeWindowsMembers;
    // The program, and its command line as one string (splitting it into
    // arguments would allocate).
    static char Program[MAX_PATH * 2];
    DWORD Length = GetModuleFileNameA(nullptr, Program, sizeof(Program) - 1);
    Program[Length < sizeof(Program) ? Length : 0] = '\0';
    Info.Program = Program;
    if (const char *CommandLine = GetCommandLineA()) {
      Info.Arguments = CommandLine;
      Info.ArgumentsSize = std::strlen(CommandLine) + 1;
    }
    heapcount::writeJson(writeToFile, static_cast<void *>(&File), Info);
    CloseHandle(File);
  }
  setInHook(Was);
}

LPTOP_LEVEL_EXCEPTION_FILTER PreviousFilter = nullptr;

// An exception nobody handles: the report is written and the exception
// goes on to the previous filter or the system, which ends the process with
// its code.
LONG WINAPI onUnhandledException(EXCEPTION_POINTERS *Pointers) {
  writeReportOnce("exception", Pointers && Pointers->ExceptionRecord
                                   ? Pointers->ExceptionRecord->ExceptionCode
                                   : 0);
  return PreviousFilter ? PreviousFilter(Pointers) : EXCEPTION_CONTINUE_SEARCH;
}

//===- Set-up -------------------------------------------------------------===//

void warnBadSetting(const wchar_t *Name, const wchar_t *Value,
                    const wchar_t *Instead) {
  wchar_t Line[512];
  int Length =
      _snwprintf(Line, 511, L"heapcount: warning: %ls=%ls is not valid (%ls)\n",
                 Name, Value, Instead);
  if (Length < 0)
    return;
  Line[511] = L'\0';
  char Utf8[1024];
  int Bytes = WideCharToMultiByte(CP_UTF8, 0, Line, -1, Utf8, sizeof(Utf8),
                                  nullptr, nullptr);
  DWORD Done = 0;
  if (Bytes > 1)
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), Utf8,
              static_cast<DWORD>(Bytes - 1), &Done, nullptr);
}

// HEAPCOUNT_START=api|scope:NAME, HEAPCOUNT_STACKS=DEPTH,
// HEAPCOUNT_STACK_SIZES=0|1: as on Linux.
void readSettings() {
  wchar_t Value[256];
  DWORD Length = GetEnvironmentVariableW(L"HEAPCOUNT_START", Value, 256);
  if (Length && Length < 256) {
    char Marker[256];
    int Bytes = WideCharToMultiByte(CP_UTF8, 0, Value, -1, Marker,
                                    sizeof(Marker), nullptr, nullptr);
    if (Bytes > 0 && (std::strcmp(Marker, "api") == 0 ||
                      (std::strncmp(Marker, "scope:", 6) == 0 && Marker[6])))
      heapcount::pauseCounting(Marker);
    else if (std::strcmp(Marker, "now") != 0)
      warnBadSetting(L"HEAPCOUNT_START", Value,
                     L"now, api or scope:NAME; counting from now");
  }
  bool BySize = false;
  Length = GetEnvironmentVariableW(L"HEAPCOUNT_STACK_SIZES", Value, 256);
  if (Length && Length < 256) {
    if (std::wcscmp(Value, L"1") == 0)
      BySize = true;
    else if (std::wcscmp(Value, L"0") != 0)
      warnBadSetting(L"HEAPCOUNT_STACK_SIZES", Value,
                     L"0 or 1; stacks are not keyed by size");
  }
  Length = GetEnvironmentVariableW(L"HEAPCOUNT_STACKS", Value, 256);
  if (Length && Length < 256) {
    wchar_t *End = nullptr;
    unsigned long Depth = std::wcstoul(Value, &End, 10);
    if (*End || Value[0] == L'-' || Depth > 64)
      warnBadSetting(L"HEAPCOUNT_STACKS", Value,
                     L"a number of frames from 0 to 64; no stacks");
    else if (Depth)
      setUpStacks(static_cast<unsigned>(Depth), BySize);
  }
}

void setUp(HMODULE Module) {
  Self = Module;
  auto Start = reinterpret_cast<std::uintptr_t>(Module);
  if (const IMAGE_NT_HEADERS64 *Nt = ntHeaders(Module)) {
    SelfStart = Start;
    SelfEnd = Start + Nt->OptionalHeader.SizeOfImage;
  }
  StateSlot = TlsAlloc();
  NestedSlot = TlsAlloc();
  if (StateSlot == TLS_OUT_OF_INDEXES || NestedSlot == TLS_OUT_OF_INDEXES)
    return;
  resolveNtdll();
  // Counting is atomic from the start: other threads may exist already (the
  // loader's own workers).
  heapcount::noteThreadsStarting();
  UINT Length = GetWindowsDirectoryW(SystemRoot, MAX_PATH);
  SystemRootLength = Length && Length < MAX_PATH ? Length : 0;
  DWORD PathLength =
      GetEnvironmentVariableW(L"HEAPCOUNT_OUTPUT", OutputPath, MAX_PATH * 4);
  if (PathLength >= MAX_PATH * 4)
    OutputPath[0] = L'\0';
  // The program's own children must not write over this report.
  SetEnvironmentVariableW(L"HEAPCOUNT_OUTPUT", nullptr);
  readSettings();
  setInHook(true);
  patchAllModules();
  if (Ntdll.RegisterDllNotification)
    Ntdll.RegisterDllNotification(0, onDllNotification, nullptr,
                                  &NotificationCookie);
  PreviousFilter = SetUnhandledExceptionFilter(onUnhandledException);
  setInHook(false);
}

void releaseThread() {
  std::uintptr_t State = slotValue(StateSlot);
  heapcount::releaseThreadBlock(
      reinterpret_cast<ThreadBlock *>(State & ~InHookBit));
  // Code that runs later in this thread's exit counts in the shared block.
  setSlot(StateSlot,
          reinterpret_cast<std::uintptr_t>(heapcount::sharedThreadBlock()));
}

} // namespace
// NOLINTEND(performance-no-int-to-ptr)

// NOLINTBEGIN(readability-identifier-naming): Windows and C names.
extern "C" {

// The launcher makes the program import this, so that the loader loads and
// initialises heapcount.dll first. It does nothing.
__declspec(dllexport) void heapcount_attach(void) {}

BOOL WINAPI DllMain(HINSTANCE Instance, DWORD Reason, LPVOID Reserved) {
  switch (Reason) {
  case DLL_PROCESS_ATTACH:
    setUp(Instance);
    break;
  case DLL_THREAD_DETACH:
    if (StateSlot != TLS_OUT_OF_INDEXES)
      releaseThread();
    break;
  case DLL_PROCESS_DETACH:
    // At exit (Reserved non-null) after the program's destructors and the
    // DllMain of every DLL initialised after this one; or FreeLibrary.
    writeReportOnce("exit", 0);
    break;
  default:
    break;
  }
  return TRUE;
}

} // extern "C"
// NOLINTEND(readability-identifier-naming)
