//===--- CompileDatabaseProblem.h - why a database did not load -*- C++ -*-===//
//
// libTooling's autodetection answers "none found" both when there is no
// compile_commands.json and when the one there cannot be read. A user with a
// broken file (a truncated write, an object instead of a list, an entry
// without a command) should hear what is wrong with it, not be told to
// generate one.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_COMPILEDATABASEPROBLEM_H
#define ALLOC_TIDY_TOOLS_COMPILEDATABASEPROBLEM_H

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <string>

namespace alloc_tidy {

/// What is wrong with the first compile_commands.json found in \p Dir or
/// its parents, as autodetection searches them: "'PATH' is not a valid
/// compilation database: WHY", or "'PATH' holds no compile commands".
/// Empty when there is none, or the one found is usable.
inline std::string compileDatabaseProblem(llvm::StringRef Dir) {
  llvm::SmallString<256> Absolute(Dir.empty() ? "." : Dir);
  if (llvm::sys::fs::make_absolute(Absolute))
    return ""; // no working directory: autodetection fails the same way
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  for (llvm::StringRef Current = Absolute; !Current.empty();
       Current = llvm::sys::path::parent_path(Current)) {
    llvm::SmallString<256> Path(Current);
    llvm::sys::path::append(Path, "compile_commands.json");
    if (!llvm::sys::fs::exists(Path))
      continue;
    std::string Error;
    auto Database = clang::tooling::JSONCompilationDatabase::loadFromFile(
        Path, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Database)
      return "'" + Path.str().str() +
             "' is not a valid compilation database: " + Error;
    if (Database->getAllFiles().empty())
      return "'" + Path.str().str() + "' holds no compile commands";
    return "";
  }
  return "";
}

} // namespace alloc_tidy

#endif
