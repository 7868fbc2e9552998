//===--- ComparatorParameters.cpp -----------------------------------------===//

#include "lib/analysis/facts/ComparatorParameters.h"
#include "lib/analysis/facts/CopyFacts.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace alloc_tidy {

bool isInStandardNamespace(const Decl &D) {
  for (const DeclContext *DC = D.getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

llvm::SmallVector<const CXXRecordDecl *, 2>
elementCallables(const CXXRecordDecl &Container) {
  llvm::SmallVector<const CXXRecordDecl *, 2> Callables;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(&Container);
  if (!Spec || !Spec->isInStdNamespace())
    return Callables;
  // The positions of the callables among the template's arguments.
  StringRef Name = Spec->getName();
  llvm::SmallVector<unsigned, 2> Positions;
  if (Name == "set" || Name == "multiset")
    Positions = {1};
  else if (Name == "map" || Name == "multimap" || Name == "priority_queue")
    Positions = {2};
  else if (Name == "unordered_set" || Name == "unordered_multiset")
    Positions = {1, 2};
  else if (Name == "unordered_map" || Name == "unordered_multimap")
    Positions = {2, 3};
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  for (unsigned Position : Positions) {
    if (Position >= Args.size() ||
        Args[Position].getKind() != TemplateArgument::Type)
      continue;
    const CXXRecordDecl *Callable =
        Args[Position].getAsType()->getAsCXXRecordDecl();
    if (Callable && !isInStandardNamespace(*Callable))
      Callables.push_back(Callable);
  }
  return Callables;
}

/// The call operators \p C declares.
static DeclContext::lookup_result callOperators(const CXXRecordDecl &C) {
  return C.lookup(
      C.getASTContext().DeclarationNames.getCXXOperatorName(OO_Call));
}

const CXXRecordDecl *callableArgument(const CallExpr &Call) {
  for (const Expr *Arg : Call.arguments()) {
    const CXXRecordDecl *Class =
        Arg->getType().getCanonicalType()->getAsCXXRecordDecl();
    if (Class && Class->hasDefinition() && !isInStandardNamespace(*Class) &&
        !callOperators(*Class->getDefinition()).empty())
      return Class->getDefinition();
  }
  return nullptr;
}

const CXXMethodDecl *soleCallOperator(const CXXRecordDecl &C) {
  const CXXRecordDecl *Def = C.getDefinition();
  if (!Def)
    return nullptr;
  DeclContext::lookup_result Found = callOperators(*Def);
  if (!Found.isSingleResult())
    return nullptr;
  // A generic lambda's operator() is a template: its parameters' types are
  // the calls' to decide.
  const auto *Method = dyn_cast<CXXMethodDecl>(Found.front());
  // An instantiation's parameters are its template's to change.
  if (!Method || Method->isVirtual() || Method->isTemplated() ||
      Method->isTemplateInstantiation() ||
      Method->getParent()->getTemplateSpecializationKind() != TSK_Undeclared ||
      !Method->doesThisDeclarationHaveABody() || Method->getPreviousDecl())
    return nullptr;
  return Method;
}

llvm::SmallVector<const ParmVarDecl *, 2>
readOnlyCopiedParameters(const CXXMethodDecl &CallOperator, ASTContext &Ctx) {
  llvm::SmallVector<const ParmVarDecl *, 2> Params;
  const Stmt *Body = CallOperator.getBody();
  if (!Body)
    return Params;
  ExprMutationAnalyzer Mutations(*Body, Ctx);
  for (const ParmVarDecl *Param : CallOperator.parameters()) {
    QualType T = Param->getType();
    if (T->isReferenceType() || !T.getCanonicalType()->isRecordType() ||
        Param->getName().empty() || !allocatesWhenCopied(T))
      continue;
    // Moved from, modified or handed on by non-const reference: the
    // function needs its own copy.
    if (Mutations.isMutated(Param))
      continue;
    Params.push_back(Param);
  }
  return Params;
}

llvm::SmallVector<TextEdit, 2> constReferenceEdits(const ParmVarDecl &Parameter,
                                                   const ASTContext &Ctx) {
  llvm::SmallVector<TextEdit, 2> Edits;
  const TypeSourceInfo *Written = Parameter.getTypeSourceInfo();
  if (!Written || Parameter.getName().empty())
    return Edits;
  SourceLocation TypeBegin = Written->getTypeLoc().getBeginLoc();
  SourceLocation Name = Parameter.getLocation();
  if (TypeBegin.isInvalid() || TypeBegin.isMacroID() || Name.isMacroID())
    return Edits;
  // 'const T P' and 'T const P' keep their const.
  if (!Parameter.getType().isLocalConstQualified())
    Edits.push_back(
        {CharSourceRange::getCharRange(TypeBegin, TypeBegin), "const "});
  Edits.push_back({CharSourceRange::getCharRange(Name, Name), "&"});
  return Edits;
}

} // namespace alloc_tidy
