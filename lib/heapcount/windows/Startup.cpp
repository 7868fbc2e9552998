//===- Startup.cpp - heapcount on Windows: DllMain and set-up -------------===//
//
// The launcher (tools/heapcount) makes this DLL the first import of the
// program, so it is initialised before the program's other DLLs: DllMain
// sets it up (the environment, the imports of the modules already loaded,
// the loader notification, the unhandled-exception filter), releases a
// thread's counters when it ends and writes the report at exit.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/windows/HooksInternal.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <cwchar>

using heapcount::ThreadBlock;
using namespace heapcount::win;

// Addresses are integers here, by nature: flag bits in a TLS word, RVAs in
// PE headers, the saved pointer below an aligned block.
// NOLINTBEGIN(performance-no-int-to-ptr)
NtdllFunctions heapcount::win::Ntdll;

namespace {

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
