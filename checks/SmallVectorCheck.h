//===--- SmallVectorCheck.h -------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_SMALLVECTORCHECK_H
#define ALLOC_TIDY_CHECKS_SMALLVECTORCHECK_H

#include "checks/Finding.h"
#include "checks/InlineVectorOption.h"
#include "checks/LayoutNotes.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "checks/StlOption.h"
#include "checks/WholeProgramOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/ConstructorArguments.h"
#include "lib/analysis/facts/InlineVectorClasses.h"
#include "lib/analysis/facts/InlineVectorInScope.h"
#include "lib/analysis/facts/StlFacts.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::alloc {

/// Finds std::vector variables and members whose size is small and bounded,
/// which a vector with an inline buffer (or a std::array) holds without a
/// heap allocation. For the user-facing documentation see:
/// docs/checks/alloc-small-vector.md
class SmallVectorCheck : public ClangTidyCheck {
public:
  SmallVectorCheck(StringRef Name, ClangTidyContext *Context);
  ~SmallVectorCheck() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  struct Candidate;
  /// Where the declaration is, what it holds, and how its type is spelled.
  void analyzeCommon(Candidate &C);
  /// The bound of a local or member the check can follow (VectorBound.h).
  void analyzeBound(Candidate &C);
  /// The static analysis could not bound the size: what a profile needs
  /// instead. The vector must still be replaceable (used only in ways the
  /// inline-buffer class supports), and its code is collected as anchors
  /// that the profile's sites are matched against.
  void analyzeForProfile(Candidate &C);
  /// Attributes the profile's sites to \p Profiled, all at once (two
  /// vectors on one line must not both take a site), sizes each vector from
  /// its sites, and finishes it.
  void sizeFromProfile(llvm::ArrayRef<Candidate *> Profiled);
  /// The replacement must offer every member function and construction the
  /// code uses; otherwise the check stays silent.
  void checkReplacement(Candidate &C);
  /// The capacity to declare for C.Capacity elements.
  void chooseDeclaredCapacity(Candidate &C);
  /// A member's facts for a whole-program decision, and the decision;
  /// nothing for a local.
  void decideMember(Candidate &C);
  /// The member decided, or the local analysed: reports it when it warrants
  /// a warning.
  void finish(Candidate &C);
  Finding render(const Candidate &C, ProjectIncludeInserter &Includes);

  std::vector<StringRef> VectorLikeClasses;
  uint64_t MaxInlineElements;
  uint64_t MaxInlineBytes;
  /// The class of the candidate at hand.
  alloc_tidy::InlineVectorClass Target;
  /// Whether the unit already has Target (or the user named it); when not,
  /// Target only names an example and there is no fix-it.
  bool TargetInProject = true;
  /// Sets Target and TargetInProject for the declaration of \p C.
  void chooseTarget(const Candidate &C);
  StlOption TargetStl;
  ProjectIncludeInserter Inserter;
  WholeProgramOption WholeProgram;
  /// SmallVectorClass and SmallVectorHeader; after the options above, whose
  /// errors are reported first.
  InlineVectorOption TargetClass;

  Preprocessor *PP = nullptr;
  ASTContext *Context = nullptr;
  llvm::MapVector<const ValueDecl *, std::unique_ptr<Candidate>> Candidates;
  llvm::DenseMap<const ValueDecl *, std::vector<const Expr *>> References;
  /// Built on demand: who constructs which class, with which arguments.
  std::unique_ptr<alloc_tidy::ConstructorArguments> Calls;
  LayoutNoteStyle LayoutNotes;

  /// The name the check runs under, for the notes that name its options.
  std::string OwnName;
  /// Profile-guided sizes (ProfileFile, ProfileCoverage, ...).
  ProfileOption Profiles;
};

} // namespace clang::tidy::alloc

#endif
