//===--- CodeEffects.h - what a piece of code can change -------*- C++ -*-===//
//
// Code moved to run later, or only sometimes, keeps its behaviour when its
// one effect is the value it builds and nothing run before it in its new
// place can change what it reads. These facts say what a piece of code
// reads and whether it does more (QuietCode), and whether other code can
// change what it reads.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_FACTS_CODEEFFECTS_H
#define ALLOC_TIDY_FACTS_CODEEFFECTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <string>

namespace alloc_tidy {

/// Code whose one effect is the value of the local \p Var: literals, reads
/// of locals, parameters, constants and members, string concatenation,
/// std::to_string, the size and characters of standard containers, calls
/// of the project's functions that only compute a value (readsOnly()), and
/// Var's own growth. stmt() and expr() say whether a piece of code is that,
/// record what it reads, and otherwise set Why.
class QuietCode {
public:
  explicit QuietCode(const clang::VarDecl &Var, unsigned Depth = 0)
      : Var(Var), Depth(Depth) {}

  bool stmt(const clang::Stmt *S);
  bool expr(const clang::Expr *E);

  /// The locals and parameters it reads.
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> ReadVars;
  /// The names it refers to: a declaration before it in its new place must
  /// not take one of them.
  llvm::StringSet<> Names;
  /// Whether it reads members of 'this'.
  bool ReadsMembers = false;
  /// Why it may do more than build Var; empty while it does not.
  std::string Why;

private:
  const clang::VarDecl &Var;
  /// How many calls deep this code is (readsOnly()).
  unsigned Depth;

  /// Whether \p Callee, a function of the project, only computes its
  /// result from what it is given: its definition, seen in this unit, is
  /// one return of quiet code (two calls deep at most); a member function
  /// is const and not virtual, and no parameter is a non-const reference
  /// or pointer.
  bool readsOnly(const clang::FunctionDecl *Callee);
  bool fail(std::string Reason);
  bool children(const clang::Expr *E);
  bool reference(const clang::DeclRefExpr *Ref);
  /// Var itself as the object of \p E.
  bool isTheLocal(const clang::Expr *E) const;
  bool operatorCall(const clang::CXXOperatorCallExpr *Call);
  bool memberCall(const clang::CXXMemberCallExpr *Call);
};

/// Why \p S can change what \p Code reads, or empty: an assignment,
/// increment or address of it, a non-const member call on it (or on 'this'
/// when the code reads members), a non-const reference to it handed to a
/// call, or a call of a lambda that holds a reference to it.
std::string whyCanChangeWhatItReads(const clang::Stmt *S,
                                    const QuietCode &Code);

/// Whether a local that \p Code reads can be changed through another name
/// in \p Body: its address taken, a non-const reference bound to it, or a
/// lambda holding it by reference. Any call could then change it.
bool readsAnAliasedLocal(const QuietCode &Code, const clang::Stmt *Body,
                         clang::ASTContext &Ctx);

/// Whether \p S calls a function (a constructor included).
bool callsAFunction(const clang::Stmt *S);

/// Whether \p Scope keeps something that points into \p Var past its own
/// end: a pointer, reference, iterator or view of it assigned to something
/// declared outside \p Scope, or its address taken.
bool keepsAPointerOut(const clang::VarDecl &Var, const clang::Stmt *Scope,
                      clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
