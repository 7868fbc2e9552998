//===--- ConstantTableCheck.h -----------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_CONSTANTTABLECHECK_H
#define ALLOC_TIDY_CHECKS_CONSTANTTABLECHECK_H

#include "checks/CompileErrors.h"
#include "checks/Finding.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "checks/WholeProgramOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/decisions/ConstantTablePlan.h"
#include <map>
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
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

private:
  /// The edits of \p Fix, and the includes they need in \p Files.
  void addEdits(FindingMessage &Message,
                llvm::ArrayRef<alloc_tidy::TextEdit> Edits,
                llvm::ArrayRef<std::string> Includes,
                llvm::ArrayRef<FileID> Files);
  /// Reports the pending findings, each with the includes of its files.
  void reportPending();
  /// Records, for alloc-run, what this unit does with a table that another
  /// unit defines, and the edits that its lookups need when the table
  /// becomes an array: the defining unit's fix-it makes them.
  void recordLookupsElsewhere(const VarDecl &Declaration,
                              llvm::ArrayRef<const Expr *> Refs);

  /// The findings of the unit, reported at its end: the files each one
  /// edits, and the includes the edits of each file need.
  struct PendingFindings {
    std::vector<Finding> Findings;
    std::vector<std::vector<FileID>> Files;
    std::map<FileID, std::vector<std::string>> Includes;
  };
  PendingFindings Pending;

  CompileErrors Errors;
  /// Report without a profile: every table of at least MinElements.
  bool WithoutProfile;
  uint64_t MinElements;
  /// With a profile: the least share of the profiled run's allocations, in
  /// percent, that building the table must have made.
  uint64_t MinProfiledPercent;
  ProfileOption Profiles;
  ASTContext *Context = nullptr;
  ProjectIncludeInserter Inserter;
  WholeProgramOption WholeProgram;
  std::vector<const VarDecl *> Candidates;
  /// Declarations of a node-based container of static storage without a
  /// definition in this unit.
  std::vector<const VarDecl *> Declarations;
};

} // namespace clang::tidy::alloc

#endif
