//===--- PerCallBufferCheck.h -----------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_PERCALLBUFFERCHECK_H
#define ALLOC_TIDY_CHECKS_PERCALLBUFFERCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "checks/WholeProgramOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/IncludeGraph.h"
#include "lib/analysis/facts/Reentry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::alloc {

/// Finds a vector or string that a member function constructs and fills on
/// every call and drops at its end, where a member of its class, cleared
/// at the same place, would keep its capacity between calls; and one that
/// a function builds on every call for one branch of an 'if' alone, where
/// built inside that branch it would allocate only when the branch runs.
/// For the user-facing documentation see:
/// docs/checks/alloc-per-call-buffer.md
class PerCallBufferCheck : public ClangTidyCheck {
public:
  PerCallBufferCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus11;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void onEndOfTranslationUnit() override;

private:
  /// Reports \p Var when it is built on every run for one branch of an
  /// 'if' alone (PerCallBufferBranch.cpp); false when it is not.
  bool reportBuiltForOneBranch(const VarDecl &Var, ASTContext &Ctx);
  /// Reports \p Var, a buffer of the const member function \p Method,
  /// kept in a thread_local variable.
  void reportThreadLocal(const VarDecl &Var, const DeclStmt &Decl,
                         const CXXMethodDecl &Method, QualType Element,
                         const std::optional<alloc_tidy::Measurement> &Measured,
                         llvm::ArrayRef<alloc_tidy::ReentryPoint> Reentry,
                         ASTContext &Ctx);
  /// The notes on the calls from which \p Method may run again (\p Where:
  /// "on the object") while \p Keeper ("the member") is not in use.
  void noteReentry(const VarDecl &Var, const CXXMethodDecl &Method,
                   llvm::ArrayRef<alloc_tidy::ReentryPoint> Reentry,
                   StringRef Where, StringRef Keeper, ASTContext &Ctx);

  CompileErrors Errors;
  ColdFunctionsOption ColdFunctions;
  /// Report buffers without a profile to show their function hot. Off by
  /// default: most functions that build a vector run a handful of times.
  bool WithoutProfile;
  /// The fewest allocations in each profiled process for a finding: fewer
  /// calls may each be on an object of their own.
  uint64_t MinAllocationsPerProcess;
  /// Keep a const member function's buffer in a thread_local variable.
  bool ThreadLocal;
  ProfileOption Profiles;
  /// For a class in a header: what the header includes, and the standard
  /// headers the new member needs there.
  alloc_tidy::IncludeGraph Includes;
  ProjectIncludeInserter Inserter;
  /// Other units' records of the functions a buffer is handed to, and this
  /// unit's records of its own (ParameterFills.h).
  WholeProgramOption WholeProgram;
  /// The names given to new members of each class in this unit.
  llvm::DenseMap<const CXXRecordDecl *, llvm::StringSet<>> NewMembers;
};

} // namespace clang::tidy::alloc

#endif
