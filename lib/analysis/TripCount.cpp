//===--- TripCount.cpp ----------------------------------------------------===//

#include "lib/analysis/TripCount.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// Finds statements that leave the loop being examined. A break or continue
/// inside a nested loop or switch belongs to that statement, not to ours.
class EarlyExitFinder : public RecursiveASTVisitor<EarlyExitFinder> {
public:
  bool Found = false;
  int NestedBreakTargets = 0;

  bool TraverseStmt(Stmt *S) {
    if (!S || Found)
      return true;
    bool IsBreakTarget =
        isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
    NestedBreakTargets += IsBreakTarget;
    RecursiveASTVisitor::TraverseStmt(S);
    NestedBreakTargets -= IsBreakTarget;
    return true;
  }
  bool VisitBreakStmt(BreakStmt *) {
    Found |= NestedBreakTargets == 0;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *) { return Found = true, true; }
  bool VisitGotoStmt(GotoStmt *) { return Found = true, true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return Found = true, true; }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return Found = true, true; }
  bool VisitCoreturnStmt(CoreturnStmt *) { return Found = true, true; }
  // Lambdas' bodies run elsewhere; their returns do not leave our loop.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

std::string textOf(const Expr *E, ASTContext &Ctx) {
  return Lexer::getSourceText(
             CharSourceRange::getTokenRange(E->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

const VarDecl *refVar(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// Whether parameter \p Index of \p Callee is a forwarding reference of a
/// standard library function (emplace_back, make_unique, ...): those pass
/// the argument on to a constructor and do not write it.
bool forwardsFromStd(const FunctionDecl *Callee, unsigned Index) {
  const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern();
  const Decl *Owner = Callee;
  while (const auto *Record = dyn_cast<CXXRecordDecl>(Owner->getDeclContext()))
    Owner = Record;
  if (!Pattern || !Owner->isInStdNamespace())
    return false;
  // A parameter pack expands to several parameters of the instantiation.
  const ParmVarDecl *Param =
      Index < Pattern->getNumParams()
          ? Pattern->getParamDecl(Index)
          : Pattern->getParamDecl(Pattern->getNumParams() - 1);
  QualType T = Param->getType();
  if (const auto *Expansion = T->getAs<PackExpansionType>())
    T = Expansion->getPattern();
  const auto *Ref = T->getAs<RValueReferenceType>();
  return Ref && Ref->getPointeeType()->getAs<TemplateTypeParmType>() &&
         !Ref->getPointeeType().hasQualifiers();
}

/// Whether \p Body may write \p Var: assigned, incremented, its address
/// taken, bound to a non-const reference, or a non-const member called on
/// it. Reads (including through casts to a value type) are not writes.
bool isWrittenIn(const VarDecl *Var, const Stmt *Body, ASTContext &Ctx) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const VarDecl *Var;
    ASTContext &Ctx;
    bool Written = false;
    Finder(const VarDecl *V, ASTContext &C) : Var(V), Ctx(C) {}

    bool writes(const Expr *Ref) {
      DynTypedNode Node = DynTypedNode::create(*Ref);
      const Expr *Child = Ref;
      while (true) {
        DynTypedNodeList Parents = Ctx.getParents(Node);
        if (Parents.empty())
          return true;
        Node = Parents[0];
        if (const auto *Cast = Node.get<ImplicitCastExpr>()) {
          if (Cast->getCastKind() == CK_LValueToRValue)
            return false;
          Child = Cast;
          continue;
        }
        if (const auto *Paren = Node.get<ParenExpr>()) {
          Child = Paren;
          continue;
        }
        if (const auto *Unary = Node.get<UnaryOperator>())
          return Unary->isIncrementDecrementOp() ||
                 Unary->getOpcode() == UO_AddrOf;
        if (const auto *Binary = Node.get<BinaryOperator>())
          return Binary->isAssignmentOp() && Binary->getLHS() == Child;
        if (const auto *Cast = Node.get<ExplicitCastExpr>())
          return Cast->getType()->isReferenceType() &&
                 !Cast->getType().getNonReferenceType().isConstQualified();
        if (const auto *Member = Node.get<MemberExpr>()) {
          const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
          return !Method || !Method->isConst();
        }
        if (const auto *Call = Node.get<CallExpr>()) {
          const FunctionDecl *Callee = Call->getDirectCallee();
          if (!Callee)
            return true;
          // A member operator's object is its first argument: written unless
          // the operator is const; the other arguments shift by one.
          unsigned Shift = 0;
          if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
              Method && isa<CXXOperatorCallExpr>(Call)) {
            if (Call->getArg(0) == Child)
              return !Method->isConst();
            Shift = 1;
          }
          for (unsigned I = Shift; I < Call->getNumArgs(); ++I) {
            if (Call->getArg(I) != Child)
              continue;
            unsigned Index = I - Shift;
            if (Index >= Callee->getNumParams())
              return false; // C varargs copy
            QualType Param = Callee->getParamDecl(Index)->getType();
            if (forwardsFromStd(Callee, Index))
              return false;
            return (Param->isReferenceType() &&
                    !Param.getNonReferenceType().isConstQualified()) ||
                   Param->isDependentType();
          }
          return true;
        }
        if (const auto *Decl = Node.get<VarDecl>())
          return Decl->getType()->isReferenceType() &&
                 !Decl->getType().getNonReferenceType().isConstQualified();
        if (Node.get<LambdaExpr>())
          return true;
        return false;
      }
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() == Var && writes(Ref))
        Written = true;
      return !Written;
    }
  } Visitor(Var, Ctx);
  Visitor.TraverseStmt(const_cast<Stmt *>(Body));
  return Visitor.Written;
}

