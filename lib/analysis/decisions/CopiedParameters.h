//===--- CopiedParameters.h - const & parameters copied into storage -*- C++
//-*-===//
//
// RegEx operator|(const RegEx &A, const RegEx &B) that pushes A and B into
// the result's vector copies both, deeply, on every call, even when the
// caller passes temporaries it never uses again. Taken by value and moved,
// a temporary argument is built in place of the parameter and moved into
// the storage: no copy. The facts here: which const & parameter is used only
// once, as the source of one copy into storage that outlives the call;
// whether its type owns heap memory and can be moved; what each call passes
// for it; and the plan of the fix-it that changes every declaration.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_COPIEDPARAMETERS_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_COPIEDPARAMETERS_H

#include "lib/analysis/facts/CopyFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <utility>

namespace alloc_tidy {

/// How the single use of a parameter copies it.
enum class CopyKind {
  /// c.push_back(P), c.insert(pos, P), c.emplace_back(P), ...: into a
  /// standard container.
  Insert,
  /// S = P: a copy assignment.
  Assign,
  /// : Member(P), a constructor's member initializer: clang-tidy's
  /// modernize-pass-by-value covers it; reported only where a profile
  /// measured it.
  Initialize,
};

/// What a function does with one of its parameters of type const T &.
struct ParameterCopy {
  const clang::FunctionDecl *Function = nullptr;
  const clang::ParmVarDecl *Parameter = nullptr;
  /// Why the parameter is no candidate; empty when it is one.
  std::string Silent;
  /// The only reference to the parameter: the source of the copy.
  const clang::DeclRefExpr *Use = nullptr;
  CopyKind Kind = CopyKind::Insert;
  /// Where the copy goes, as written: "ret.m_params", "Names[Key]".
  const clang::Expr *Storage = nullptr;
  /// For Insert, the member function ("push_back").
  std::string Method;
  /// For Initialize, the member initializer.
  const clang::CXXCtorInitializer *Initializer = nullptr;
  /// A std::function: its copy allocates only for a large callable, so
  /// only a profile that measured the copy can report it.
  bool AllocatesWhenLarge = false;
};

/// The facts of parameter \p Index of \p Definition (a function with a
/// body): a candidate when its type is const T & for a class T that owns
/// heap memory and moves, and its only use, at most once per call (outside
/// loops and lambdas), is the source of a copy into storage that outlives
/// the call (a data member, a global or static, what a reference or pointer
/// reaches, a local that is returned, or an element of one of those), or,
/// in a constructor, the copy of a member initializer ': Member(P)' that is
/// its only use (CopyKind::Initialize).
ParameterCopy parameterCopy(const clang::FunctionDecl &Definition,
                            unsigned Index, clang::ASTContext &Ctx);

/// What a call passes for a const & parameter.
enum class ArgumentKind {
  /// An lvalue: by value, it is copied as before.
  Lvalue,
  /// A temporary (a prvalue, a conversion, a default argument): by value it
  /// is built in place of the parameter.
  Temporary,
  /// An xvalue (std::move(x)): by value it is moved.
  Moved,
};

/// What \p Argument, an argument bound to a const & parameter, passes.
ArgumentKind argumentKind(const clang::Expr &Argument);

/// Another function in the same scope with the same name and parameters as
/// \p Function except for parameter \p Index, which it takes as T or T &&:
/// taking T by value would make the calls ambiguous. Null when none.
const clang::FunctionDecl *rvalueOverload(const clang::FunctionDecl &Function,
                                          unsigned Index);

/// The fix-it: every declaration of the function takes the parameter by
/// value, and the use is moved.
struct ByValuePlan {
  /// Why there is no fix-it; empty when there is one.
  std::string NoFix;
  /// Replacements: each declaration's "const T &" becomes "T"; the use
  /// becomes "std::move(P)".
  llvm::SmallVector<std::pair<clang::CharSourceRange, std::string>, 4> Edits;
};

/// The plan for \p Copy (a candidate), with the declarations of its function
/// that this unit sees.
ByValuePlan planByValue(const ParameterCopy &Copy, clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
