//===--- ConstantTableCheck.h -----------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_CONSTANTTABLECHECK_H
#define ALLOC_TIDY_CHECKS_CONSTANTTABLECHECK_H

#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include <vector>

namespace clang::tidy::alloc {

/// Finds a constant lookup table held in a node-based standard container
/// (std::map, std::set, std::unordered_map, ...) at namespace scope or as a
/// static data member: every process builds it before main, one allocation
/// per element, where a sorted constant array allocates nothing.
/// For the user-facing documentation see:
/// docs/checks/alloc-constant-table.md
class ConstantTableCheck : public ClangTidyCheck {
public:
  ConstantTableCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override {
    Errors.startParsing(PP->getDiagnostics());
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

private:
  CompileErrors Errors;
  /// Report without a profile: every table of at least MinElements.
  bool WithoutProfile;
  uint64_t MinElements;
  /// With a profile: the least share of the profiled run's allocations, in
  /// percent, that building the table must have made.
  uint64_t MinProfiledPercent;
  ProfileOption Profiles;
  ASTContext *Context = nullptr;
  std::vector<const VarDecl *> Candidates;
};

} // namespace clang::tidy::alloc

#endif
