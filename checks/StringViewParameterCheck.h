//===--- StringViewParameterCheck.h -----------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_STRINGVIEWPARAMETERCHECK_H
#define ALLOC_TIDY_CHECKS_STRINGVIEWPARAMETERCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "checks/StlOption.h"
#include "checks/WholeProgramOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/ViewParameters.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace clang::tidy::alloc {

/// Finds a const std::basic_string & parameter that its function only reads
/// while calls pass characters for it, building a string on every call; the
/// fix-it takes a std::basic_string_view in every declaration when every
/// call, in every unit, passes characters or a string.
/// For the user-facing documentation see:
/// docs/checks/alloc-string-view-parameter.md
class StringViewParameterCheck : public ClangTidyCheck {
public:
  StringViewParameterCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

private:
  /// What the unit does with one function that takes a string.
  struct Uses {
    /// The expressions that name it.
    llvm::SmallVector<const Expr *, 4> References;
    /// Named in a template through a lookup not yet resolved.
    bool Unresolved = false;
  };
  /// A call of this unit that builds a string, outside code known to be
  /// cold.
  struct Site {
    const Expr *Argument;
    const FunctionDecl *Function;
    bool InLoop;
  };
  std::vector<Site> buildingSites(const alloc_tidy::ViewParameterCalls &Calls,
                                  const FunctionDecl &Callee);
  void judge(const FunctionDecl &F, const Uses &U);
  void report(const FunctionDecl &Definition, unsigned Index,
              const alloc_tidy::ViewParameterCalls &Calls,
              llvm::ArrayRef<Site> Sites);

  CompileErrors Errors;
  Preprocessor *PP = nullptr;
  ASTContext *Ctx = nullptr;
  StlOption TargetStl;
  ColdFunctionsOption ColdFunctions;
  /// Also report calls outside any loop, without a profile to show that
  /// they are hot.
  bool OutsideLoops;
  ProfileOption Profiles;
  ProjectIncludeInserter Inserter;
  WholeProgramOption WholeProgram;
  /// By canonical declaration, in the order met.
  llvm::MapVector<const FunctionDecl *, Uses> Functions;
};

} // namespace clang::tidy::alloc

#endif
