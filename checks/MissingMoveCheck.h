//===--- MissingMoveCheck.h -------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_MISSINGMOVECHECK_H
#define ALLOC_TIDY_CHECKS_MISSINGMOVECHECK_H

#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/decisions/MissingMove.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include <optional>
#include <vector>

namespace clang::tidy::alloc {

/// Finds classes that hold a standard container or string and have no move
/// constructor because of a user-declared destructor or copy operation,
/// where the unit moves them: every such move copies and allocates.
/// For the user-facing documentation see:
/// docs/checks/alloc-missing-move.md
class MissingMoveCheck : public ClangTidyCheck {
public:
  MissingMoveCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override {
    Errors.startParsing(PP->getDiagnostics());
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  /// The facts of \p RD, computed once per unit; null when its moves do
  /// not copy anything that allocates.
  const alloc_tidy::SuppressedMove *factsOf(const CXXRecordDecl *RD);
  void addMove(alloc_tidy::CopyingMove Move, const SourceManager &SM);

  CompileErrors Errors;
  /// What copies of a class allocated, and the cold findings to drop.
  ProfileOption Profiles;
  /// Also report a class whose destructor or copy is written by hand (or
  /// defaulted outside the class), without a fix-it: its moves must be
  /// written by hand too, which is rarely worth it for a static finding.
  bool HandWrittenMembers;
  ASTContext *Ctx = nullptr;
  llvm::DenseMap<const CXXRecordDecl *,
                 std::optional<alloc_tidy::SuppressedMove>>
      Facts;
  /// The moves of each reported class, in the order the unit makes them.
  llvm::MapVector<const CXXRecordDecl *, std::vector<alloc_tidy::CopyingMove>>
      Moves;
};

} // namespace clang::tidy::alloc

#endif
