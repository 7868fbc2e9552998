//===--- InsertIterators.cpp ----------------------------------------------===//

#include "lib/analysis/facts/InsertIterators.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
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

/// Every call in the unit, and every other use of a function's name.
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      Calls.emplace_back(Callee->getCanonicalDecl(), Call);
      Callees.insert(Call->getCallee()->IgnoreParenImpCasts());
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
      Named.emplace_back(F->getCanonicalDecl(), Ref);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *Member) {
    if (const auto *F = dyn_cast<FunctionDecl>(Member->getMemberDecl()))
      Named.emplace_back(F->getCanonicalDecl(), Member);
    return true;
  }

  std::vector<std::pair<const FunctionDecl *, const CallExpr *>> Calls;
  std::vector<std::pair<const FunctionDecl *, const Expr *>> Named;
  llvm::DenseSet<const Expr *> Callees;
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

void CallIndex::build() {
  Built = true;
  CallFinder Finder;
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const auto &[Callee, Call] : Finder.Calls)
    ByFunction[Callee].Calls.push_back(Call);
  for (const auto &[Function, Name] : Finder.Named)
    if (!Finder.Callees.contains(Name))
      ByFunction[Function].NamedElsewhere = true;
}

std::optional<std::vector<const Expr *>>
CallIndex::argumentsPassedFor(const ParmVarDecl &Param) {
  const auto *Function = dyn_cast<FunctionDecl>(Param.getDeclContext());
  if (!Function)
    return std::nullopt;
  if (!Built)
    build();
  auto Found = ByFunction.find(Function->getCanonicalDecl());
  if (Found == ByFunction.end() || Found->second.NamedElsewhere)
    return std::nullopt;
  unsigned Index = Param.getFunctionScopeIndex();
  std::vector<const Expr *> Arguments;
  for (const CallExpr *Call : Found->second.Calls) {
    // A member operator takes its object as argument 0.
    if (isa<CXXOperatorCallExpr>(Call) || Index >= Call->getNumArgs())
      return std::nullopt;
    const Expr *Arg = Call->getArg(Index);
    const auto *Ref = dyn_cast<DeclRefExpr>(withoutCopies(Arg));
    if (!Ref || Ref->getDecl() != &Param)
      Arguments.push_back(Arg);
  }
  if (Arguments.empty())
    return std::nullopt;
  return Arguments;
}

} // namespace alloc_tidy
