//===--- RebuiltStrings.cpp - a string copied through its characters ------===//

#include "lib/analysis/facts/RebuiltStrings.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// The construction under the temporary's implicit nodes and an explicit
/// std::string(...) or std::string{...}.
const CXXConstructExpr *constructionOf(const MaterializeTemporaryExpr &T) {
  const Expr *E = T.getSubExpr();
  for (;;) {
    E = E->IgnoreParens();
    if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr();
    else if (const auto *Cast = dyn_cast<CastExpr>(E);
             Cast &&
             (isa<CXXFunctionalCastExpr>(Cast) || isa<ImplicitCastExpr>(Cast)))
      E = Cast->getSubExpr();
    else
      return dyn_cast<CXXConstructExpr>(E);
  }
}

/// Why another overload of the callee could take the string once it is
/// passed as it is; empty when none can. Only an overload whose parameter
/// binds the string type itself matters: any other needs a user-defined
/// conversion, which loses to the callee's exact match. The standard
/// library's overloads of one name all mean the same for a string and its
/// characters.
std::string otherOverload(const ConstReferenceArgument &Call, QualType String,
                          const ASTContext &Ctx) {
  const FunctionDecl &Callee = *Call.Callee;
  if (isWithinStd(&Callee))
    return "";
  std::string Name = "'" + Callee.getNameAsString() + "'";
  for (const NamedDecl *D :
       Callee.getDeclContext()->lookup(Callee.getDeclName())) {
    const NamedDecl *Underlying = D->getUnderlyingDecl();
    const auto *Template = dyn_cast<FunctionTemplateDecl>(Underlying);
    const auto *F = Template ? Template->getTemplatedDecl()
                             : dyn_cast<FunctionDecl>(Underlying);
    if (!F || F->getCanonicalDecl() == Callee.getCanonicalDecl())
      continue;
    size_t N = Call.Args.size();
    if (N < F->getMinRequiredArguments() || Call.Index >= F->getNumParams() ||
        (N > F->getNumParams() && !F->isVariadic()))
      continue;
    if (Template)
      return Name + " has a template overload, which could take the " +
             "string itself instead";
    QualType P = F->getParamDecl(Call.Index)->getType();
    if (!Ctx.hasSameUnqualifiedType(P.getNonReferenceType(), String))
      continue;
    // An overload for rvalues would have taken the temporary itself.
    bool BindsBetter =
        !P->isReferenceType() || (P->isLValueReferenceType() &&
                                  !P.getNonReferenceType().isConstQualified());
    if (BindsBetter)
      return Name + " has an overload taking '" +
             P.getAsString(Ctx.getPrintingPolicy()) +
             "', which the string itself would select";
  }
  return "";
}

/// Whether \p E names \p Var anywhere.
bool mentions(const Stmt *E, const VarDecl *Var) {
  if (!E)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E); Ref && Ref->getDecl() == Var)
    return true;
  return llvm::any_of(E->children(),
                      [&](const Stmt *Child) { return mentions(Child, Var); });
}

/// Whether parameter \p P lets the callee change what its argument reaches:
/// a reference or a pointer to something modifiable, or an object of a class
/// by value (an iterator, a handle).
bool givesWriteAccess(QualType P) {
  if (P->isReferenceType() || P->isPointerType())
    return !P->getPointeeType().isConstQualified();
  return P->isRecordType();
}

