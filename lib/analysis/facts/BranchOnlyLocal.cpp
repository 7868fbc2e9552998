//===--- BranchOnlyLocal.cpp - a local built for one branch ---------------===//

#include "lib/analysis/facts/BranchOnlyLocal.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {

bool onlyBuildsContainer(const DeclRefExpr *Ref, ASTContext &Ctx) {
  static const llvm::StringSet<> Builders = {
      "push_back", "emplace_back", "insert",       "emplace",
      "resize",    "append",       "assign",       "push_front",
      "reserve",   "clear",        "emplace_front"};
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
           Builders.contains(Method->getName());
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

} // namespace alloc_tidy
