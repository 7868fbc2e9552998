//===--- StringUses.cpp ---------------------------------------------------===//

#include "lib/analysis/facts/StringUses.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// Decides, one reference at a time, whether the string is only read.
class UseClassifier {
public:
  explicit UseClassifier(ASTContext &Ctx) : Ctx(Ctx) {}

  StringUse classify(const Expr *E, unsigned Depth = 0) {
    if (Depth > 4)
      return {};
    const Expr *Child = nullptr;
    DynTypedNode Parent = meaningfulParent(E, Ctx, Child, Transparency::Object,
                                           /*PreferInitialization=*/true);

    if (const auto *Member = Parent.get<MemberExpr>()) {
      const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
      const auto *Call = parentOf(DynTypedNode::create(*Member), Ctx,
                                  /*PreferInitialization=*/true)
                             .get<CXXMemberCallExpr>();
      if (!Method || !Call)
        return {};
      return method(*Method, *Call);
    }
    if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
      llvm::SmallVector<const Expr *, 4> Args(Op->arguments());
      unsigned Index = argumentIndex(Args, Child);
      if (Index == Args.size())
        return {};
      const FunctionDecl *Callee = Op->getDirectCallee();
      if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee)) {
        if (Index == 0)
          return method(*Method, *Op);
        --Index;
      }
      return argument(Callee, Index);
    }
    if (const auto *Call = Parent.get<CallExpr>()) {
      llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
      unsigned Index = argumentIndex(Args, Child);
      if (Index == Args.size())
        return {};
      return argument(Call->getDirectCallee(), Index);
    }
    if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
      const CXXConstructorDecl *Ctor = Construct->getConstructor();
      if (Ctor->isMoveConstructor())
        return {StringUseKind::Keeps};
      if (Ctor->isCopyConstructor()) {
        const Expr *Copy = nullptr;
        DynTypedNode Holder =
            meaningfulParent(Construct, Ctx, Copy, Transparency::Object,
                             /*PreferInitialization=*/true);
        if (Holder.get<ReturnStmt>() || Holder.get<CXXThrowExpr>())
          return {StringUseKind::Keeps};
        // A copy: into a variable, an argument, a lambda's capture.
        return {StringUseKind::Reads, Holder.get<LambdaExpr>() != nullptr};
      }
      llvm::SmallVector<const Expr *, 4> Args(Construct->arguments());
      unsigned Index = argumentIndex(Args, Child);
      if (Index == Args.size())
        return {};
      return argument(Ctor, Index);
    }
    if (Parent.get<ReturnStmt>() || Parent.get<CoreturnStmt>() ||
        Parent.get<CXXThrowExpr>())
      return {StringUseKind::Keeps};
    if (const auto *Var = Parent.get<VarDecl>()) {
      if (Var->isImplicit())
        return rangeFor(*Var);
      QualType T = Var->getType();
      if (T->isLValueReferenceType() &&
          T.getNonReferenceType().isConstQualified())
        return {StringUseKind::Reads};
      return {StringUseKind::Changes};
    }
    if (const auto *Cond = Parent.get<ConditionalOperator>()) {
      StringUse Result = classify(Cond, Depth + 1);
      Result.ViewWorks = false;
      return Result;
    }
    if (const auto *Cast = Parent.get<ExplicitCastExpr>();
        Cast && Cast->getType()->isVoidType())
      return {StringUseKind::Reads, true};
    // A capture: the scan of the lambda judges it.
    if (Parent.get<LambdaExpr>() || Parent.get<CompoundStmt>())
      return {StringUseKind::Reads, true};
    if (const auto *Op = Parent.get<UnaryOperator>();
        Op && Op->getOpcode() == UO_AddrOf)
      return {StringUseKind::Changes};
    return {};
  }

