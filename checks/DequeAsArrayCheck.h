//===--- DequeAsArrayCheck.h ------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_DEQUEASARRAYCHECK_H
#define ALLOC_TIDY_CHECKS_DEQUEASARRAYCHECK_H

#include "checks/CompileErrors.h"
#include "checks/Finding.h"
#include "checks/LayoutNotes.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "checks/StlOption.h"
#include "checks/WholeProgramOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/NestedTypeSpellings.h"
#include "lib/analysis/facts/StlFacts.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::alloc {

/// Finds std::deque variables and members used only at their back (and
/// std::stack over a deque), which a std::vector serves with fewer
/// allocations. For the user-facing documentation see:
/// docs/checks/alloc-deque-as-array.md
class DequeAsArrayCheck : public ClangTidyCheck {
public:
  DequeAsArrayCheck(StringRef Name, ClangTidyContext *Context);
  ~DequeAsArrayCheck() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Fills References and AliasUses for the candidates.
  void findReferences();
  CompileErrors Errors;
  struct Candidate;
  void analyze(Candidate &C);
  /// What the profiles measured at its code; a cold one is silent.
  void measure(Candidate &C);
  void linkCandidates();
  void decideMember(Candidate &C, const FieldDecl &Field);
  Finding render(const Candidate &C, ProjectIncludeInserter &Includes);

  std::string CheckName;
  std::vector<StringRef> DequeLikeClasses;
  StlOption TargetStl;
  bool StackAdaptors;
  LayoutNoteStyle LayoutNotes;
  ProjectIncludeInserter Inserter;
  WholeProgramOption WholeProgram;
  bool WarnWhenReferencesKept;
  bool AssumeFirstBlockDequesShort;
  /// Measured costs and cold findings (ProfileFile, MinProfiledAllocations).
  ProfileOption Profiles;

  Preprocessor *PP = nullptr;
  ASTContext *Context = nullptr;
  llvm::MapVector<const ValueDecl *, std::unique_ptr<Candidate>> Candidates;
  llvm::DenseMap<const ValueDecl *, std::vector<const Expr *>> References;
  /// Types nested in containers that the unit spells.
  alloc_tidy::NestedTypeSpellings Spellings;
  /// Every place a type alias of a deque or stack is named.
  llvm::DenseMap<const TypedefNameDecl *, std::vector<SourceLocation>>
      AliasUses;
};

} // namespace clang::tidy::alloc

#endif