/// Whether the body writes the member of 'this', or calls a non-const
/// member function on 'this' that could.
bool fieldMayChangeIn(const ValueDecl *Field, const Stmt *Body,
                      ASTContext &Ctx) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const ValueDecl *Field;
    ExprMutationAnalyzer Mutations;
    bool Changed = false;
    Finder(const ValueDecl *Field, const Stmt *Body, ASTContext &Ctx)
        : Field(Field), Mutations(*Body, Ctx) {}
    bool VisitMemberExpr(MemberExpr *Member) {
      if (Member->getMemberDecl() == Field &&
          isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
        Changed |= Mutations.isMutated(Member);
      return !Changed;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
      const auto *Method = Call->getMethodDecl();
      if (Method && !Method->isConst() &&
          isa<CXXThisExpr>(
              Call->getImplicitObjectArgument()->IgnoreParenImpCasts()))
        Changed = true;
      return !Changed;
    }
  } Visitor(Field, Body, Ctx);
  Visitor.TraverseStmt(const_cast<Stmt *>(Body));
  return Visitor.Changed;
}

/// An expression whose value is the same before and throughout the loop:
/// constants, and variables, members and size() calls on objects that the
/// loop does not change.
bool isLoopInvariant(const Expr *E, const Stmt *Body, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || E->isTypeDependent())
    return false;
  if (E->isIntegerConstantExpr(Ctx))
    return true;
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/true)) {
    // A const member call such as v.size() is "possibly" effectful to clang;
    // accept exactly that shape below.
    const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
    if (!Call || Call->getNumArgs() != 0)
      return false;
    const auto *Method = Call->getMethodDecl();
    if (!Method || !Method->isConst())
      return false;
    return isLoopInvariant(Call->getImplicitObjectArgument(), Body, Ctx);
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = Member->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Base))
      return !fieldMayChangeIn(Member->getMemberDecl(), Body, Ctx);
    return isLoopInvariant(Base, Body, Ctx);
  }
  if (const VarDecl *Var = refVar(E))
    return !isWrittenIn(Var, Body, Ctx);
  if (const auto *Bin = dyn_cast<BinaryOperator>(E))
    return Bin->isAdditiveOp() || Bin->isMultiplicativeOp()
               ? isLoopInvariant(Bin->getLHS(), Body, Ctx) &&
                     isLoopInvariant(Bin->getRHS(), Body, Ctx)
               : false;
  return false;
}

std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx) {
  if (auto V = E->getIntegerConstantExpr(Ctx))
    if (V->getSignificantBits() <= 64)
      return V->getExtValue();
  return std::nullopt;
}

bool isUnsigned(const Expr *E) {
  return E->IgnoreParenImpCasts()->getType()->isUnsignedIntegerType();
}

/// Operands that are cheap and safe to write twice: names, members,
/// literals and argument-less const member calls such as v.size().
bool isRepeatable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, IntegerLiteral>(E))
    return true;
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return isRepeatable(Member->getBase());
  if (isa<CXXThisExpr>(E))
    return true;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    return Call->getNumArgs() == 0 && Call->getMethodDecl() &&
           Call->getMethodDecl()->isConst() &&
           isRepeatable(Call->getImplicitObjectArgument());
  if (const auto *Bin = dyn_cast<BinaryOperator>(E))
    return (Bin->isAdditiveOp() || Bin->isMultiplicativeOp()) &&
           isRepeatable(Bin->getLHS()) && isRepeatable(Bin->getRHS());
  // -1, -n
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return (Unary->getOpcode() == UO_Minus || Unary->getOpcode() == UO_Plus) &&
           isRepeatable(Unary->getSubExpr());
  return false;
}

