//===--- AstWalk.cpp - moving around the AST the way the checks do --------===//

#include "lib/analysis/AstWalk.h"
#include "lib/analysis/ParentIndex.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace alloc_tidy {

DynTypedNode parentOf(const DynTypedNode &Node, ASTContext &Ctx,
                      bool PreferInitialization) {
  DynTypedNodeList Parents = parentsOf(Node, Ctx);
  if (PreferInitialization)
    for (const DynTypedNode &Parent : Parents)
      if (!Parent.get<InitListExpr>())
        return Parent;
  return Parents.empty() ? DynTypedNode() : Parents[0];
}

bool isTransparent(const Stmt *S, Transparency Kind) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S)) {
    if (Kind == Transparency::Value)
      return Cast->getCastKind() != CK_LValueToRValue;
    return Cast->getCastKind() == CK_NoOp ||
           Cast->getCastKind() == CK_DerivedToBase ||
           Cast->getCastKind() == CK_UncheckedDerivedToBase;
  }
  return isa<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             FullExpr>(S);
}

DynTypedNode meaningfulParent(const Expr *E, ASTContext &Ctx,
                              const Expr *&Child, Transparency Kind,
                              bool PreferInitialization) {
  Child = E;
  DynTypedNode Parent =
      parentOf(DynTypedNode::create(*E), Ctx, PreferInitialization);
  while (const auto *S = Parent.get<Stmt>()) {
    if (!isTransparent(S, Kind))
      break;
    Child = cast<Expr>(S);
    Parent = parentOf(Parent, Ctx, PreferInitialization);
  }
  return Parent;
}

unsigned argumentIndex(llvm::ArrayRef<const Expr *> Args, const Expr *Child) {
  unsigned Index = 0;
  while (Index < Args.size() && Args[Index] != Child &&
         Args[Index]->IgnoreImplicit() != Child->IgnoreImplicit())
    ++Index;
  return Index;
}

bool isForwardingReference(const FunctionDecl *Callee, unsigned Index) {
  const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern();
  if (!Pattern || Pattern->getNumParams() == 0)
    return false;
  // A pack expands to the trailing parameters of the instantiation.
  const ParmVarDecl *Param =
      Pattern->getParamDecl(std::min(Index, Pattern->getNumParams() - 1));
  if (Index >= Pattern->getNumParams() && !Param->isParameterPack())
    return false;
  QualType T = Param->getType();
  if (const auto *Expansion = T->getAs<PackExpansionType>())
    T = Expansion->getPattern();
  const auto *Ref = T->getAs<RValueReferenceType>();
  return Ref && !Ref->getPointeeType().hasQualifiers() &&
         Ref->getPointeeType()->getAs<TemplateTypeParmType>();
}

std::string sourceText(SourceRange Range, const ASTContext &Ctx) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Range),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace alloc_tidy