/// Why passing the string itself could let the callee see it change while
/// it reads the parameter (the temporary was its own copy); empty when it
/// cannot. The standard library's classes are written to take a reference
/// into the object they change; elsewhere the callee must have no way to
/// write to the string: no modifiable argument or object, or the string a
/// local that none of them names.
std::string aliasHazard(const ConstReferenceArgument &Call, const Expr &Source,
                        bool Arrow) {
  const FunctionDecl &Callee = *Call.Callee;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
      Method && isWithinStd(Method->getParent()))
    return "";
  llvm::SmallVector<const Expr *, 4> Writable;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
      Method && Call.Object && !Method->isStatic() && !Method->isConst())
    Writable.push_back(Call.Object);
  for (unsigned I = 0; I < Call.Args.size() && I < Callee.getNumParams(); ++I)
    if (I != Call.Index && givesWriteAccess(Callee.getParamDecl(I)->getType()))
      Writable.push_back(Call.Args[I]);
  if (Writable.empty())
    return "";
  // A local object (not a reference): nothing else names it unless the
  // function hands it over.
  const VarDecl *Root = Arrow ? nullptr : rootVariable(&Source);
  bool Local =
      Root && Root->hasLocalStorage() && !Root->getType()->isReferenceType();
  if (Local &&
      llvm::none_of(Writable, [&](const Expr *E) { return mentions(E, Root); }))
    return "";
  return "'" + Callee.getNameAsString() +
         "' can change the string through its other arguments or its object "
         "while it reads the parameter, which would then be the string itself";
}

} // namespace

std::optional<RebuiltStringArgument>
rebuiltStringArgument(const MaterializeTemporaryExpr &Temporary,
                      ASTContext &Ctx) {
  const ClassTemplateSpecializationDecl *String =
      basicString(Temporary.getType());
  // On another allocator (an arena, a pool) the copy may cost no heap
  // allocation at all.
  if (!String || !hasStandardAllocator(*String))
    return std::nullopt;
  const CXXConstructExpr *Construction = constructionOf(Temporary);
  // The constructor from a pointer to characters, its allocator defaulted.
  if (!Construction || Construction->getNumArgs() < 1 ||
      Construction->getConstructor()->getNumParams() < 1 ||
      !isConstCharPointer(
          Construction->getConstructor()->getParamDecl(0)->getType(),
          charTypeOf(*String)))
    return std::nullopt;
  for (unsigned I = 1; I < Construction->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(Construction->getArg(I)))
      return std::nullopt;
  const auto *Accessor = dyn_cast<CXXMemberCallExpr>(
      Construction->getArg(0)->IgnoreParenImpCasts());
  const CXXMethodDecl *Method = Accessor ? Accessor->getMethodDecl() : nullptr;
  if (!Method || Accessor->getNumArgs() != 0 ||
      !basicString(Method->getThisType()->getPointeeType()) ||
      (Method->getName() != "c_str" && Method->getName() != "data"))
    return std::nullopt;
  const Expr *Source = Accessor->getImplicitObjectArgument();
  QualType SourceType = Source->getType();
  const auto *Member = dyn_cast<MemberExpr>(Accessor->getCallee());
  bool Arrow = Member && Member->isArrow();
  if (Arrow)
    SourceType = SourceType->getPointeeType();
  if (!Ctx.hasSameUnqualifiedType(SourceType, Temporary.getType()))
    return std::nullopt;

  std::optional<ConstReferenceArgument> Call =
      asConstReferenceArgument(Temporary, Ctx);
  if (!Call ||
      !Ctx.hasSameUnqualifiedType(Call->Callee->getParamDecl(Call->Index)
                                      ->getType()
                                      .getNonReferenceType(),
                                  Temporary.getType()))
    return std::nullopt;
  RebuiltStringArgument Facts;
  Facts.Argument = Call->Args[Call->Index];
  Facts.Source = Source;
  Facts.Accessor = Method->getName().str();
  Facts.ThroughArrow = Arrow;
  Facts.NoFix = otherOverload(*Call, Temporary.getType(), Ctx);
  if (Facts.NoFix.empty())
    Facts.NoFix = aliasHazard(*Call, *Source, Arrow);
  Facts.Call = std::move(*Call);
  return Facts;
}

std::string spellSource(const RebuiltStringArgument &Facts,
                        const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Facts.Source->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid())
    return "";
  std::string Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
  if (Text.empty() || !Facts.ThroughArrow)
    return Text;
  // '*' binds looser than the postfix operators a name or a call is
  // written with.
  const Expr *Base = Facts.Source->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, MemberExpr, CallExpr, ArraySubscriptExpr, CXXThisExpr>(
          Base))
    return "*" + Text;
  return "*(" + Text + ")";
}

} // namespace alloc_tidy
