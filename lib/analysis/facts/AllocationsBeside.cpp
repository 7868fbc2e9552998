//===--- AllocationsBeside.cpp --------------------------------------------===//

#include "lib/analysis/facts/AllocationsBeside.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/TemporaryArguments.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// Whether \p Construct copies a string through another's c_str() or
/// data(): passing that string itself, the other fix these counts serve,
/// removes it.
bool isRebuiltString(const CXXConstructExpr &Construct) {
  if (Construct.getNumArgs() == 0)
    return false;
  const auto *Call =
      dyn_cast<CXXMemberCallExpr>(Construct.getArg(0)->IgnoreParenImpCasts());
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  return Method && Method->getDeclName().isIdentifier() &&
         (Method->getName() == "c_str" || Method->getName() == "data") &&
         allocatingStdClass(Call->getImplicitObjectArgument()->getType());
}

bool constructionAllocates(const CXXConstructExpr &Construct, ASTContext &Ctx) {
  const CXXConstructorDecl *Ctor = Construct.getConstructor();
  if (Construct.isElidable() || Construct.getNumArgs() == 0 ||
      Ctor->isMoveConstructor() || !allocatingStdClass(Construct.getType()) ||
      isBuiltFromConstants(&Construct, Ctx) || isRebuiltString(Construct))
    return false;
  const Expr *First = Construct.getArg(0);
  if (isa<CXXDefaultArgExpr>(First))
    return false;
  // A copy of a temporary is elided in all but name; of an lvalue, it copies.
  if (Ctor->isCopyConstructor())
    return First->IgnoreParenImpCasts()->isGLValue() &&
           !isa<MaterializeTemporaryExpr>(First->IgnoreParenImpCasts());
  return true;
}

bool callAllocates(const CallExpr &Call, ASTContext &Ctx) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (Callee && isWithinStd(Callee) && Callee->getDeclName().isIdentifier()) {
    StringRef Name = Callee->getName();
    if (Name == "make_unique" || Name == "make_shared" ||
        Name == "allocate_shared")
      return true;
    // Numbers: a handful of digits, inline in every library.
    if (Name == "to_string" || Name == "to_wstring")
      return false;
  }
  // a + b + c: the second '+' appends to the string the first one made.
  if (Callee && Callee->getOverloadedOperator() == OO_Plus &&
      llvm::any_of(Callee->parameters(), [](const ParmVarDecl *P) {
        return P->getType()->isRValueReferenceType();
      }))
    return false;
  QualType Result = Call.getCallReturnType(Ctx);
  return !Result->isReferenceType() && allocatingStdClass(Result);
}

/// Whether \p Child runs only on some runs of \p Parent: a branch, the
/// right side of '&&' or '||', a nested loop's body, a case of a switch, a
/// handler.
bool isConditionalPart(const Stmt &Parent, const Stmt *Child) {
  if (const auto *If = dyn_cast<IfStmt>(&Parent))
    return Child == If->getThen() || Child == If->getElse();
  if (const auto *For = dyn_cast<ForStmt>(&Parent))
    return Child != For->getInit();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(&Parent))
    return Child == Range->getBody() || Child == Range->getLoopVarStmt() ||
           Child == Range->getCond() || Child == Range->getInc();
  if (isa<WhileStmt, DoStmt, CXXCatchStmt>(Parent))
    return true;
  if (const auto *Switch = dyn_cast<SwitchStmt>(&Parent))
    return Child == Switch->getBody();
  if (const auto *Binary = dyn_cast<BinaryOperator>(&Parent))
    return Binary->isLogicalOp() && Child == Binary->getRHS();
  if (const auto *Conditional = dyn_cast<AbstractConditionalOperator>(&Parent))
    return Child == Conditional->getTrueExpr() ||
           Child == Conditional->getFalseExpr();
  return false;
}

/// Code that never runs where it is written.
bool isElsewhere(const Stmt &S) {
  return isa<LambdaExpr, BlockExpr, UnaryExprOrTypeTraitExpr, CXXTypeidExpr,
             CXXNoexceptExpr>(S);
}

} // namespace

bool makesAllocation(const Expr &E, ASTContext &Ctx) {
  if (isa<CXXNewExpr>(E))
    return true;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(&E))
    return constructionAllocates(*Construct, Ctx);
  if (const auto *Call = dyn_cast<CallExpr>(&E))
    return callAllocates(*Call, Ctx);
  return false;
}

namespace {

class BesideCounter {
public:
  BesideCounter(const Stmt &Site, llvm::SmallPtrSet<const Stmt *, 8> SiteParts,
                ASTContext &Ctx)
      : Site(Site), SiteParts(std::move(SiteParts)), Ctx(Ctx) {}

  void walk(const Stmt *S, unsigned PartsOffPath) {
    if (!S || S == &Site || isElsewhere(*S))
      return;
    if (const auto *E = dyn_cast<Expr>(S); E && PartsOffPath == 0)
      Count += makesAllocation(*E, Ctx);
    for (const Stmt *Child : S->children())
      walk(Child, PartsOffPath + (Child && isConditionalPart(*S, Child) &&
                                  !SiteParts.contains(Child)));
  }

  unsigned Count = 0;

private:
  const Stmt &Site;
  llvm::SmallPtrSet<const Stmt *, 8> SiteParts;
  ASTContext &Ctx;
};

} // namespace

unsigned countAllocationsBeside(const Stmt &Site, const Stmt &Scope,
                                ASTContext &Ctx) {
  // The conditional parts that hold the site: code under the same ones runs
  // whenever the site does.
  llvm::SmallPtrSet<const Stmt *, 8> SiteParts;
  DynTypedNode Node = DynTypedNode::create(Site);
  const Stmt *Child = &Site;
  while (Child != &Scope) {
    Node = parentOf(Node, Ctx);
    if (Node.getNodeKind().isNone())
      return 0;
    const auto *Parent = Node.get<Stmt>();
    if (!Parent)
      continue; // A declaration between an initializer and its statement.
    if (isConditionalPart(*Parent, Child))
      SiteParts.insert(Child);
    Child = Parent;
  }
  BesideCounter Counter(Site, std::move(SiteParts), Ctx);
  Counter.walk(&Scope, 0);
  return Counter.Count;
}

} // namespace alloc_tidy
