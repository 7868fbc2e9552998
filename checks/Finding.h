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
#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/JSON.h"
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

/// Reports \p F through \p Check's diagnostics.
void report(ClangTidyCheck &Check, const Finding &F);

/// \p F as clang-tidy's --export-fixes writes a diagnostic, in JSON.
llvm::json::Value findingToJson(llvm::StringRef CheckName, const Finding &F,
                                const SourceManager &SM);

} // namespace clang::tidy::alloc

#endif
