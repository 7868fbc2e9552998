//===--- ResetByAssignmentCheck.h -------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_RESETBYASSIGNMENTCHECK_H
#define ALLOC_TIDY_CHECKS_RESETBYASSIGNMENTCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/StlOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/SubstringAssignments.h"
#include "lib/analysis/profile/ProfileEvidence.h"

namespace clang::tidy::alloc {

/// Finds a std::deque, or a std::stack or std::queue over one, emptied by
/// assigning a new one ('S = std::stack<int>();'), which on libstdc++
/// allocates a map and a block for the new deque and again in the move
/// assignment, where clear() or popping it empty allocates nothing; and a
/// string assigned a substring of itself ('S = S.substr(P);'), built as a
/// new string where S.assign(S, P) reuses S's memory.
/// For the user-facing documentation see:
/// docs/checks/alloc-reset-by-assignment.md
class ResetByAssignmentCheck : public ClangTidyCheck {
public:
  ResetByAssignmentCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override {
    this->PP = PP;
    Errors.startParsing(PP->getDiagnostics());
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override { Profiles.endTranslationUnit(); }

private:
  /// Where an assignment runs and what a profile measured there, when that
  /// is worth a finding.
  struct Occasion {
    alloc_tidy::Repetition Where;
    std::optional<alloc_tidy::Measurement> Measured;
  };
  std::optional<Occasion> occasionOf(const CXXOperatorCallExpr &Assign,
                                     ASTContext &Ctx);
  void reportSubstring(const alloc_tidy::SubstringAssignment &Facts,
                       ASTContext &Ctx);

  CompileErrors Errors;
  Preprocessor *PP = nullptr;
  StlOption TargetStl;
  ColdFunctionsOption ColdFunctions;
  /// Also report an assignment outside any loop, once per call of its
  /// function, without a profile to show the function is hot.
  bool OutsideLoops;
  ProfileOption Profiles;
};

} // namespace clang::tidy::alloc

#endif
