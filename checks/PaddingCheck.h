//===--- PaddingCheck.h -----------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_PADDINGCHECK_H
#define ALLOC_TIDY_CHECKS_PADDINGCHECK_H

#include "checks/LayoutNotes.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace alloc_tidy {
class RecordInstances;
} // namespace alloc_tidy

namespace clang::tidy::alloc {

/// Finds records whose fields, in another order, would need fewer bytes of
/// padding, and optionally reorders them. For the user-facing documentation
/// see: docs/checks/alloc-padding.md
class PaddingCheck : public ClangTidyCheck {
public:
  PaddingCheck(StringRef Name, ClangTidyContext *Context);
  ~PaddingCheck() override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  struct Finding;
  void inspectRecord(const RecordDecl &RD);
  void decide(Finding &F, const alloc_tidy::RecordInstances &Instances);
  unsigned threshold() const { return std::max(MinWastedBytes, 1U); }
  void noteLayoutUse(const RecordDecl *RD, SourceLocation Loc, std::string Why);
  void diagnose(Finding &F);
  void planFixIt(Finding &F);

  unsigned MinWastedBytes;
  bool ReorderFixIt;
  bool ReportAll;
  bool WarnCRecords;
  LayoutNoteStyle LayoutNotes;

  ASTContext *Context = nullptr;
  /// Wasteful records in the order they were found, filed under the record
  /// whose fields are written (the template pattern for instantiations);
  /// decided at the end of the translation unit.
  llvm::MapVector<const RecordDecl *, std::vector<std::unique_ptr<Finding>>>
      Findings;
  /// Code that depends on the declaration order or the layout of a record
  /// (positional initialisation, byte copies, ...): the first such place and
  /// what it does. Collected only when ReorderFixIt is on.
  llvm::DenseMap<const RecordDecl *, std::pair<SourceLocation, std::string>>
      LayoutUses;
};

} // namespace clang::tidy::alloc

#endif
