//===--- DeclReferences.cpp - the code that names some declarations -------===//

#include "lib/analysis/facts/DeclReferences.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloc_tidy {

namespace {

class ReferenceFinder : public RecursiveASTVisitor<ReferenceFinder> {
public:
  ReferenceFinder(const SourceManager &SM,
                  const llvm::DenseSet<const ValueDecl *> &Decls,
                  const llvm::DenseSet<const Type *> &AliasTypes,
                  DeclReferences &Out)
      : SM(SM), Decls(Decls), AliasTypes(AliasTypes), Out(Out) {}

  // What the matchers of a check see: instantiations and implicit code.
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (Decls.contains(E->getDecl()))
      Out.Refs[E->getDecl()].push_back(E);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *E) {
    if (Decls.contains(E->getMemberDecl()))
      Out.Refs[E->getMemberDecl()].push_back(E);
    return true;
  }

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    const TypedefNameDecl *Alias = TL.getTypePtr()->getDecl();
    if (!AliasTypes.empty() && Alias &&
        AliasTypes.contains(
            Alias->getUnderlyingType().getCanonicalType().getTypePtr()))
      Out.AliasUses[Alias->getCanonicalDecl()].push_back(TL.getBeginLoc());
    return true;
  }

private:
  const SourceManager &SM;
  const llvm::DenseSet<const ValueDecl *> &Decls;
  const llvm::DenseSet<const Type *> &AliasTypes;
  DeclReferences &Out;
};

} // namespace

DeclReferences
findDeclReferences(ASTContext &Ctx,
                   const llvm::DenseSet<const ValueDecl *> &Decls,
                   const llvm::DenseSet<const Type *> &AliasTypes) {
  DeclReferences Out;
  if (Decls.empty() && AliasTypes.empty())
    return Out;
  ReferenceFinder Finder(Ctx.getSourceManager(), Decls, AliasTypes, Out);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

} // namespace alloc_tidy
