//===--- CopiedParameterCheck.h ---------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_COPIEDPARAMETERCHECK_H
#define ALLOC_TIDY_CHECKS_COPIEDPARAMETERCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/ProjectIncludeInserter.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::alloc {

/// Finds const & parameters of classes that own heap memory whose only use
/// is one copy into storage that outlives the call, where callers pass
/// temporaries: taken by value and moved, they would not be copied. And
/// parameters of a callable that a standard container or algorithm calls
/// per element, taken by value and only read: as const references, they
/// would not be copied on every call.
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
    /// The calls that pass one: a profile's callers tell which copies came
    /// through them.
    llvm::SmallVector<SourceRange, 2> RvalueCalls;
    bool FirstMoved = false;
    /// The lvalue arguments that name a variable: a local on its last use
    /// can be moved (judged in report(), for candidates only).
    llvm::SmallVector<const Expr *, 2> Named;
  };
  void recordCall(const FunctionDecl &Callee, llvm::ArrayRef<const Expr *> Args,
                  SourceRange Call, const SourceManager &SM);
  void report(const FunctionDecl &Definition, unsigned Index);
  std::optional<alloc_tidy::Measurement> measureThroughRvalueCalls(
      const CXXCtorInitializer &Init, const FunctionDecl &Definition,
      const CallsSeen &Seen, const alloc_tidy::Measurement &All);

  /// A call of a standard container or algorithm that calls a callable of
  /// the project per element (CopiedParameterCallables.cpp).
  struct CallableUse {
    const CallExpr *Call = nullptr;
    /// "'std::set::insert'", "'std::sort'".
    std::string Caller;
    /// "'std::set'", "'std::sort'".
    std::string Owner;
    /// Whether the call also copies an element it places (an insert).
    bool Inserts = false;
    /// A function of the standard library, not a container's member.
    bool Algorithm = false;
  };
  /// Records the uses of callables and the callables that cannot change
  /// their signature; true when \p Result was one of those matches.
  void registerCallableMatchers(ast_matchers::MatchFinder *Finder);
  bool recordCallable(const ast_matchers::MatchFinder::MatchResult &Result);
  void reportCallables();
  void reportCallable(const CXXRecordDecl &Callable,
                      llvm::ArrayRef<CallableUse> Uses);

  CompileErrors Errors;
  ASTContext *Context = nullptr;
  ProjectIncludeInserter Inserter;
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
  /// The uses of each callable, in order.
  llvm::MapVector<const CXXRecordDecl *, llvm::SmallVector<CallableUse, 2>>
      CallableUses;
  /// Callables converted to a function pointer or whose operator() is
  /// named: their parameters' types are part of another type.
  llvm::DenseSet<const CXXRecordDecl *> FixedCallables;
};

} // namespace clang::tidy::alloc

#endif
