//===--- ReserveInLoopCheck.h -----------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_RESERVEINLOOPCHECK_H
#define ALLOC_TIDY_CHECKS_RESERVEINLOOPCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/StlOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/decisions/ReservePlan.h"
#include "lib/analysis/facts/Appends.h"
#include "lib/analysis/facts/StlFacts.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Regex.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::alloc {

/// Finds containers filled by a loop whose trip count is known before the
/// loop, with no reserve(), and inserts the reserve(); also straight-line
/// runs of appends to a new container, and reserve(size() + k) inside a
/// loop. For the user-facing documentation see:
/// docs/checks/alloc-reserve-in-loop.md
class ReserveInLoopCheck : public ClangTidyCheck {
public:
  ReserveInLoopCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override { Profiles.endTranslationUnit(); }

  using Family = alloc_tidy::ContainerFamily;

private:
  CompileErrors Errors;
  void checkLoopAppend(const Expr *Call, const ValueDecl *Container,
                       Family Kind, ASTContext &Ctx);
  /// A run of appends right after \p Container is declared; with
  /// \p Member, to that data member of the local object \p Container.
  void checkStraightLine(const Expr *Call, const ValueDecl *Container,
                         Family Kind, ASTContext &Ctx,
                         const FieldDecl *Member = nullptr);
  void checkReserveInLoop(const CXXMemberCallExpr *Reserve, ASTContext &Ctx);
  void diagnose(const alloc_tidy::ReservePlan &P, ASTContext &Ctx);
  /// The measured note at \p Loc, or the note that the profile is stale.
  void addMeasuredNote(SourceLocation Loc, const SourceManager &SM,
                       StringRef Name, QualType ContainerType,
                       const std::optional<alloc_tidy::Measurement> &Measured);
  bool isInputCall(const CallExpr *Call) const;
  alloc_tidy::ReservePolicy policy() const;
  alloc_tidy::StlFlavor stl() const;
  std::optional<Family> familyOf(QualType T) const;

  std::vector<StringRef> VectorLikeClasses;
  std::string ConditionalAppendsOption;
  std::string UntrustedSourcesOption;
  llvm::Regex UntrustedSources;
  StlOption TargetStl;
  ColdFunctionsOption ColdFunctions;
  /// Measured costs and cold findings (ProfileFile, MinProfiledAllocations).
  ProfileOption Profiles;
  unsigned MinIterations;
  /// Strings of unknown length are reported too (off: they mostly stay in
  /// the inline buffer).
  bool UnboundedStrings;
  /// Report a fixed run of appends without a profile measuring it.
  bool StraightLineAppends;
  /// Report a container that outlives the function (a reference parameter,
  /// a member outside a constructor) without a profile measuring it (off:
  /// likely a buffer already sized by the calls before).
  bool ReusedBuffers;
  bool ConditionalUpperBound;

  Preprocessor *PP = nullptr;
  /// (loop, container) pairs already decided, so that every append of the
  /// same container in the same loop does not repeat the analysis.
  llvm::DenseSet<std::pair<const Stmt *, const ValueDecl *>> Decided;
  /// (container or local object, its member or null) already decided.
  llvm::DenseSet<std::pair<const ValueDecl *, const ValueDecl *>>
      StraightLineDecided;
};

} // namespace clang::tidy::alloc

#endif
