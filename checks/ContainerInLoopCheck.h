//===--- ContainerInLoopCheck.h ---------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_CONTAINERINLOOPCHECK_H
#define ALLOC_TIDY_CHECKS_CONTAINERINLOOPCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/WholeProgramOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include <vector>

namespace clang::tidy::alloc {

/// Finds vectors and strings constructed and filled anew on every iteration
/// of a loop, which could be declared before the loop and cleared instead.
/// For the user-facing documentation see:
/// docs/checks/alloc-container-in-loop.md
class ContainerInLoopCheck : public ClangTidyCheck {
public:
  ContainerInLoopCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override {
    Errors.startParsing(PP->getDiagnostics());
    WholeProgram.registerPreprocessor(PP);
  }
  void onEndOfTranslationUnit() override { Profiles.endTranslationUnit(); }

private:
  CompileErrors Errors;
  std::vector<StringRef> VectorLikeClasses;
  ColdFunctionsOption ColdFunctions;
  /// Also flag strings filled with contents of unknown length (std::getline,
  /// a count that is not a constant, appends in a nested loop), which
  /// mostly stay in the inline buffer: off by default.
  bool UnboundedStrings;
  bool RareFills;
  /// Measured costs and cold findings (ProfileFile, MinProfiledAllocations).
  /// A string of unknown length that the profile saw allocate is reported.
  ProfileOption Profiles;
  /// Other units' records of the functions a container is handed to, and
  /// this unit's records of its own (ParameterFills.h).
  WholeProgramOption WholeProgram;
};

} // namespace clang::tidy::alloc

#endif
