//===--- Finding.h - a diagnostic rendered before it is reported -*- C++
//-*-===//
//
// A member check renders its finding once and then reports it, writes it into
// the member's facts for a whole-program decision, or both. The finding holds
// formatted text and fix-its; reporting it goes through clang-tidy's own
// diagnostics, and its JSON form is the one clang-tidy's --export-fixes
// writes, so alloc-run treats it like any other diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_FINDING_H
#define ALLOC_TIDY_CHECKS_FINDING_H

#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/TableLookups.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::alloc {

struct FindingMessage {
  SourceLocation Loc;
  std::string Text;
  std::vector<FixItHint> Fixes;
};

struct Finding {
  FindingMessage Warning;
  std::vector<FindingMessage> Notes;

  FindingMessage &note(SourceLocation Loc, std::string Text) {
    Notes.push_back({Loc, std::move(Text), {}});
    return Notes.back();
  }
};

/// \p Fix as an edit of its file (real path and offsets), for another unit
/// to apply; nullopt when it is not in a file.
std::optional<alloc_tidy::FileEdit> fileEditOf(const FixItHint &Fix,
                                               const SourceManager &SM);

/// The fix-it that makes \p Edit, recorded by another unit, in this one:
/// its file is read if this unit did not include it. Nullopt when it cannot
/// be read or is too short for the edit.
std::optional<FixItHint> fixItOf(const alloc_tidy::FileEdit &Edit,
                                 SourceManager &SM);

/// Reports \p F through \p Check's diagnostics.
void report(ClangTidyCheck &Check, const Finding &F);

/// \p F as clang-tidy's --export-fixes writes a diagnostic, in JSON.
llvm::json::Value findingToJson(llvm::StringRef CheckName, const Finding &F,
                                const SourceManager &SM);

} // namespace clang::tidy::alloc

#endif
