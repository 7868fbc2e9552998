//===--- PaddingCheck.h -----------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_PADDINGCHECK_H
#define ALLOC_TIDY_CHECKS_PADDINGCHECK_H

#include "checks/LayoutNotes.h"
#include "checks/WholeProgramOption.h"
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
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  struct Candidate;
  void inspectRecord(const RecordDecl &RD);
  void decide(Candidate &F, const alloc_tidy::RecordInstances &Instances);
  unsigned threshold() const { return std::max(MinWastedBytes, 1U); }
  Finding render(const Candidate &F);
  /// The reorder fix-it as this unit's code allows it; a header's aggregate
  /// gets none unless \p OtherUnitsDecide.
  void planFixIt(Candidate &F, bool OtherUnitsDecide);
  /// The fix-it of a plain record, from this unit's facts and the whole
  /// program's decision; \p Reported: this unit reports the record.
  void decideReorder(Candidate &F, bool Reported);
  void noFixFromDecision(Candidate &F);

  unsigned MinWastedBytes;
  bool ReorderFixIt;
  bool ReportAll;
  bool WarnCRecords;
  bool PublicInterfaceRecords;
  bool SingleHeapObjects;
  LayoutNoteStyle LayoutNotes;
  std::string CheckName;
  WholeProgramOption WholeProgram;

  ASTContext *Context = nullptr;
  /// Wasteful records in the order they were found, filed under the record
  /// whose fields are written (the template pattern for instantiations);
  /// decided at the end of the translation unit.
  llvm::MapVector<const RecordDecl *, std::vector<std::unique_ptr<Candidate>>>
      Findings;
  /// Code that depends on the declaration order or the layout of a record
  /// (positional initialisation, byte copies, ...): the first such place and
  /// what it does. Collected only when ReorderFixIt is on.
  llvm::DenseMap<const RecordDecl *, std::pair<SourceLocation, std::string>>
      LayoutUses;
};

} // namespace clang::tidy::alloc

#endif
