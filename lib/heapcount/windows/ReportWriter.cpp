//===- ReportWriter.cpp - heapcount on Windows: the report ----------------===//
//
// The report is written to %HEAPCOUNT_OUTPUT% when the process ends
// (DLL_PROCESS_DETACH) or dies of an unhandled exception; besides the
// portable members it lists the process's heaps ("heaps") and whether the
// counts were taken under a debug heap ("heap_diagnosis").
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/JsonWriter.h"
#include "lib/heapcount/windows/HooksInternal.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace heapcount::win;

// Addresses are integers here, by nature: flag bits in a TLS word, RVAs in
// PE headers, the saved pointer below an aligned block.
// NOLINTBEGIN(performance-no-int-to-ptr)
wchar_t heapcount::win::OutputPath[MAX_PATH * 4];

namespace {

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

} // namespace

void heapcount::win::writeReportOnce(const char *End, DWORD Exception) {
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

LPTOP_LEVEL_EXCEPTION_FILTER heapcount::win::PreviousFilter = nullptr;

// An exception nobody handles: the report is written and the exception
// goes on to the previous filter or the system, which ends the process with
// its code.
LONG WINAPI heapcount::win::onUnhandledException(EXCEPTION_POINTERS *Pointers) {
  writeReportOnce("exception", Pointers && Pointers->ExceptionRecord
                                   ? Pointers->ExceptionRecord->ExceptionCode
                                   : 0);
  return PreviousFilter ? PreviousFilter(Pointers) : EXCEPTION_CONTINUE_SEARCH;
}
// NOLINTEND(performance-no-int-to-ptr)
