//===- ImportPatching.cpp - heapcount on Windows: patching the imports ----===//
//
// Every import of a counted function in the program's modules is pointed at
// its hook (Hooks.cpp). Modules loaded later are patched from a loader
// notification that runs before their DllMain. Modules of the Windows
// directory are not patched: their internal use of the heap is the system's,
// and differs from one Windows (or Wine) release to the next.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/windows/HooksInternal.h"

#include <cstddef>
#include <cstdint>
#include <cwchar>

using namespace heapcount::win;

// Addresses are integers here, by nature: flag bits in a TLS word, RVAs in
// PE headers, the saved pointer below an aligned block.
// NOLINTBEGIN(performance-no-int-to-ptr)
HMODULE heapcount::win::Self = nullptr;
std::uintptr_t heapcount::win::SelfStart = 0;
std::uintptr_t heapcount::win::SelfEnd = 0;

wchar_t heapcount::win::SystemRoot[MAX_PATH];
std::size_t heapcount::win::SystemRootLength = 0;

namespace {

bool isSystemModule(const wchar_t *Path, std::size_t Length) {
  // C:\windows\..., not C:\windows-apps\...
  return SystemRootLength && Length > SystemRootLength &&
         Path[SystemRootLength] == L'\\' &&
         _wcsnicmp(Path, SystemRoot, SystemRootLength) == 0;
}

} // namespace

const IMAGE_NT_HEADERS64 *heapcount::win::ntHeaders(const void *Base) {
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

namespace {

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

void patchIfProgramModule(void *Base, const UNICODE_STRING &Path) {
  if (!isSystemModule(Path.Buffer, Path.Length / sizeof(wchar_t)))
    patchModule(Base);
}

} // namespace

void heapcount::win::patchAllModules() {
  ULONG_PTR Cookie = 0;
  bool Locked = Ntdll.LockLoader && Ntdll.LockLoader(0, nullptr, &Cookie) >= 0;
  forEachModule([](void *Base, const UNICODE_STRING &Path) {
    patchIfProgramModule(Base, Path);
  });
  if (Locked)
    Ntdll.UnlockLoader(0, Cookie);
}

namespace {

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

} // namespace

PVOID heapcount::win::NotificationCookie = nullptr;

VOID CALLBACK heapcount::win::onDllNotification(ULONG Reason, const void *Data,
                                                PVOID) {
  if (Reason != DllNotificationLoaded || !Data)
    return;
  const auto *Loaded = static_cast<const DllLoaded *>(Data);
  if (Loaded->FullDllName && Loaded->DllBase)
    patchIfProgramModule(Loaded->DllBase, *Loaded->FullDllName);
}
// NOLINTEND(performance-no-int-to-ptr)
