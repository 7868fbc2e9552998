//===- HooksInternal.h - what the Windows backend's files share -*- C++ -*-===//
//
// heapcount.dll is one library in these files:
//
//   Hooks.cpp           the hooks (the CRT's malloc family, operator new and
//                       delete, the Win32 and Rtl heaps, the mapping calls)
//                       and the table of the imports they replace
//   Counting.cpp        what a hook counts: per thread, per heap, and the
//                       allocation stacks
//   ImportPatching.cpp  pointing the modules' imports at the hooks, at
//                       start-up and for each module loaded later
//   ReportWriter.cpp    the report, written when the process ends or dies of
//                       an unhandled exception
//   Startup.cpp         DllMain, the set-up and the environment variables
//
// The hooks run inside the program's heap calls: nothing here allocates.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_HEAPCOUNT_WINDOWS_HOOKSINTERNAL_H
#define ALLOC_TIDY_LIB_HEAPCOUNT_WINDOWS_HOOKSINTERNAL_H

#include "lib/heapcount/Counters.h"

#include <windows.h>
#include <winternl.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

// Addresses are integers here, by nature: flag bits in a TLS word, RVAs in
// PE headers, the saved pointer below an aligned block.
// NOLINTBEGIN(performance-no-int-to-ptr)
namespace heapcount {
namespace win {

//===- Per-thread state ---------------------------------------------------===//

// mingw-w64's gcc has no native thread-local storage (its emulation
// allocates), so the state lives in TLS slots (Counting.cpp).
extern DWORD StateSlot;  // ThreadBlock * | InHookBit
extern DWORD NestedSlot; // an inner call's block bytes + 1
constexpr std::uintptr_t InHookBit = 1;

// TlsGetValue clears the last error, which the program may be about to read.
inline std::uintptr_t slotValue(DWORD Slot) {
  DWORD Error = GetLastError();
  void *Value = TlsGetValue(Slot);
  SetLastError(Error);
  return reinterpret_cast<std::uintptr_t>(Value);
}

inline void setSlot(DWORD Slot, std::uintptr_t Value) {
  TlsSetValue(Slot, reinterpret_cast<void *>(Value));
}

inline bool inHook() { return slotValue(StateSlot) & InHookBit; }

// Sets or clears the flag; returns what it was.
inline bool setInHook(bool On) {
  std::uintptr_t State = slotValue(StateSlot);
  setSlot(StateSlot, On ? State | InHookBit : State & ~InHookBit);
  return State & InHookBit;
}

inline ThreadBlock &block() {
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
inline void noteNested(std::size_t Bytes) { setSlot(NestedSlot, Bytes + 1); }
inline void clearNested() { setSlot(NestedSlot, 0); }
inline bool takeNested(std::size_t &Bytes) {
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
};
// Startup.cpp: looked up at set-up.
extern NtdllFunctions Ntdll;

template <typename T> void resolve(HMODULE Module, T &Slot, const char *Name) {
  // GCC's -Wcast-function-type objects to the direct cast.
  void *Address = reinterpret_cast<void *>(GetProcAddress(Module, Name));
  Slot = reinterpret_cast<T>(Address);
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
// Counting.cpp.
extern HeapEntry Heaps[MaxHeaps + 1]; // The last one: "(other heaps)".

//===- Counting.cpp -------------------------------------------------------===//

// A call of F that made block P (null: failed) of Bytes bytes in Heap.
void countAlloc(Fn F, std::size_t Requested, void *P, std::size_t Bytes,
                HANDLE Heap);
// A call of F that released P (null: nothing) of Bytes bytes.
void countFree(Fn F, const void *P, std::size_t Bytes, HANDLE Heap);
// A resize of a block of OldBytes, as valgrind counts realloc.
void countResize(Fn F, std::size_t OldBytes, std::size_t Requested, void *P,
                 std::size_t Bytes, HANDLE Heap, bool Freed);
void noteHeapCreated(Fn F, HANDLE Heap);
void noteHeapDestroyed(Fn F, HANDLE Heap);
void recordStack(std::size_t Requested);
void setUpStacks(unsigned Depth, bool BySize);

//===- Hooks.cpp: the table of hooked imports -----------------------------===//

struct HookInfo;
// The hooked function imported as Name; null when it is not one.
const HookInfo *hookNamed(const char *Name);
// The hook that forwards to Function: null when every slot is taken.
void *hookFor(const HookInfo &Info, void *Function);

//===- ImportPatching.cpp -------------------------------------------------===//

// This DLL and its image, whose addresses are not call sites and whose
// imports are not patched.
extern HMODULE Self;
extern std::uintptr_t SelfStart;
extern std::uintptr_t SelfEnd;

inline bool isOurs(const void *Address) {
  auto At = reinterpret_cast<std::uintptr_t>(Address);
  return At >= SelfStart && At < SelfEnd;
}

// The process environment block, at gs:0x60 in a 64-bit process (read here
// because GCC 12 warns inside mingw-w64's NtCurrentTeb).
inline PEB *currentPeb() {
  PEB *Peb;
  asm("movq %%gs:0x60, %0" : "=r"(Peb));
  return Peb;
}

// The Windows directory, whose modules are not patched.
extern wchar_t SystemRoot[MAX_PATH];
extern std::size_t SystemRootLength;

const IMAGE_NT_HEADERS64 *ntHeaders(const void *Base);

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

void patchAllModules();
extern PVOID NotificationCookie;
VOID CALLBACK onDllNotification(ULONG Reason, const void *Data, PVOID);

//===- ReportWriter.cpp ---------------------------------------------------===//

extern wchar_t OutputPath[MAX_PATH * 4];
extern LPTOP_LEVEL_EXCEPTION_FILTER PreviousFilter;
void writeReportOnce(const char *End, DWORD Exception);
LONG WINAPI onUnhandledException(EXCEPTION_POINTERS *Pointers);

} // namespace win
} // namespace heapcount
// NOLINTEND(performance-no-int-to-ptr)

#endif // ALLOC_TIDY_LIB_HEAPCOUNT_WINDOWS_HOOKSINTERNAL_H
