//===--- BranchOnlyLocal.cpp - a local built for one branch ---------------===//

#include "lib/analysis/facts/BranchOnlyLocal.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/CalleeFills.h"
#include "lib/analysis/facts/LoopContainerFills.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace alloc_tidy {

bool onlyBuildsContainer(const DeclRefExpr *Ref, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent = meaningfulParent(Ref, Ctx, Child, Transparency::Object);
  if (const auto *Op = Parent.get<CXXOperatorCallExpr>())
    return Op->getNumArgs() == 2 && Op->getArg(0) == Child &&
           (Op->getOperator() == OO_PlusEqual || Op->getOperator() == OO_Equal);
  if (const auto *Member = Parent.get<MemberExpr>()) {
    const auto *Call =
        parentOf(DynTypedNode::create(*Member), Ctx).get<CXXMemberCallExpr>();
    const auto *Method = Call ? Call->getMethodDecl() : nullptr;
    return Method && Method->getIdentifier() &&
           changesContainer(Method->getName());
  }
  return false;
}

std::optional<BranchOnlyLocal> branchOnlyLocal(const VarDecl &Var,
                                               ASTContext &Ctx) {
  BranchOnlyLocal Found;
  Found.Declaration = parentOf(DynTypedNode::create(Var), Ctx).get<DeclStmt>();
  if (!Found.Declaration)
    return std::nullopt;
  Found.Block = parentOf(DynTypedNode::create(*Found.Declaration), Ctx)
                    .get<CompoundStmt>();
  if (!Found.Block)
    return std::nullopt;
  auto Uses = [&](const Stmt *S) {
    bool Used = false;
    if (S)
      forEachReferenceTo(&Var, S, [&](const DeclRefExpr *) { Used = true; });
    return Used;
  };
  auto OnlyBuilds = [&](const Stmt *S) {
    bool Builds = true;
    forEachReferenceTo(&Var, S, [&](const DeclRefExpr *Ref) {
      Builds = Builds && onlyBuildsContainer(Ref, Ctx);
    });
    return Builds;
  };
  bool After = false;
  for (const Stmt *S : Found.Block->body()) {
    if (S == Found.Declaration) {
      After = true;
      continue;
    }
    if (!After)
      continue;
    if (!Uses(S)) {
      // What follows the 'if' may not use it; what comes before it only
      // puts a statement between the pieces.
      if (!Found.If)
        Found.Between.push_back(S);
      continue;
    }
    if (Found.If)
      return std::nullopt;
    const auto *If = dyn_cast<IfStmt>(S);
    if (If && !Uses(If->getCond()) && !Uses(If->getInit()) &&
        !Uses(If->getConditionVariableDeclStmt()) &&
        Uses(If->getThen()) != Uses(If->getElse())) {
      Found.If = If;
      Found.Branch = Uses(If->getThen()) ? If->getThen() : If->getElse();
      Found.Contiguous = Found.Between.empty();
      continue;
    }
    if (!OnlyBuilds(S))
      return std::nullopt;
    Found.Builders.push_back(S);
  }
  if (!Found.If)
    return std::nullopt;
  return Found;
}

bool startsWithoutHeapMemory(const VarDecl &Var) {
  if (isDefaultConstructed(&Var) || !Var.getInit())
    return true;
  const Expr *Init = Var.getInit()->IgnoreImplicit();
  while (const auto *Construct = dyn_cast<CXXConstructExpr>(Init)) {
    if (Construct->getNumArgs() == 0)
      return true;
    Init = Construct->getArg(0)->IgnoreImplicit();
  }
  const auto *Literal = dyn_cast<StringLiteral>(Init->IgnoreParenImpCasts());
  return Literal && Literal->getLength() <= 15;
}

} // namespace alloc_tidy
