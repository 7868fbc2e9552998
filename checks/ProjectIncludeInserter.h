//===--- ProjectIncludeInserter.h - include fix-its for project files -*- C++
//-*-===//
//
// clang-tidy's IncludeInserter records every #include of every file the unit
// reads, system headers included, and each check that adds includes has its
// own: on a unit of mostly standard headers, the checks' inserters cost about
// 1% of the parse (bench/README.md). A fix-it never edits a system header, so
// this inserter knows the includes of the other files only, with the same
// sorting and placement (IncludeSorter) and the same interface. One recorder
// per preprocessor, shared by every check's inserter, writes them down as
// they are read; an inserter sorts those of a file only when a fix-it asks
// for an include there. Unlike
// IncludeSorter, it also knows a header included out of order: the sorter
// stops at the first include that sorts after the new one and would add a
// second '#include <string_view>' above the '#include <string_view>' that
// follows '#include <vector>'.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_PROJECTINCLUDEINSERTER_H
#define ALLOC_TIDY_CHECKS_PROJECTINCLUDEINSERTER_H

#include "clang-tidy/utils/IncludeSorter.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include <memory>
#include <optional>

namespace clang::tidy::alloc {

class ProjectIncludeRecorder;

class ProjectIncludeInserter {
public:
  ProjectIncludeInserter(utils::IncludeSorter::IncludeStyle Style,
                         bool SelfContainedDiags);

  /// Follows the #include directives \p PP reads outside system headers
  /// (through the recorder that \p PP's inserters share).
  void registerPreprocessor(Preprocessor *PP);

  /// The insertion of \p Header ("<vector>" or "\"a.h\"") into \p File,
  /// placed among its includes; none when \p File already includes it
  /// (anywhere in the file, in or out of order), when
  /// this inserter already inserted it there (unless SelfContainedDiags), or
  /// when \p File is a system header, whose includes are not recorded.
  std::optional<FixItHint> createIncludeInsertion(FileID File,
                                                  llvm::StringRef Header);

  utils::IncludeSorter::IncludeStyle getStyle() const { return Style; }

private:
  /// Takes in the includes the recorder has seen since the last call.
  void catchUp();
  utils::IncludeSorter &sorterFor(FileID File);

  ProjectIncludeRecorder *Recorder = nullptr;
  size_t IncludesTaken = 0;
  llvm::DenseMap<FileID, std::unique_ptr<utils::IncludeSorter>> Sorters;
  llvm::DenseMap<FileID, llvm::StringSet<>> Inserted;
  llvm::DenseMap<FileID, llvm::StringSet<>> Included;
  const SourceManager *SourceMgr = nullptr;
  const utils::IncludeSorter::IncludeStyle Style;
  const bool SelfContainedDiags;
};

} // namespace clang::tidy::alloc

#endif