/// The source text of \p E, in parentheses unless it is a single operand.
std::string operandText(const Expr *E, ASTContext &Ctx) {
  std::string Text = textOf(E, Ctx);
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, IntegerLiteral, MemberExpr, CallExpr, ParenExpr>(Bare))
    return Text;
  return "(" + Text + ")";
}

/// The number of values in [Lo, Hi) (or [Lo, Hi] when Inclusive), spelled
/// so that it is never negative and never wraps for unsigned operands:
/// "n", "n > 0 ? n : 0" or "hi > lo ? hi - lo : 0". Empty when an operand
/// would have to be written twice and is not cheap to repeat.
std::string difference(const Expr *Hi, const Expr *Lo, bool Inclusive,
                       ASTContext &Ctx) {
  std::string HiText = operandText(Hi, Ctx);
  std::optional<int64_t> LoValue = constantOf(Lo, Ctx);
  if (LoValue && *LoValue == 0) {
    // Counted from 0: an unsigned bound is the count itself (plus one when
    // inclusive); a signed one may be negative.
    std::string Count = Inclusive ? HiText + " + 1" : textOf(Hi, Ctx);
    if (isUnsigned(Hi))
      return Count;
    if (!isRepeatable(Hi))
      return "";
    return HiText + (Inclusive ? " >= 0 ? " : " > 0 ? ") + Count + " : 0";
  }
  if (!isRepeatable(Hi) || !isRepeatable(Lo))
    return "";
  std::string LoText = operandText(Lo, Ctx);
  std::string Count = HiText + " - " + LoText + (Inclusive ? " + 1" : "");
  return HiText + (Inclusive ? " >= " : " > ") + LoText + " ? " + Count +
         " : 0";
}

std::optional<TripCount> forTripCount(const ForStmt *For, ASTContext &Ctx) {
  // for (T I = Start; I <op> Bound; step)
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Init || !Init->isSingleDecl())
    return std::nullopt;
  const auto *Counter = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!Counter || !Counter->getInit() || !Counter->getType()->isIntegerType())
    return std::nullopt;
  const Expr *Start = Counter->getInit()->IgnoreParenImpCasts();

  if (!For->getCond())
    return std::nullopt;
  const auto *Cond =
      dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  if (!Cond || !Cond->isComparisonOp())
    return std::nullopt;
  BinaryOperatorKind Op = Cond->getOpcode();
  const Expr *Bound = nullptr;
  if (refVar(Cond->getLHS()) == Counter)
    Bound = Cond->getRHS();
  else if (refVar(Cond->getRHS()) == Counter) {
    Bound = Cond->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  } else
    return std::nullopt;

  // Step: ++I, I++, --I, I--, I += C, I -= C with a positive constant C.
  const Expr *Inc =
      For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  int64_t Step = 0;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (refVar(U->getSubExpr()) != Counter)
      return std::nullopt;
    Step = U->isIncrementOp() ? 1 : U->isDecrementOp() ? -1 : 0;
  } else if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    std::optional<int64_t> Amount = constantOf(C->getRHS(), Ctx);
    if (refVar(C->getLHS()) != Counter || !Amount || *Amount <= 0)
      return std::nullopt;
    if (C->getOpcode() == BO_AddAssign)
      Step = static_cast<int64_t>(*Amount);
    else if (C->getOpcode() == BO_SubAssign)
      Step = -static_cast<int64_t>(*Amount);
  }
  if (Step == 0)
    return std::nullopt;

  const Stmt *Body = For->getBody();
  if (isWrittenIn(Counter, Body, Ctx) || !isLoopInvariant(Bound, Body, Ctx) ||
      !isLoopInvariant(Start, Body, Ctx))
    return std::nullopt;

  // Normalise to counting up from Lo to Hi by |Step|.
  const Expr *Lo = Start, *Hi = Bound;
  bool Inclusive = false;
  switch (Op) {
  case BO_LT:
  case BO_NE:
    if (Step < 0)
      return std::nullopt;
    break;
  case BO_LE:
    if (Step < 0)
      return std::nullopt;
    Inclusive = true;
    break;
  case BO_GT:
    if (Step > 0)
      return std::nullopt;
    std::swap(Lo, Hi);
    break;
  case BO_GE:
    if (Step > 0)
      return std::nullopt;
    std::swap(Lo, Hi);
    Inclusive = true;
    break;
  default:
    return std::nullopt;
  }
  uint64_t Stride = Step < 0 ? -Step : Step;
  // '!=' only terminates predictably with a unit step.
  if (Op == BO_NE && Stride != 1)
    return std::nullopt;

  TripCount Result;
  std::optional<int64_t> HiValue = constantOf(Hi, Ctx);
  std::optional<int64_t> LoValue = constantOf(Lo, Ctx);
  if (HiValue && LoValue) {
    // Widened so that extreme bounds cannot overflow.
    __int128 Span = static_cast<__int128>(*HiValue) - *LoValue + Inclusive;
    Result.Value =
        Span > 0 ? static_cast<uint64_t>((Span + Stride - 1) / Stride) : 0;
    Result.Spelling = std::to_string(*Result.Value);
    return Result;
  }
  std::string Span = difference(Hi, Lo, Inclusive, Ctx);
  if (Span.empty())
    return std::nullopt;
  if (Stride != 1)
    Span = "((" + Span + ") + " + std::to_string(Stride - 1) + ") / " +
           std::to_string(Stride);
  Result.Spelling = Span;
  return Result;
}

