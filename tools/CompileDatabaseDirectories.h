//===--- CompileDatabaseDirectories.h - relative "directory" -*- C++ -*-===//
//
// The JSON compilation database format gives "directory" as the working
// directory of the compilation and says nothing of a relative one; LLVM 22's
// loader keeps it as it is, so no source file matches its entries and
// clang-tidy prints "Skipping FILE. Compile command not found." and exits 0.
// alloc-tidy resolves such a directory against the folder of the database
// (after following its symbolic links: where the build wrote it), which does
// not depend on where the tool runs, gives clang-tidy a copy of the database
// with those directories made absolute, and refuses a source file the
// database has no command for. alloc-run reads the database the same way.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_COMPILEDATABASEDIRECTORIES_H
#define ALLOC_TIDY_TOOLS_COMPILEDATABASEDIRECTORIES_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// The compile_commands.json that clang-tidy's autodetection takes for
/// \p Dir: the first one in \p Dir or its parents; empty when none.
inline std::string findCompileDatabase(llvm::StringRef Dir) {
  llvm::SmallString<256> Absolute(Dir.empty() ? "." : Dir);
  if (llvm::sys::fs::make_absolute(Absolute))
    return "";
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  for (llvm::StringRef Current = Absolute; !Current.empty();
       Current = llvm::sys::path::parent_path(Current)) {
    llvm::SmallString<256> Path(Current);
    llvm::sys::path::append(Path, "compile_commands.json");
    if (llvm::sys::fs::exists(Path))
      return Path.str().str();
  }
  return "";
}

/// The folder against which a relative "directory" of the database \p Path
/// is resolved: the folder of the file its symbolic links lead to.
inline std::string databaseFolder(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real)) {
    Real = Path;
    if (llvm::sys::fs::make_absolute(Real))
      return llvm::sys::path::parent_path(Path).str();
  }
  return llvm::sys::path::parent_path(Real).str();
}

/// Whether the database text \p Text may have a relative "directory": a
/// quick look, so that the usual database (absolute directories, perhaps
/// large) is not parsed once more for each unit.
inline bool mayHaveRelativeDirectory(llvm::StringRef Text) {
  for (size_t At = Text.find("\"directory\""); At != llvm::StringRef::npos;
       At = Text.find("\"directory\"", At + 1)) {
    llvm::StringRef Value = Text.drop_front(At + 11).drop_while(
        [](char C) { return C == ':' || llvm::isSpace(C); });
    if (!Value.consume_front("\""))
      return true; // not a string: the parser decides
    // An absolute path: "/...", "C:\\..." or "C:/...", "\\\\server...".
    bool Absolute =
        Value.starts_with("/") || Value.starts_with("\\\\") ||
        (Value.size() > 2 && llvm::isAlpha(Value[0]) && Value[1] == ':');
    if (!Absolute)
      return true;
  }
  return false;
}

/// The text of the JSON compilation database \p Path with every relative
/// "directory" made absolute (databaseFolder()); nullopt when there is none
/// to change, or when the file is not a list of objects (the loader says
/// what is wrong with it).
inline std::optional<std::string>
withAbsoluteDirectories(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Path);
  if (!Text || !mayHaveRelativeDirectory((*Text)->getBuffer()))
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Parsed =
      llvm::json::parse((*Text)->getBuffer());
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt;
  }
  llvm::json::Array *Entries = Parsed->getAsArray();
  if (!Entries)
    return std::nullopt;
  std::string Folder = databaseFolder(Path);
  bool Changed = false;
  for (llvm::json::Value &Entry : *Entries) {
    llvm::json::Object *Object = Entry.getAsObject();
    if (!Object)
      return std::nullopt;
    std::optional<llvm::StringRef> Directory = Object->getString("directory");
    if (!Directory || llvm::sys::path::is_absolute(*Directory))
      continue;
    llvm::SmallString<256> Resolved(Folder);
    llvm::sys::path::append(Resolved, *Directory);
    llvm::sys::path::remove_dots(Resolved, /*remove_dot_dot=*/true);
    (*Object)["directory"] = Resolved.str().str();
    Changed = true;
  }
  if (!Changed)
    return std::nullopt;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", *Parsed);
  return Out;
}

} // namespace alloc_tidy

#endif
