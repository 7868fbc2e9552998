//===--- CopiedParameterCheck.h ---------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_COPIEDPARAMETERCHECK_H
#define ALLOC_TIDY_CHECKS_COPIEDPARAMETERCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/utils/IncludeInserter.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::alloc {

/// Finds const & parameters of classes that own heap memory whose only use
/// is one copy into storage that outlives the call, where callers pass
/// temporaries: taken by value and moved, they would not be copied.
/// For the user-facing documentation see:
/// docs/checks/alloc-copied-parameter.md
class CopiedParameterCheck : public ClangTidyCheck {
public:
  CopiedParameterCheck(StringRef Name, ClangTidyContext *Context);
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
  /// What the calls seen in this unit pass for one parameter.
  struct CallsSeen {
    unsigned Calls = 0;
    unsigned Temporaries = 0;
    unsigned Moved = 0;
    /// The first call that passes a temporary or a moved object.
    SourceLocation FirstRvalue;
    bool FirstMoved = false;
  };
  void recordCall(const FunctionDecl &Callee, llvm::ArrayRef<const Expr *> Args,
                  SourceLocation At, const SourceManager &SM);
  void report(const FunctionDecl &Definition, unsigned Index);

  CompileErrors Errors;
  ASTContext *Context = nullptr;
  utils::IncludeInserter Inserter;
  ColdFunctionsOption ColdFunctions;
  /// Also report a function no call of which is seen in this unit (its
  /// callers are all in other units).
  bool UnseenCallers;
  /// A copy a heapcount profile measured hot is reported when no call of
  /// its function is seen here; one measured cold is not.
  ProfileOption Profiles;
  /// The definitions with a const & parameter of a class, in order.
  llvm::SetVector<const FunctionDecl *> Definitions;
  /// Per canonical declaration and parameter.
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>, CallsSeen> Calls;
  /// Every reference to such a function, and those that name a callee.
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const Expr *, 4>>
      References;
  llvm::DenseSet<const Expr *> CalleeReferences;
};

} // namespace clang::tidy::alloc

#endif
