//===- WindowsImports.cpp - heapcount: a first import for a process -------===//
//
// In a process created suspended the program's image is mapped but the
// loader has not run. The new import directory lives in memory allocated in
// the process within 2 GB above the image (import directory entries are
// 32-bit offsets from the image base):
//
//   [heapcount.dll's descriptor, the program's descriptors..., zeros]
//   lookup table [hint/name, 0]   address table [hint/name, 0]
//   hint/name: 0, "heapcount_attach"   the DLL's path
//
// and the headers' import directory entry points at it. The bound import
// directory is cleared: bindings describe the old table.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/WindowsImports.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include <winternl.h>

// Addresses in the program's process are integers here, by nature.
// NOLINTBEGIN(performance-no-int-to-ptr)
namespace heapcount {
namespace {

// Where the PEB of a 64-bit process holds the address of its image
// (PEB.ImageBaseAddress).
constexpr std::uint64_t PebImageBaseOffset = 0x10;
// Import directory entries are offsets from the image base: the new
// directory must lie within this distance of it.
constexpr std::uint64_t MaxDistance = 0x7fffffff;
// At most this many descriptors are read from the program's directory.
constexpr std::size_t MaxDescriptors = 65536;

std::string hex(std::uint64_t Value) {
  char Text[24];
  std::snprintf(Text, sizeof(Text), "0x%llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

// Reads and writes the memory of the process, saying what went wrong in
// Error.
class RemoteMemory {
public:
  RemoteMemory(HANDLE Process, std::string &Error)
      : Process(Process), Error(Error) {}

  bool read(std::uint64_t Address, void *Into, std::size_t Size,
            const char *What) {
    SIZE_T Done = 0;
    if (ReadProcessMemory(Process, reinterpret_cast<LPCVOID>(Address), Into,
                          Size, &Done) &&
        Done == Size)
      return true;
    return failed(std::string("reading ") + What + " at " + hex(Address));
  }

  bool write(std::uint64_t Address, const void *From, std::size_t Size,
             const char *What) {
    SIZE_T Done = 0;
    if (WriteProcessMemory(Process, reinterpret_cast<LPVOID>(Address), From,
                           Size, &Done) &&
        Done == Size)
      return true;
    return failed(std::string("writing ") + What + " at " + hex(Address));
  }

  // Says that Step failed, with the system's reason.
  bool failed(const std::string &Step) {
    Error = Step + ": " + systemErrorText(GetLastError());
    return false;
  }

private:
  HANDLE Process;
  std::string &Error;
};

std::uint64_t alignUp(std::uint64_t Value, std::uint64_t Alignment) {
  return (Value + Alignment - 1) / Alignment * Alignment;
}

// Allocates Size bytes of read-write memory in the process at the first
// free place above End (the end of the image) that is within MaxDistance of
// Base; 0 when there is none.
std::uint64_t allocateAbove(HANDLE Process, std::uint64_t Base,
                            std::uint64_t End, std::size_t Size) {
  SYSTEM_INFO System;
  GetSystemInfo(&System);
  const std::uint64_t Granularity = System.dwAllocationGranularity;
  std::uint64_t At = alignUp(End, Granularity);
  while (At + Size - Base <= MaxDistance) {
    MEMORY_BASIC_INFORMATION Region;
    if (VirtualQueryEx(Process, reinterpret_cast<LPCVOID>(At), &Region,
                       sizeof(Region)) == 0)
      return 0; // Past the end of the address space.
    std::uint64_t RegionEnd =
        reinterpret_cast<std::uint64_t>(Region.BaseAddress) + Region.RegionSize;
    if (Region.State == MEM_FREE && RegionEnd >= At + Size) {
      if (void *Got =
              VirtualAllocEx(Process, reinterpret_cast<LPVOID>(At), Size,
                             MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE))
        return reinterpret_cast<std::uint64_t>(Got);
    }
    At = alignUp(std::max(RegionEnd, At + 1), Granularity);
  }
  return 0;
}

} // namespace

std::string systemErrorText(DWORD Code, const std::string &Insert) {
  wchar_t *Text = nullptr;
  DWORD Length = FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
          FORMAT_MESSAGE_IGNORE_INSERTS,
      nullptr, Code, 0, reinterpret_cast<wchar_t *>(&Text), 0, nullptr);
  std::string Message;
  if (Length && Text) {
    int Bytes = WideCharToMultiByte(CP_ACP, 0, Text, static_cast<int>(Length),
                                    nullptr, 0, nullptr, nullptr);
    Message.resize(static_cast<std::size_t>(Bytes));
    WideCharToMultiByte(CP_ACP, 0, Text, static_cast<int>(Length),
                        Message.data(), Bytes, nullptr, nullptr);
  }
  LocalFree(Text);
  while (!Message.empty() &&
         (Message.back() == '\n' || Message.back() == '\r' ||
          Message.back() == ' ' || Message.back() == '.'))
    Message.pop_back();
  if (Message.empty())
    Message = "error " + std::to_string(Code);
  if (std::size_t At = Message.find("%1"); At != std::string::npos)
    Message.replace(At, 2, Insert);
  return Message;
}

bool addFirstImport(HANDLE Process, const std::string &Dll,
                    const std::string &Function, std::string &Error) {
  RemoteMemory Memory(Process, Error);

  // The image: its base from the PEB, then its headers.
  PROCESS_BASIC_INFORMATION Basic;
  ULONG Length = 0;
  NTSTATUS Status = NtQueryInformationProcess(Process, ProcessBasicInformation,
                                              &Basic, sizeof(Basic), &Length);
  if (Status < 0) {
    Error = "finding the process's PEB (NtQueryInformationProcess: status " +
            hex(static_cast<ULONG>(Status)) + ")";
    return false;
  }
  std::uint64_t Base = 0;
  if (!Memory.read(reinterpret_cast<std::uint64_t>(Basic.PebBaseAddress) +
                       PebImageBaseOffset,
                   &Base, sizeof(Base), "the image base in the PEB"))
    return false;
  IMAGE_DOS_HEADER Dos;
  if (!Memory.read(Base, &Dos, sizeof(Dos), "the image's DOS header"))
    return false;
  if (Dos.e_magic != IMAGE_DOS_SIGNATURE || Dos.e_lfanew <= 0) {
    Error = "reading the PE headers: no DOS header at the image base";
    return false;
  }
  const std::uint64_t NtAt = Base + static_cast<std::uint64_t>(Dos.e_lfanew);
  IMAGE_NT_HEADERS64 Nt;
  if (!Memory.read(NtAt, &Nt, offsetof(IMAGE_NT_HEADERS64, OptionalHeader),
                   "the image's PE header"))
    return false;
  if (Nt.Signature != IMAGE_NT_SIGNATURE) {
    Error = "reading the PE headers: no PE signature";
    return false;
  }
  if (Nt.FileHeader.Machine != IMAGE_FILE_MACHINE_AMD64) {
    Error = "the program is not a 64-bit (x86-64) program (machine " +
            hex(Nt.FileHeader.Machine) + ")";
    return false;
  }
  if (!Memory.read(NtAt, &Nt, sizeof(Nt), "the image's PE header"))
    return false;
  const IMAGE_OPTIONAL_HEADER64 &Optional = Nt.OptionalHeader;
  if (Optional.Magic != IMAGE_NT_OPTIONAL_HDR64_MAGIC) {
    Error = "the program is not a 64-bit (x86-64) program (optional header " +
            hex(Optional.Magic) + ")";
    return false;
  }
  const DWORD Directories = Optional.NumberOfRvaAndSizes;
  if (Directories > IMAGE_DIRECTORY_ENTRY_COM_DESCRIPTOR &&
      Optional.DataDirectory[IMAGE_DIRECTORY_ENTRY_COM_DESCRIPTOR]
          .VirtualAddress) {
    Error = "the program is a .NET program, which is not supported";
    return false;
  }
  if (Directories <= IMAGE_DIRECTORY_ENTRY_IMPORT) {
    Error = "reading the PE headers: the program has no import directory "
            "entry";
    return false;
  }

  // The program's import descriptors, up to the terminating one.
  std::vector<IMAGE_IMPORT_DESCRIPTOR> Old;
  const IMAGE_DATA_DIRECTORY Imports =
      Optional.DataDirectory[IMAGE_DIRECTORY_ENTRY_IMPORT];
  if (Imports.VirtualAddress) {
    for (std::size_t I = 0; I < MaxDescriptors; ++I) {
      IMAGE_IMPORT_DESCRIPTOR Descriptor;
      if (!Memory.read(Base + Imports.VirtualAddress + I * sizeof(Descriptor),
                       &Descriptor, sizeof(Descriptor),
                       "the program's import directory"))
        return false;
      if (!Descriptor.Name || !Descriptor.FirstThunk)
        break;
      Old.push_back(Descriptor);
    }
  }

  // The new directory and what heapcount.dll's descriptor points at.
  const std::size_t DescriptorsSize =
      (Old.size() + 2) * sizeof(IMAGE_IMPORT_DESCRIPTOR);
  const std::size_t LookupAt = alignUp(DescriptorsSize, 8);
  const std::size_t AddressesAt = LookupAt + 2 * sizeof(std::uint64_t);
  const std::size_t HintNameAt = AddressesAt + 2 * sizeof(std::uint64_t);
  const std::size_t NameAt =
      alignUp(HintNameAt + sizeof(WORD) + Function.size() + 1, 2);
  const std::size_t Size = NameAt + Dll.size() + 1;

  const std::uint64_t Remote =
      allocateAbove(Process, Base, Base + Optional.SizeOfImage, Size);
  if (!Remote) {
    Error = "allocating the new import directory within 2 GB of the image: " +
            systemErrorText(GetLastError());
    return false;
  }
  auto Rva = [&](std::size_t Offset) {
    return static_cast<DWORD>(Remote + Offset - Base);
  };
  std::vector<unsigned char> Block(Size, 0);
  IMAGE_IMPORT_DESCRIPTOR First = {};
  First.OriginalFirstThunk = Rva(LookupAt);
  First.Name = Rva(NameAt);
  First.FirstThunk = Rva(AddressesAt);
  std::memcpy(Block.data(), &First, sizeof(First));
  if (!Old.empty())
    std::memcpy(Block.data() + sizeof(First), Old.data(),
                Old.size() * sizeof(IMAGE_IMPORT_DESCRIPTOR));
  // By name: the high bit of a lookup entry is clear.
  const std::uint64_t ByName = Rva(HintNameAt);
  std::memcpy(Block.data() + LookupAt, &ByName, sizeof(ByName));
  std::memcpy(Block.data() + AddressesAt, &ByName, sizeof(ByName));
  std::memcpy(Block.data() + HintNameAt + sizeof(WORD), Function.c_str(),
              Function.size() + 1);
  std::memcpy(Block.data() + NameAt, Dll.c_str(), Dll.size() + 1);
  if (!Memory.write(Remote, Block.data(), Block.size(),
                    "the new import directory"))
    return false;

  // Point the headers at it; the header page is read-only.
  const std::uint64_t DirectoriesAt =
      NtAt + offsetof(IMAGE_NT_HEADERS64, OptionalHeader.DataDirectory);
  const std::uint64_t ImportAt =
      DirectoriesAt +
      IMAGE_DIRECTORY_ENTRY_IMPORT * sizeof(IMAGE_DATA_DIRECTORY);
  const std::uint64_t BoundAt =
      DirectoriesAt +
      IMAGE_DIRECTORY_ENTRY_BOUND_IMPORT * sizeof(IMAGE_DATA_DIRECTORY);
  DWORD Protection = 0;
  if (!VirtualProtectEx(Process, reinterpret_cast<LPVOID>(Base),
                        Optional.SizeOfHeaders, PAGE_READWRITE, &Protection))
    return Memory.failed("making the PE headers writable");
  IMAGE_DATA_DIRECTORY NewImports = {Rva(0),
                                     static_cast<DWORD>(DescriptorsSize)};
  IMAGE_DATA_DIRECTORY NoBound = {0, 0};
  bool Written = Memory.write(ImportAt, &NewImports, sizeof(NewImports),
                              "the import directory entry") &&
                 (Directories <= IMAGE_DIRECTORY_ENTRY_BOUND_IMPORT ||
                  Memory.write(BoundAt, &NoBound, sizeof(NoBound),
                               "the bound import directory entry"));
  DWORD Ignored = 0;
  if (!VirtualProtectEx(Process, reinterpret_cast<LPVOID>(Base),
                        Optional.SizeOfHeaders, Protection, &Ignored) &&
      Written)
    return Memory.failed("protecting the PE headers again");
  return Written;
}

} // namespace heapcount
// NOLINTEND(performance-no-int-to-ptr)