std::optional<TripCount> rangeForTripCount(const CXXForRangeStmt *For,
                                           ASTContext &Ctx) {
  const Expr *Range = For->getRangeInit();
  if (!Range)
    return std::nullopt;
  Range = Range->IgnoreParenImpCasts();
  QualType T = Range->getType();
  TripCount Result;
  if (const auto *Array = Ctx.getAsConstantArrayType(T)) {
    Result.Value = Array->getSize().getLimitedValue();
    Result.Spelling = std::to_string(*Result.Value);
    return Result;
  }
  if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(Range)) {
    if (const auto *Inits = dyn_cast<InitListExpr>(
            List->getSubExpr()->IgnoreParenImpCasts()->IgnoreImplicit())) {
      Result.Value = Inits->getNumInits();
      Result.Spelling = std::to_string(*Result.Value);
      return Result;
    }
  }
  // A named range with a size() member that the body leaves alone.
  if (!isa<DeclRefExpr, MemberExpr>(Range))
    return std::nullopt;
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record)
    return std::nullopt;
  bool HasSize = false;
  for (const auto *Method : Record->methods())
    HasSize |= Method->getName() == "size" && Method->getNumParams() == 0 &&
               Method->isConst();
  if (!HasSize)
    return std::nullopt;
  if (const VarDecl *Var = refVar(Range);
      Var && isWrittenIn(Var, For->getBody(), Ctx))
    return std::nullopt;
  if (isa<MemberExpr>(Range) && !isLoopInvariant(Range, For->getBody(), Ctx))
    return std::nullopt;
  Result.Spelling = textOf(Range, Ctx) + ".size()";
  return Result;
}

} // namespace

const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *For = dyn_cast_or_null<ForStmt>(Loop))
    return For->getBody();
  if (const auto *RangeFor = dyn_cast_or_null<CXXForRangeStmt>(Loop))
    return RangeFor->getBody();
  if (const auto *While = dyn_cast_or_null<WhileStmt>(Loop))
    return While->getBody();
  if (const auto *Do = dyn_cast_or_null<DoStmt>(Loop))
    return Do->getBody();
  return nullptr;
}

bool runsOncePerIteration(const Stmt *S, const Stmt *Loop) {
  const Stmt *Body = loopBody(Loop);
  if (!Body || !S)
    return false;
  if (Body == S)
    return true;
  const auto *Block = dyn_cast<CompoundStmt>(Body);
  return Block && llvm::is_contained(Block->body(), S);
}

bool loopMayExitEarly(const Stmt *Loop) {
  const Stmt *Body = loopBody(Loop);
  if (!Body)
    return true;
  EarlyExitFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Found;
}

std::optional<TripCount> computeTripCount(const Stmt *Loop, ASTContext &Ctx) {
  if (!Loop || loopMayExitEarly(Loop))
    return std::nullopt;
  if (Loop->getBeginLoc().isMacroID())
    return std::nullopt;
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return forTripCount(For, Ctx);
  if (const auto *RangeFor = dyn_cast<CXXForRangeStmt>(Loop))
    return rangeForTripCount(RangeFor, Ctx);
  return std::nullopt;
}

} // namespace alloc_tidy