private:
  StringUse method(const CXXMethodDecl &Method, const Expr &Call) {
    if (isa<CXXConversionDecl>(Method))
      return Method.isConst() ? StringUse{StringUseKind::Reads, true}
                              : StringUse{StringUseKind::Changes};
    bool Subscript = Method.getOverloadedOperator() == OO_Subscript;
    llvm::StringRef Name = Method.getIdentifier() ? Method.getName() : "";
    if (Method.isConst())
      return {StringUseKind::Reads, Subscript || isStringViewMember(Name)};
    // The non-const twins of const accessors, when the result is only read.
    bool Accessor = Subscript || Name == "at" || Name == "front" ||
                    Name == "back" || Name == "data";
    if (Accessor && resultIsRead(Call))
      return {StringUseKind::Reads, true};
    return {StringUseKind::Changes};
  }

  StringUse argument(const FunctionDecl *Callee, unsigned Index) {
    if (!Callee)
      return {};
    bool Std = isWithinStd(Callee);
    llvm::StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
    if (Std && (Name == "move" || Name == "forward" ||
                Name == "move_if_noexcept" || Name == "exchange"))
      return {StringUseKind::Keeps};
    if (Std && (Name == "swap" || Name == "iter_swap"))
      return {StringUseKind::Changes};
    if (Index >= Callee->getNumParams())
      return {}; // through '...'
    QualType Param = Callee->getParamDecl(Index)->getType();
    if (Param->isDependentType())
      return {};
    if (!Param->isReferenceType())
      return {StringUseKind::Reads}; // a copy, or a conversion
    QualType Pointee = Param.getNonReferenceType();
    if (!Pointee.isConstQualified()) {
      // emplace_back(s) and make_pair(s, x) copy it; tie, ref and the
      // like keep the reference.
      static const llvm::StringSet<> KeepReference = {
          "tie",    "ref",   "cref",  "forward_as_tuple",
          "invoke", "apply", "visit", "invoke_r"};
      if (Std && isForwardingReference(Callee, Index) &&
          !KeepReference.contains(Name))
        return {StringUseKind::Reads};
      return {StringUseKind::Changes};
    }
    return {StringUseKind::Reads,
            Std && isStringViewOperator(Callee->getOverloadedOperator())};
  }

  /// for (x : s): read-only unless x is a reference to a non-const char.
  StringUse rangeFor(const VarDecl &RangeVar) {
    DynTypedNode Stmt = parentOf(DynTypedNode::create(RangeVar), Ctx,
                                 /*PreferInitialization=*/true);
    const auto *Loop = parentOf(Stmt, Ctx, /*PreferInitialization=*/true)
                           .get<CXXForRangeStmt>();
    if (!Loop || Loop->getRangeStmt() != Stmt.get<DeclStmt>())
      return {};
    QualType Element = Loop->getLoopVariable()->getType();
    if (Element->isReferenceType() &&
        !Element.getNonReferenceType().isConstQualified())
      return {StringUseKind::Changes};
    return {StringUseKind::Reads, true};
  }

  /// Whether the reference a call returns is only read: converted to a
  /// value, or to a reference or pointer to const.
  bool resultIsRead(const Expr &Call) {
    DynTypedNode Parent = parentOf(DynTypedNode::create(Call), Ctx,
                                   /*PreferInitialization=*/true);
    while (const auto *Paren = Parent.get<ParenExpr>())
      Parent = parentOf(DynTypedNode::create(*Paren), Ctx,
                        /*PreferInitialization=*/true);
    const auto *Cast = Parent.get<ImplicitCastExpr>();
    if (!Cast)
      return false;
    if (Cast->getCastKind() == CK_LValueToRValue)
      return true;
    if (Cast->getCastKind() != CK_NoOp)
      return false;
    QualType T = Cast->getType();
    if (const auto *Pointer = T->getAs<PointerType>())
      return Pointer->getPointeeType().isConstQualified();
    return T.isConstQualified();
  }

  ASTContext &Ctx;
};

