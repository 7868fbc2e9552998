//===--- InsertIterators.cpp ----------------------------------------------===//

#include "lib/analysis/facts/InsertIterators.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// \p E without parentheses, conversions, temporaries and copies or moves
/// of a whole object: an iterator passed by value is the one it copies.
const Expr *withoutCopies(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 16; ++Depth) {
    E = E->IgnoreImplicit()->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = Cast->getSubExpr();
      continue;
    }
    const auto *Construct = dyn_cast<CXXConstructExpr>(E);
    if (!Construct || Construct->getNumArgs() != 1 ||
        !Construct->getConstructor()->isCopyOrMoveConstructor())
      return E;
    E = Construct->getArg(0);
  }
  return E;
}

bool isInserterClass(const CXXRecordDecl *Record) {
  static const llvm::StringSet<> Names = {
      "back_insert_iterator", "front_insert_iterator", "insert_iterator"};
  return Record && Record->getIdentifier() && isWithinStd(Record) &&
         Names.contains(Record->getName());
}

/// The calls of one function and what they pass for one of its parameters.
class CallsOf : public RecursiveASTVisitor<CallsOf> {
public:
  CallsOf(const FunctionDecl *Canonical, unsigned Index,
          const ParmVarDecl &Param)
      : Canonical(Canonical), Index(Index), Param(&Param) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee->getCanonicalDecl() != Canonical)
      return true;
    Called.insert(Call->getCallee()->IgnoreParenImpCasts());
    // A member operator takes its object as argument 0.
    if (isa<CXXOperatorCallExpr>(Call) || Index >= Call->getNumArgs()) {
      Other = true;
      return true;
    }
    const Expr *Arg = Call->getArg(Index);
    const auto *Ref = dyn_cast<DeclRefExpr>(withoutCopies(Arg));
    if (!Ref || Ref->getDecl() != Param)
      Arguments.push_back(Arg);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl());
        F && F->getCanonicalDecl() == Canonical)
      Named.push_back(Ref);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *Member) {
    if (const auto *F = dyn_cast<FunctionDecl>(Member->getMemberDecl());
        F && F->getCanonicalDecl() == Canonical)
      Named.push_back(Member);
    return true;
  }

  const FunctionDecl *Canonical;
  unsigned Index;
  const ParmVarDecl *Param;
  std::vector<const Expr *> Arguments;
  std::vector<const Expr *> Named;
  llvm::SmallPtrSet<const Expr *, 8> Called;
  bool Other = false;
};

} // namespace

std::optional<QualType> insertIteratorContainer(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!isInserterClass(Spec) || Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  return Spec->getTemplateArgs()[0].getAsType();
}

const Expr *insertedContainer(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 4; ++Depth) {
    E = withoutCopies(E);
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      static const llvm::StringSet<> Makers = {"back_inserter",
                                               "front_inserter", "inserter"};
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee || !Callee->getIdentifier() || !isWithinStd(Callee) ||
          !Makers.contains(Callee->getName()) || Call->getNumArgs() < 1)
        return nullptr;
      return Call->getArg(0)->IgnoreParenImpCasts();
    }
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      if (!isInserterClass(Construct->getType()->getAsCXXRecordDecl()) ||
          Construct->getNumArgs() < 1)
        return nullptr;
      return Construct->getArg(0)->IgnoreParenImpCasts();
    }
    // A local iterator made from one: 'auto Out = std::back_inserter(V);'.
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || isa<ParmVarDecl>(Var) || !Var->hasLocalStorage() ||
        !Var->getInit())
      return nullptr;
    E = Var->getInit();
  }
  return nullptr;
}

const Expr *insertIteratorWrittenBy(const Expr *Target) {
  const Expr *E = Target ? Target->IgnoreParenImpCasts() : nullptr;
  for (unsigned Depth = 0; E && Depth < 4; ++Depth) {
    const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
    if (!Op || Op->getNumArgs() < 1 ||
        (Op->getOperator() != OO_Star && Op->getOperator() != OO_PlusPlus))
      break;
    E = Op->getArg(0)->IgnoreParenImpCasts();
  }
  return E && insertIteratorContainer(E->getType()) ? E : nullptr;
}

std::optional<std::vector<const Expr *>>
argumentsPassedFor(const ParmVarDecl &Param, ASTContext &Ctx) {
  const auto *Function = dyn_cast<FunctionDecl>(Param.getDeclContext());
  if (!Function)
    return std::nullopt;
  const FunctionDecl *Canonical = Function->getCanonicalDecl();
  unsigned Index = Param.getFunctionScopeIndex();

  CallsOf Finder(Canonical, Index, Param);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  // Named other than as a call's callee: a pointer to it, called elsewhere.
  bool Escapes = llvm::any_of(
      Finder.Named, [&](const Expr *E) { return !Finder.Called.contains(E); });
  if (Finder.Other || Escapes || Finder.Arguments.empty())
    return std::nullopt;
  return std::move(Finder.Arguments);
}

} // namespace alloc_tidy
