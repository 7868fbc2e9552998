//===- WindowsImports.h - heapcount: a first import for a process -*- C++
//-*-===//
//
// How heapcount.exe loads heapcount.dll into the program before any of the
// program's DLLs is initialised: in the suspended process, the program's
// import directory is replaced by a copy with heapcount.dll in front (the
// technique of Microsoft's Detours). The loader then loads and initialises
// heapcount.dll first; a remote thread or an APC would run only after every
// statically linked DLL had been initialised, and miss their allocations.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_WINDOWSIMPORTS_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_WINDOWSIMPORTS_H

#include <string>
#include <windows.h>

namespace heapcount {

/// Makes \p Dll (an ASCII path) the first import of the program in
/// \p Process, a 64-bit process created suspended, importing \p Function
/// from it by name. False with \p Error naming the step that failed and why
/// ("reading the PE headers: ...", "the program is not a 64-bit (x86-64)
/// program"); the process is then unchanged or unusable, to be terminated.
bool addFirstImport(HANDLE Process, const std::string &Dll,
                    const std::string &Function, std::string &Error);

/// The system's text for an error code (GetLastError), without the final
/// period and line break; \p Insert replaces its "%1" if any.
std::string systemErrorText(DWORD Code, const std::string &Insert = "");

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_WINDOWSIMPORTS_H
