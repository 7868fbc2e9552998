//===--- LastUseCopyCheck.h -------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_LASTUSECOPYCHECK_H
#define ALLOC_TIDY_CHECKS_LASTUSECOPYCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::alloc {

/// Finds a local container, string or record holding them that is copied
/// on its last use (pushed into a container, assigned, passed by value)
/// on every iteration of a loop, where std::move would hand its buffer
/// over instead of allocating a copy.
/// For the user-facing documentation see:
/// docs/checks/alloc-last-use-copy.md
class LastUseCopyCheck : public ClangTidyCheck {
public:
  LastUseCopyCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override { Profiles.endTranslationUnit(); }

private:
  CompileErrors Errors;
  ProjectIncludeInserter Inserter;
  ColdFunctionsOption ColdFunctions;
  /// Report copies without a profile to show them hot: in loops, and with
  /// OutsideLoops anywhere. Off by default: on the real-code corpus none of
  /// the 50 copies in loops it reported was worth a change.
  bool WithoutProfile;
  /// With WithoutProfile, also report a copy outside any loop, once per
  /// call of its function.
  bool OutsideLoops;
  ProfileOption Profiles;
};

} // namespace clang::tidy::alloc

#endif
