//===--- BranchOnlyLocal.h - a local built for one branch -------*- C++ -*-===//
//
// std::string Msg = "index " + std::to_string(I) + " out of range";
// if (I >= Size) report(Msg);
// builds Msg, and allocates for it, on every run, where only the error
// branch reads it. These facts say where such a local is built and which
// branch reads it; whether its statements can move into that branch is a
// decision (decisions/BranchBuildPlan.h).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_FACTS_BRANCHONLYLOCAL_H
#define ALLOC_TIDY_FACTS_BRANCHONLYLOCAL_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace alloc_tidy {

/// A local declared in a block whose later statements only build it (+=,
/// append, push_back, an assignment, clear) until an 'if' of the same block
/// whose one branch reads it; nothing after that 'if' uses it.
struct BranchOnlyLocal {
  const clang::DeclStmt *Declaration = nullptr;
  const clang::CompoundStmt *Block = nullptr;
  /// The statements between the declaration and the 'if' that use the
  /// local, in order; each only builds it.
  std::vector<const clang::Stmt *> Builders;
  const clang::IfStmt *If = nullptr;
  /// The then or the else statement of If: the only one that uses it.
  const clang::Stmt *Branch = nullptr;
  /// The statements between the declaration and the 'if' that do not use
  /// it, in order.
  std::vector<const clang::Stmt *> Between;
  /// Whether the declaration, the builders and the 'if' follow one another
  /// with no other statement between them.
  bool Contiguous = false;
};

/// Where \p Var is built for one branch alone; nullopt when it is not
/// (read before the 'if', read by its condition or by both branches, used
/// after it, or not declared in a block).
std::optional<BranchOnlyLocal> branchOnlyLocal(const clang::VarDecl &Var,
                                               clang::ASTContext &Ctx);

/// Whether \p Ref only adds to or sets its container: the object of a
/// growth member ('Msg += ...', 'Msg.append(...)', 'Msg = ...',
/// 'Msg.clear()'), never read.
bool onlyBuildsContainer(const clang::DeclRefExpr *Ref, clang::ASTContext &Ctx);

/// Whether \p Var starts without heap memory: constructed empty, or from a
/// string literal that every standard library keeps in its inline buffer
/// (15 characters).
bool startsWithoutHeapMemory(const clang::VarDecl &Var);

} // namespace alloc_tidy

#endif