/// Collects the references to a variable, lambdas included, and the first
/// lambda capture that names it.
class ReferenceScan : public RecursiveASTVisitor<ReferenceScan> {
public:
  explicit ReferenceScan(const VarDecl *Var) : Var(Var) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Var)
      Found.Refs.push_back(Ref);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->explicit_captures())
      if (Capture.capturesVariable() && Capture.getCapturedVar() == Var &&
          Found.NamedCapture.isInvalid())
        Found.NamedCapture = Capture.getLocation();
    return true;
  }

  VarReferences Found;

private:
  const VarDecl *Var;
};

} // namespace

StringUse classifyStringUse(const Expr *Ref, ASTContext &Ctx) {
  return UseClassifier(Ctx).classify(Ref);
}

VarReferences findVarReferences(const VarDecl &Var, const Stmt &Body) {
  ReferenceScan Scan(&Var);
  Scan.TraverseStmt(const_cast<Stmt *>(&Body));
  return std::move(Scan.Found);
}

LocalStringUses judgeLocalStringUses(const VarDecl &Var, const Stmt &Body,
                                     ASTContext &Ctx) {
  VarReferences References = findVarReferences(Var, Body);
  LocalStringUses Uses;
  Uses.NamedCapture = References.NamedCapture;
  UseClassifier Classifier(Ctx);
  for (const DeclRefExpr *Ref : References.Refs) {
    StringUse Use = Classifier.classify(Ref);
    if (Use.Kind != StringUseKind::Reads) {
      Uses.NeedsString = nullptr;
      return Uses;
    }
    if (!Use.ViewWorks && !Uses.NeedsString)
      Uses.NeedsString = Ref;
  }
  Uses.OnlyRead = true;
  return Uses;
}

std::optional<ConstStringArgument> asConstStringArgument(const Expr &Temporary,
                                                         ASTContext &Ctx) {
  std::optional<ConstReferenceArgument> Argument =
      asConstReferenceArgument(Temporary, Ctx);
  if (!Argument || !basicString(Argument->Callee->getParamDecl(Argument->Index)
                                    ->getType()
                                    .getNonReferenceType()))
    return std::nullopt;
  return Argument;
}

bool literalServesInstead(const ConstStringArgument &Argument,
                          const ClassTemplateSpecializationDecl &String) {
  const FunctionDecl *Callee = Argument.Callee;
  if (!Callee || !isWithinStd(Callee))
    return false;
  auto SameString = [&](const Expr *E) {
    if (!E || basicString(E->getType()) != &String)
      return false;
    std::optional<LiteralInit> Init = literalInit(E);
    return !(Init && Init->ThroughTemporary);
  };
  const llvm::SmallVector<const Expr *, 4> &Args = Argument.Args;
  unsigned Index = Argument.Index;
  switch (Callee->getOverloadedOperator()) {
  case OO_EqualEqual:
  case OO_ExclaimEqual:
  case OO_Less:
  case OO_Greater:
  case OO_LessEqual:
  case OO_GreaterEqual:
  case OO_Plus:
  case OO_PlusEqual:
    return Argument.Object ? SameString(Argument.Object)
                           : Args.size() == 2 && SameString(Args[1 - Index]);
  case OO_None: {
    static const llvm::StringSet<> Search = {"find",
                                             "rfind",
                                             "find_first_of",
                                             "find_last_of",
                                             "find_first_not_of",
                                             "find_last_not_of"};
    static const llvm::StringSet<> Single = {
        "compare", "append", "assign", "starts_with", "ends_with", "contains"};
    llvm::StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
    return isa<CXXMethodDecl>(Callee) && Index == 0 &&
           SameString(Argument.Object) &&
           ((Search.contains(Name) && Args.size() <= 2) ||
            (Single.contains(Name) && Args.size() == 1));
  }
  default:
    return false;
  }
}

} // namespace alloc_tidy
