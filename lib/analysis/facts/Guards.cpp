//===--- Guards.cpp - the conditions code runs under ----------------------===//

#include "lib/analysis/facts/Guards.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// `continue;`, or a block whose last statement is one.
bool endsInContinue(const Stmt *S) {
  while (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
    S = Block->body_empty() ? nullptr : Block->body_back();
  return isa_and_nonnull<ContinueStmt>(S);
}

/// `if (...) continue;` with or without braces, and no else.
bool isContinueFilter(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  return If && !If->getElse() && endsInContinue(If->getThen());
}

/// Whether \p Child is a branch of \p Parent that runs only under a
/// condition.
bool isConditionalBranch(const Stmt &Parent, const Stmt *Child) {
  if (const auto *If = dyn_cast<IfStmt>(&Parent))
    return Child == If->getThen() || Child == If->getElse();
  if (isa<SwitchCase>(Parent))
    return true;
  if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(&Parent))
    return Child == Cond->getTrueExpr() || Child == Cond->getFalseExpr();
  if (const auto *Op = dyn_cast<BinaryOperator>(&Parent))
    return Op->isLogicalOp() && Child == Op->getRHS();
  return false;
}

} // namespace

unsigned conditionsSkipping(const Stmt &Site, const Stmt &Scope,
                            const Stmt *After, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Conditions = 0;
  const Stmt *Child = &Site;
  for (DynTypedNode Node = DynTypedNode::create(Site);;) {
    Node = parentOf(Node, Ctx);
    const auto *Parent = Node.get<Stmt>();
    if (!Parent) {
      // A declaration between (a variable whose initialiser holds Site):
      // go on up to its statement; the top of the unit: not inside Scope.
      if (Node.get<Decl>())
        continue;
      return 0;
    }
    if (Parent == &Scope)
      return Conditions;
    if (isConditionalBranch(*Parent, Child))
      ++Conditions;
    if (const auto *Block = dyn_cast<CompoundStmt>(Parent)) {
      for (const Stmt *Before : Block->body()) {
        if (Before == Child)
          break;
        if (After && SM.isBeforeInTranslationUnit(Before->getBeginLoc(),
                                                  After->getEndLoc()))
          continue;
        Conditions += isContinueFilter(Before);
      }
    }
    Child = Parent;
  }
}

} // namespace alloc_tidy
