//===--- ResourceDir.h - find clang's builtin headers -----------*- C++ -*-===//
//
// The front ends are stock clang-tidy and clangd with our module linked in.
// Both look for clang's resource directory (stddef.h and friends) beside the
// executable, which holds for /usr/lib/llvm-N/bin but not for build/bin, so
// the mains point at the directory of the LLVM they were built against.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_RESOURCEDIR_H
#define ALLOC_TIDY_TOOLS_RESOURCEDIR_H

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <string>

namespace alloc_tidy {

/// The resource directory the front end should use when it is not told one:
/// empty when the one beside the executable exists (an installed LLVM layout),
/// else the one of the LLVM this binary was built against.
inline std::string fallbackResourceDir(const char *Argv0, void *MainAddr,
                                       const char *BuiltAgainst) {
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, MainAddr);
  llvm::SmallString<256> Beside(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Beside, "lib", "clang", CLANG_VERSION_MAJOR_STRING);
  if (llvm::sys::fs::is_directory(Beside))
    return "";
  return BuiltAgainst;
}

/// True when some argument already chooses a resource directory.
inline bool mentionsResourceDir(int Argc, const char **Argv) {
  for (int I = 1; I < Argc; ++I)
    if (llvm::StringRef(Argv[I]).contains("resource-dir"))
      return true;
  return false;
}

} // namespace alloc_tidy

#endif
