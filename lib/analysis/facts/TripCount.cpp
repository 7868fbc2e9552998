//===--- TripCount.cpp ----------------------------------------------------===//

#include "lib/analysis/facts/TripCount.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

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

/// Member functions that reach into a container without changing its size:
/// the element they return may be written, the count stays.
bool isElementAccess(const CXXMethodDecl *Method) {
  if (Method->getOverloadedOperator() == OO_Subscript)
    return true;
  if (!Method->getIdentifier())
    return false;
  static const llvm::StringSet<> Names = {
      "at",   "front", "back",   "data", "begin",   "end",  "rbegin",
      "rend", "find",  "cbegin", "cend", "crbegin", "crend"};
  return Names.contains(Method->getName());
}

/// Whether the reference \p Ref (to a variable or member) is written where
/// it appears: assigned, incremented, its address taken, bound to a
/// non-const reference, or a non-const member called on it. Reads
/// (including through casts to a value type) are not writes, and neither is
/// reaching an element of a container, which leaves its size alone.
bool isWriteOf(const Expr *Ref, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*Ref);
  const Expr *Child = Ref;
  while (true) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
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
      return Unary->isIncrementDecrementOp() || Unary->getOpcode() == UO_AddrOf;
    if (const auto *Binary = Node.get<BinaryOperator>())
      return Binary->isAssignmentOp() && Binary->getLHS() == Child;
    if (const auto *Cast = Node.get<ExplicitCastExpr>())
      return Cast->getType()->isReferenceType() &&
             !Cast->getType().getNonReferenceType().isConstQualified();
    if (const auto *Member = Node.get<MemberExpr>()) {
      const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
      if (!Method)
        return !isa<FieldDecl>(Member->getMemberDecl())
                   ? true
                   : isWriteOf(Member, Ctx);
      return !Method->isConst() && !isElementAccess(Method);
    }
    if (const auto *Call = Node.get<CallExpr>()) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee)
        return true;
      // A member operator's object is its first argument: written unless
      // the operator is const or reaches an element; the other arguments
      // shift by one.
      unsigned Shift = 0;
      if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
          Method && isa<CXXOperatorCallExpr>(Call)) {
        if (Call->getArg(0) == Child)
          return !Method->isConst() && !isElementAccess(Method);
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

/// Whether \p Body may write \p Var (see isWriteOf).
bool isWrittenIn(const VarDecl *Var, const Stmt *Body, ASTContext &Ctx) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const VarDecl *Var;
    ASTContext &Ctx;
    bool Written = false;
    Finder(const VarDecl *V, ASTContext &C) : Var(V), Ctx(C) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() == Var && isWriteOf(Ref, Ctx))
        Written = true;
      return !Written;
    }
  } Visitor(Var, Ctx);
  Visitor.TraverseStmt(const_cast<Stmt *>(Body));
  return Visitor.Written;
}

/// \p E without parentheses, implicit casts, temporaries (an iterator with
/// a destructor is bound to one) and the copies or conversions of a
/// single-argument constructor (iterator to const_iterator).
const Expr *stripTemporaries(const Expr *E) {
  while (true) {
    const Expr *Inner = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(Inner);
        Construct && Construct->getNumArgs() == 1 &&
        !isa<CXXTemporaryObjectExpr>(Construct))
      Inner = Construct->getArg(0);
    if (Inner == E)
      return E;
    E = Inner;
  }
}

/// Whether \p Var is declared within \p Scope: a fresh object on every
/// iteration when Scope is a loop or its body.
bool declaredIn(const VarDecl *Var, const Stmt *Scope, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange Range = Scope->getSourceRange();
  SourceLocation Loc = Var->getLocation();
  return Range.isValid() && Loc.isValid() &&
         !SM.isBeforeInTranslationUnit(Loc, Range.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Range.getEnd(), Loc);
}

/// Whether every argument of \p Call is a default argument that is a plain
/// value (a literal, an enumerator, nullptr): items() for "const Items
/// &items(bool Refresh = true) const" reads like a call without arguments,
/// and writing it again evaluates nothing new.
bool hasNoExplicitArgs(const CallExpr *Call) {
  return llvm::all_of(Call->arguments(), [](const Expr *Arg) {
    const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg);
    if (!Default)
      return false;
    const Expr *Value = Default->getExpr()->IgnoreParenImpCasts();
    if (const auto *Unary = dyn_cast<UnaryOperator>(Value);
        Unary && Unary->getOpcode() == UO_Minus)
      Value = Unary->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Value))
      return isa<EnumConstantDecl>(Ref->getDecl());
    return isa<IntegerLiteral, CXXBoolLiteralExpr, FloatingLiteral,
               CharacterLiteral, CXXNullPtrLiteralExpr, StringLiteral,
               GNUNullExpr>(Value);
  });
}

/// Member functions that only look at a container, whichever overload is
/// picked: begin() on a non-const vector does not change it.
bool isObserver(const CXXMethodDecl *Method) {
  if (!Method->getIdentifier())
    return false;
  static const llvm::StringSet<> Names = {"begin",  "end",  "cbegin",  "cend",
                                          "rbegin", "rend", "crbegin", "crend",
                                          "size",   "data", "length",  "empty"};
  return Names.contains(Method->getName());
}

/// Whether \p Method is const, or the non-const half of a const/non-const
/// pair of accessors (items() and items() const, taking the same
/// parameters): calling it changes nothing the const one would not.
bool readsLikeConst(const CXXMethodDecl *Method) {
  if (Method->isConst())
    return true;
  if (!Method->getIdentifier() || Method->isStatic())
    return false;
  for (const NamedDecl *Other :
       Method->getParent()->lookup(Method->getDeclName())) {
    const auto *Twin = dyn_cast<CXXMethodDecl>(Other->getUnderlyingDecl());
    if (!Twin || Twin == Method || !Twin->isConst() ||
        Twin->getNumParams() != Method->getNumParams())
      continue;
    bool Same = true;
    for (unsigned I = 0; I < Twin->getNumParams(); ++I)
      Same &= Twin->getParamDecl(I)->getType().getCanonicalType() ==
              Method->getParamDecl(I)->getType().getCanonicalType();
    if (Same)
      return true;
  }
  return false;
}

/// std::begin(c), std::end(c), std::size(c) and friends.
bool isStdObserverCall(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) ||
      Call->getNumArgs() != 1)
    return false;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->isInStdNamespace() || !Callee->getIdentifier())
    return false;
  static const llvm::StringSet<> Names = {"begin", "end",  "cbegin", "cend",
                                          "size",  "data", "ssize"};
  return Names.contains(Callee->getName());
}

/// Whether the body writes the member of 'this' (any member when \p Field
/// is null), or calls a non-const member function on 'this' that could.
bool fieldMayChangeIn(const ValueDecl *Field, const Stmt *Body,
                      ASTContext &Ctx) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const ValueDecl *Field;
    ASTContext &Ctx;
    bool Changed = false;
    Finder(const ValueDecl *Field, ASTContext &Ctx) : Field(Field), Ctx(Ctx) {}
    bool VisitMemberExpr(MemberExpr *Member) {
      if ((!Field ? isa<FieldDecl>(Member->getMemberDecl())
                  : Member->getMemberDecl() == Field) &&
          isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
        Changed |= isWriteOf(Member, Ctx);
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
  } Visitor(Field, Ctx);
  Visitor.TraverseStmt(const_cast<Stmt *>(Body));
  return Visitor.Changed;
}

/// An expression whose value is the same before and throughout the loop:
/// constants, and variables, members and size() calls on objects that the
/// loop does not change.
bool isLoopInvariant(const Expr *E, const Stmt *Body, ASTContext &Ctx) {
  E = stripTemporaries(E);
  if (E->isValueDependent() || E->isTypeDependent())
    return false;
  if (E->isIntegerConstantExpr(Ctx))
    return true;
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/true) &&
      !isStdObserverCall(E)) {
    // A const member call such as v.size() is "possibly" effectful to clang;
    // accept exactly that shape below, and the non-const overloads of the
    // observers (v.end() on a non-const v).
    const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
    if (!Call || !hasNoExplicitArgs(Call))
      return false;
    const auto *Method = Call->getMethodDecl();
    if (!Method || !(readsLikeConst(Method) || isObserver(Method)))
      return false;
    return isLoopInvariant(Call->getImplicitObjectArgument(), Body, Ctx);
  }
  // The object of a getter called inside a member function (selections()):
  // the same while the loop changes no member of it.
  if (isa<CXXThisExpr>(E))
    return !fieldMayChangeIn(nullptr, Body, Ctx);
  if (isStdObserverCall(E))
    return isLoopInvariant(cast<CallExpr>(E)->getArg(0), Body, Ctx);
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = Member->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Base))
      return !fieldMayChangeIn(Member->getMemberDecl(), Body, Ctx);
    return isLoopInvariant(Base, Body, Ctx);
  }
  if (const VarDecl *Var = refVar(E))
    return !declaredIn(Var, Body, Ctx) && !isWrittenIn(Var, Body, Ctx);
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
  E = stripTemporaries(E);
  if (isa<DeclRefExpr, IntegerLiteral>(E))
    return true;
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return isRepeatable(Member->getBase());
  if (isa<CXXThisExpr>(E))
    return true;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    return hasNoExplicitArgs(Call) && Call->getMethodDecl() &&
           (readsLikeConst(Call->getMethodDecl()) ||
            isObserver(Call->getMethodDecl())) &&
           isRepeatable(Call->getImplicitObjectArgument());
  if (isStdObserverCall(E))
    return isRepeatable(cast<CallExpr>(E)->getArg(0));
  if (const auto *Bin = dyn_cast<BinaryOperator>(E))
    return (Bin->isAdditiveOp() || Bin->isMultiplicativeOp()) &&
           isRepeatable(Bin->getLHS()) && isRepeatable(Bin->getRHS());
  // -1, -n
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return (Unary->getOpcode() == UO_Minus || Unary->getOpcode() == UO_Plus) &&
           isRepeatable(Unary->getSubExpr());
  return false;
}

/// Whether \p E is a constant written as a name: a variable, an enumerator,
/// or one whole macro expansion.
bool isNamedConstant(const Expr *E, ASTContext &Ctx) {
  const Expr *Bare = E->IgnoreParenImpCasts();
  SourceLocation Begin = Bare->getBeginLoc(), End = Bare->getEndLoc();
  if (Begin.isMacroID() || End.isMacroID()) {
    const SourceManager &SM = Ctx.getSourceManager();
    const LangOptions &LangOpts = Ctx.getLangOpts();
    SourceLocation MacroBegin, MacroEnd;
    return Lexer::isAtStartOfMacroExpansion(Begin, SM, LangOpts, &MacroBegin) &&
           Lexer::isAtEndOfMacroExpansion(End, SM, LangOpts, &MacroEnd) &&
           MacroBegin.isFileID() && MacroBegin == SM.getExpansionLoc(Begin) &&
           SM.getExpansionLoc(Begin) == SM.getExpansionLoc(End);
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare))
    return isa<VarDecl, EnumConstantDecl>(Ref->getDecl());
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
/// so that it is never below \p Floor (0, or 1 for a do loop) and never wraps
/// for unsigned operands: "n", "n > 0 ? n : 0" or "hi > lo ? hi - lo : 0".
/// Empty when an operand would have to be written twice and is not cheap to
/// repeat.
std::string difference(const Expr *Hi, const Expr *Lo, bool Inclusive,
                       unsigned Floor, ASTContext &Ctx) {
  std::string HiText = operandText(Hi, Ctx);
  std::string FloorText = std::to_string(Floor);
  std::optional<int64_t> LoValue = constantOf(Lo, Ctx);
  if (LoValue && *LoValue == 0) {
    // Counted from 0: an unsigned bound is the count itself (plus one when
    // inclusive); a signed one may be negative.
    std::string Count = Inclusive ? HiText + " + 1" : textOf(Hi, Ctx);
    if (isUnsigned(Hi) && Floor == 0)
      return Count;
    if (!isRepeatable(Hi))
      return "";
    if (isUnsigned(Hi) && Inclusive)
      return Count;
    return HiText + (Inclusive ? " >= " : " > ") + FloorText + " ? " + Count +
           " : " + FloorText;
  }
  if (!isRepeatable(Hi) || !isRepeatable(Lo))
    return "";
  std::string LoText = operandText(Lo, Ctx);
  std::string Count = HiText + " - " + LoText + (Inclusive ? " + 1" : "");
  return HiText + (Inclusive ? " >= " : " > ") + LoText + " ? " + Count +
         " : " + FloorText;
}

/// The counter step of ++I, I++, --I, I--, I += C and I -= C (C a positive
/// constant), for integers and, through overloaded operators, iterators; 0
/// for anything else.
int64_t stepOf(const Expr *Inc, const VarDecl *Counter, ASTContext &Ctx) {
  if (!Inc)
    return 0;
  Inc = Inc->IgnoreParenImpCasts();
  // "++i, ++it": one operand steps the counter, the others may read it but
  // not write it (whether they leave the bound alone is the caller's
  // question).
  if (const auto *Comma = dyn_cast<BinaryOperator>(Inc);
      Comma && Comma->getOpcode() == BO_Comma) {
    int64_t Left = stepOf(Comma->getLHS(), Counter, Ctx);
    int64_t Right = stepOf(Comma->getRHS(), Counter, Ctx);
    if ((Left != 0) == (Right != 0))
      return 0;
    const Expr *Other = Left != 0 ? Comma->getRHS() : Comma->getLHS();
    return isWrittenIn(Counter, Other, Ctx) ? 0 : Left + Right;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (refVar(U->getSubExpr()) != Counter)
      return 0;
    return U->isIncrementOp() ? 1 : U->isDecrementOp() ? -1 : 0;
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Inc)) {
    if (Op->getNumArgs() < 1 || refVar(Op->getArg(0)) != Counter)
      return 0;
    if (Op->getOperator() == OO_PlusPlus)
      return 1;
    if (Op->getOperator() == OO_MinusMinus)
      return -1;
    return 0;
  }
  if (const auto *C = dyn_cast<CompoundAssignOperator>(Inc)) {
    std::optional<int64_t> Amount = constantOf(C->getRHS(), Ctx);
    if (refVar(C->getLHS()) != Counter || !Amount || *Amount <= 0)
      return 0;
    if (C->getOpcode() == BO_AddAssign)
      return *Amount;
    if (C->getOpcode() == BO_SubAssign)
      return -*Amount;
  }
  return 0;
}

/// A comparison "LHS op RHS", built-in or overloaded (iterators).
struct Comparison {
  BinaryOperatorKind Op;
  const Expr *LHS;
  const Expr *RHS;
};

std::optional<Comparison> comparisonOf(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  // C++20 spells it != end as !(it == end) and it < end through <=>.
  if (const auto *Rewritten = dyn_cast<CXXRewrittenBinaryOperator>(E)) {
    CXXRewrittenBinaryOperator::DecomposedForm Form =
        Rewritten->getDecomposedForm();
    if (!BinaryOperator::isComparisonOp(Form.Opcode))
      return std::nullopt;
    return Comparison{Form.Opcode, Form.LHS, Form.RHS};
  }
  if (const auto *Bin = dyn_cast<BinaryOperator>(E)) {
    if (!Bin->isComparisonOp())
      return std::nullopt;
    return Comparison{Bin->getOpcode(), Bin->getLHS(), Bin->getRHS()};
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Op->getNumArgs() != 2)
      return std::nullopt;
    BinaryOperatorKind Kind;
    switch (Op->getOperator()) {
    case OO_Less:
      Kind = BO_LT;
      break;
    case OO_LessEqual:
      Kind = BO_LE;
      break;
    case OO_Greater:
      Kind = BO_GT;
      break;
    case OO_GreaterEqual:
      Kind = BO_GE;
      break;
    case OO_ExclaimEqual:
      Kind = BO_NE;
      break;
    default:
      return std::nullopt;
    }
    return Comparison{Kind, Op->getArg(0), Op->getArg(1)};
  }
  return std::nullopt;
}

/// The object whose begin() or end() \p E is: "c" for c.begin(), c.cend(),
/// std::begin(c); \p WantEnd picks which end.
const Expr *rangeEndOf(const Expr *E, bool WantEnd) {
  E = stripTemporaries(E);
  auto NameMatches = [&](const NamedDecl *D) {
    if (!D || !D->getIdentifier())
      return false;
    StringRef Name = D->getName();
    return WantEnd ? Name == "end" || Name == "cend" || Name == "rend" ||
                         Name == "crend"
                   : Name == "begin" || Name == "cbegin" || Name == "rbegin" ||
                         Name == "crbegin";
  };
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    return Call->getNumArgs() == 0 && NameMatches(Call->getMethodDecl())
               ? Call->getImplicitObjectArgument()->IgnoreParenImpCasts()
               : nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->isInStdNamespace() && Call->getNumArgs() == 1 &&
        NameMatches(Callee))
      return Call->getArg(0)->IgnoreParenImpCasts();
  }
  return nullptr;
}

/// The number of elements of \p Range, an object named by a repeatable
/// expression: an array's extent or "r.size()".
std::string sizeOfRange(const Expr *Range, std::optional<uint64_t> &Value,
                        ASTContext &Ctx) {
  QualType T = Range->getType().getNonReferenceType();
  if (const auto *Array = Ctx.getAsConstantArrayType(T)) {
    Value = Array->getSize().getLimitedValue();
    return std::to_string(*Value);
  }
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return "";
  bool HasSize = false;
  for (const auto *Method : Record->methods())
    HasSize |= Method->getIdentifier() && Method->getName() == "size" &&
               Method->getNumParams() == 0 && Method->isConst();
  if (!HasSize)
    return "";
  return operandText(Range, Ctx) + ".size()";
}

/// Whether \p T is an iterator that can be subtracted: a pointer, or a class
/// iterator tagged random-access or contiguous.
bool isRandomAccessIterator(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    return true;
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record)
    return false;
  for (const Decl *D : Record->decls())
    if (const auto *Alias = dyn_cast<TypedefNameDecl>(D);
        Alias && Alias->getName() == "iterator_category") {
      std::string Tag =
          Alias->getUnderlyingType().getCanonicalType().getAsString();
      return StringRef(Tag).contains("random_access") ||
             StringRef(Tag).contains("contiguous");
    }
  return false;
}

/// A loop that steps a counter towards a bound: the for, while and do
/// loops below are all reduced to this.
struct CountedLoop {
  const VarDecl *Counter = nullptr;
  /// The counter's first value; null when it is the counter's value just
  /// before the loop (no initialisation in the loop).
  const Expr *Start = nullptr;
  std::optional<Comparison> Cond;
  int64_t Step = 0;
  /// Do loops run their body once before the first test.
  bool AtLeastOnce = false;
  /// Variables declared in the for-init besides the counter ("e" in
  /// "i = 0, e = v.size()"): their initialisers stand in for them.
  const DeclStmt *InitDecls = nullptr;
};

/// \p E, or the initialiser of the for-init variable it names.
const Expr *resolveInitVar(const Expr *E, const CountedLoop &L) {
  const VarDecl *Var = refVar(E);
  if (!Var || !L.InitDecls || Var == L.Counter)
    return E;
  for (const Decl *D : L.InitDecls->decls())
    if (D == Var && Var->getInit())
      return Var->getInit()->IgnoreParenImpCasts();
  return E;
}

/// Whether \p E names a variable declared in the loop's for-init.
bool mentionsInitVar(const Expr *E, const CountedLoop &L) {
  if (!L.InitDecls)
    return false;
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const DeclStmt *Init;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Found |= llvm::is_contained(Init->decls(), Ref->getDecl());
      return !Found;
    }
  } Visitor;
  Visitor.Init = L.InitDecls;
  Visitor.TraverseStmt(const_cast<Expr *>(E));
  return Visitor.Found;
}

std::optional<TripCount> countedTripCount(const CountedLoop &L,
                                          const Stmt *Body, const Stmt *Scope,
                                          ASTContext &Ctx) {
  if (!L.Cond || L.Step == 0)
    return std::nullopt;
  BinaryOperatorKind Op = L.Cond->Op;
  const Expr *Bound = nullptr;
  if (refVar(L.Cond->LHS) == L.Counter)
    Bound = L.Cond->RHS;
  else if (refVar(L.Cond->RHS) == L.Counter) {
    Bound = L.Cond->LHS;
    Op = BinaryOperator::reverseComparisonOp(Op);
  } else
    return std::nullopt;

  // A for-init variable other than the counter must keep its value.
  if (const VarDecl *BoundVar = refVar(Bound);
      BoundVar && BoundVar != L.Counter && L.InitDecls &&
      llvm::is_contained(L.InitDecls->decls(), BoundVar)) {
    if (isWrittenIn(BoundVar, Body, Ctx))
      return std::nullopt;
    Bound = resolveInitVar(Bound, L);
  }
  const Expr *Start = L.Start ? resolveInitVar(L.Start, L) : nullptr;
  // Any other mention of a for-init variable ("i < n - 1" with n declared in
  // the loop) names something that does not exist before the loop.
  if (mentionsInitVar(Bound, L) || (Start && mentionsInitVar(Start, L)))
    return std::nullopt;
  if (!isLoopInvariant(Bound, Scope, Ctx) ||
      (Start && !isLoopInvariant(Start, Scope, Ctx)))
    return std::nullopt;
  // Without an initialisation the counter starts where it stands; outside
  // its own loop that value must not change either.
  if (!Start && Scope != Body &&
      (declaredIn(L.Counter, Scope, Ctx) || isWrittenIn(L.Counter, Scope, Ctx)))
    return std::nullopt;

  bool IsIterator = !L.Counter->getType()->isIntegerType();
  if (IsIterator) {
    // Iterators count up to an end: c.begin() .. c.end() is c.size();
    // otherwise end - start for iterators that subtract.
    if (L.Step != 1 || !Start || (Op != BO_NE && Op != BO_LT))
      return std::nullopt;
    TripCount Result;
    const Expr *First = rangeEndOf(Start, /*WantEnd=*/false);
    const Expr *Last = rangeEndOf(Bound, /*WantEnd=*/true);
    if (First && Last && isRepeatable(First) &&
        textOf(First, Ctx) == textOf(Last, Ctx)) {
      Result.Spelling = sizeOfRange(First, Result.Value, Ctx);
      if (!Result.Spelling.empty())
        return Result;
    }
    // Two ends of different ranges never meet.
    if ((First && Last) || !isRandomAccessIterator(L.Counter->getType()) ||
        !isRepeatable(Bound) || !isRepeatable(Start))
      return std::nullopt;
    std::string Hi = operandText(Bound, Ctx), Lo = operandText(Start, Ctx);
    Result.Spelling = Op == BO_NE
                          ? Hi + " - " + Lo
                          : Hi + " > " + Lo + " ? " + Hi + " - " + Lo + " : 0";
    return Result;
  }

  // The counter's own name stands for its value before the loop.
  const Expr *Lo = Start, *Hi = Bound;
  bool Inclusive = false;
  bool Reversed = false;
  switch (Op) {
  case BO_LT:
  case BO_NE:
    if (L.Step < 0)
      return std::nullopt;
    break;
  case BO_LE:
    if (L.Step < 0)
      return std::nullopt;
    Inclusive = true;
    break;
  case BO_GT:
    if (L.Step > 0)
      return std::nullopt;
    Reversed = true;
    break;
  case BO_GE:
    if (L.Step > 0)
      return std::nullopt;
    Reversed = true;
    Inclusive = true;
    break;
  default:
    return std::nullopt;
  }
  uint64_t Stride = L.Step < 0 ? -L.Step : L.Step;
  // '!=' only terminates predictably with a unit step.
  if (Op == BO_NE && Stride != 1)
    return std::nullopt;

  TripCount Result;
  unsigned Floor = L.AtLeastOnce ? 1 : 0;
  std::optional<int64_t> BoundValue = constantOf(Bound, Ctx);
  std::optional<int64_t> StartValue =
      Start ? constantOf(Start, Ctx) : std::nullopt;
  if (BoundValue && StartValue) {
    int64_t HiValue = Reversed ? *StartValue : *BoundValue;
    int64_t LoValue = Reversed ? *BoundValue : *StartValue;
    // Widened so that extreme bounds cannot overflow.
    __int128 Span = static_cast<__int128>(HiValue) - LoValue + Inclusive;
    uint64_t Count =
        Span > 0 ? static_cast<uint64_t>((Span + Stride - 1) / Stride) : 0;
    Result.Value = std::max<uint64_t>(Count, Floor);
    Result.Spelling = std::to_string(*Result.Value);
    // Counted from 0 up to a named constant or a macro: the count keeps the
    // name, which another build may give another value.
    if (!Reversed && Stride == 1 && *StartValue == 0 && *BoundValue >= 0 &&
        *Result.Value == Count && isNamedConstant(Bound, Ctx))
      Result.Spelling = operandText(Bound, Ctx) + (Inclusive ? " + 1" : "");
    return Result;
  }
  std::string Span;
  if (!Start) {
    // for (; i < n; ++i) and while loops: the counter is read before the
    // loop, so it appears as itself.
    if (!isRepeatable(Bound))
      return std::nullopt;
    std::string CounterText = L.Counter->getName().str();
    std::string BoundText = operandText(Bound, Ctx);
    std::string HiText = Reversed ? CounterText : BoundText;
    std::string LoText = Reversed ? BoundText : CounterText;
    Span = HiText + (Inclusive ? " >= " : " > ") + LoText + " ? " + HiText +
           " - " + LoText + (Inclusive ? " + 1" : "") + " : " +
           std::to_string(Floor);
  } else {
    if (Reversed)
      std::swap(Lo, Hi);
    Span = difference(Hi, Lo, Inclusive, Floor, Ctx);
  }
  if (Span.empty())
    return std::nullopt;
  if (Stride != 1)
    Span = "((" + Span + ") + " + std::to_string(Stride - 1) + ") / " +
           std::to_string(Stride);
  Result.Spelling = Span;
  return Result;
}

std::optional<TripCount> forTripCount(const ForStmt *For, const Stmt *Scope,
                                      ASTContext &Ctx) {
  // for (T I = Start[, E = End]; I <op> Bound; step), for (I = Start; ...)
  // and for (; I <op> Bound; step).
  CountedLoop L;
  L.Cond = comparisonOf(For->getCond());
  if (!L.Cond)
    return std::nullopt;
  if (const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    L.InitDecls = Init;
    for (const Decl *D : Init->decls()) {
      const auto *Var = dyn_cast<VarDecl>(D);
      if (Var && (refVar(L.Cond->LHS) == Var || refVar(L.Cond->RHS) == Var) &&
          stepOf(For->getInc(), Var, Ctx) != 0)
        L.Counter = Var;
    }
    if (!L.Counter || !L.Counter->getInit())
      return std::nullopt;
    L.Start = stripTemporaries(L.Counter->getInit());
  } else if (const auto *Assign =
                 dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (Assign->getOpcode() != BO_Assign || !refVar(Assign->getLHS()))
      return std::nullopt;
    L.Counter = refVar(Assign->getLHS());
    L.Start = Assign->getRHS()->IgnoreParenImpCasts();
  } else if (!For->getInit()) {
    L.Counter = refVar(L.Cond->LHS) ? refVar(L.Cond->LHS) : refVar(L.Cond->RHS);
  } else {
    return std::nullopt;
  }
  if (!L.Counter || (!L.Counter->getType()->isIntegerType() &&
                     !L.Counter->getType()->isPointerType() &&
                     !L.Counter->getType()->isRecordType()))
    return std::nullopt;
  L.Step = stepOf(For->getInc(), L.Counter, Ctx);
  const Stmt *Body = For->getBody();
  if (isWrittenIn(L.Counter, Body, Ctx))
    return std::nullopt;
  // The other operands of a comma increment run on every iteration too: the
  // side of the condition that is not the counter must keep its value.
  if (const auto *Comma = dyn_cast_or_null<BinaryOperator>(
          For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr);
      Comma && Comma->getOpcode() == BO_Comma) {
    const Expr *Other =
        refVar(L.Cond->LHS) == L.Counter ? L.Cond->RHS : L.Cond->LHS;
    if (!isLoopInvariant(resolveInitVar(Other, L), For->getInc(), Ctx) ||
        (refVar(Other) && isWrittenIn(refVar(Other), For->getInc(), Ctx)))
      return std::nullopt;
  }
  return countedTripCount(L, Body, Scope ? Scope : Body, Ctx);
}

/// The 'continue' statements of a loop body that belong to its loop, not
/// to a nested one.
llvm::SmallVector<const ContinueStmt *, 2> ownContinuesIn(const Stmt *Body) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    llvm::SmallVector<const ContinueStmt *, 2> Found;
    bool TraverseStmt(Stmt *S) {
      if (!S || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr>(S))
        return true;
      return RecursiveASTVisitor::TraverseStmt(S);
    }
    bool VisitContinueStmt(ContinueStmt *Continue) {
      Found.push_back(Continue);
      return true;
    }
  } Visitor;
  if (!Body)
    return {};
  // The body itself may be a loop (for (...) while (...) ...).
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Body))
    return {};
  Visitor.RecursiveASTVisitor::TraverseStmt(const_cast<Stmt *>(Body));
  return Visitor.Found;
}

/// while (n--), while (n-- > 0), do ... while (--n), do ... while (--n > 0):
/// the counter counts itself down to zero.
std::optional<TripCount> countdownTripCount(const Expr *Cond, const Stmt *Body,
                                            bool IsDo, const Stmt *Scope,
                                            ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  if (std::optional<Comparison> Compare = comparisonOf(Cond)) {
    std::optional<int64_t> Zero = constantOf(Compare->RHS, Ctx);
    if (!Zero || *Zero != 0 || (Compare->Op != BO_GT && Compare->Op != BO_NE))
      return std::nullopt;
    Cond = Compare->LHS->IgnoreParenImpCasts();
  }
  const auto *Dec = dyn_cast<UnaryOperator>(Cond);
  if (!Dec || !Dec->isDecrementOp() || Dec->isPrefix() != IsDo)
    return std::nullopt;
  const VarDecl *Counter = refVar(Dec->getSubExpr());
  if (!Counter || !Counter->getType()->isIntegerType() ||
      isWrittenIn(Counter, Body, Ctx))
    return std::nullopt;
  if (Scope != Body &&
      (declaredIn(Counter, Scope, Ctx) || isWrittenIn(Counter, Scope, Ctx)))
    return std::nullopt;
  TripCount Result;
  std::string Name = Counter->getName().str();
  unsigned Floor = IsDo ? 1 : 0;
  Result.Spelling = Counter->getType()->isUnsignedIntegerType() && !IsDo
                        ? Name
                        : Name + " > " + std::to_string(Floor) + " ? " + Name +
                              " : " + std::to_string(Floor);
  return Result;
}

/// while (i < n) { ...; ++i; } and do { ...; ++i; } while (i < n): the
/// counter is stepped by the body's last statement and nowhere else.
std::optional<TripCount> whileTripCount(const Expr *Cond, const Stmt *Body,
                                        bool IsDo, const Stmt *Scope,
                                        ASTContext &Ctx) {
  if (!Cond || !Body)
    return std::nullopt;
  if (!Scope)
    Scope = Body;
  if (auto Count = countdownTripCount(Cond, Body, IsDo, Scope, Ctx))
    return Count;
  const auto *Block = dyn_cast<CompoundStmt>(Body);
  if (!Block || Block->body_empty() || !ownContinuesIn(Body).empty())
    return std::nullopt;
  CountedLoop L;
  L.Cond = comparisonOf(Cond);
  if (!L.Cond)
    return std::nullopt;
  L.Counter = refVar(L.Cond->LHS) ? refVar(L.Cond->LHS) : refVar(L.Cond->RHS);
  if (!L.Counter || !L.Counter->getType()->isIntegerType())
    return std::nullopt;
  const auto *Last = dyn_cast<Expr>(Block->body_back());
  L.Step = stepOf(Last, L.Counter, Ctx);
  L.AtLeastOnce = IsDo;
  for (const Stmt *S : Block->body())
    if (S != Block->body_back() && isWrittenIn(L.Counter, S, Ctx))
      return std::nullopt;
  return countedTripCount(L, Body, Scope, Ctx);
}

std::optional<TripCount> rangeForTripCount(const CXXForRangeStmt *For,
                                           const Stmt *Scope, ASTContext &Ctx) {
  const Expr *Range = For->getRangeInit();
  if (!Range)
    return std::nullopt;
  Range = Range->IgnoreParenImpCasts();
  TripCount Result;
  if (const auto *Array =
          Ctx.getAsConstantArrayType(Range->getType().getNonReferenceType())) {
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
  // A named range, or a getter returning one by reference (obj.items()),
  // with a size() member, that the loop leaves alone.
  bool IsGetter = false;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Range)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    IsGetter = Method && readsLikeConst(Method) && hasNoExplicitArgs(Call) &&
               Method->getReturnType()->isReferenceType() && isRepeatable(Call);
    if (!IsGetter)
      return std::nullopt;
  } else if (!isa<DeclRefExpr, MemberExpr>(Range) || !isRepeatable(Range)) {
    return std::nullopt;
  }
  const Stmt *Within = Scope ? Scope : For->getBody();
  if (const VarDecl *Var = refVar(Range);
      Var && (isWrittenIn(Var, For->getBody(), Ctx) ||
              (Scope &&
               (declaredIn(Var, Scope, Ctx) || isWrittenIn(Var, Scope, Ctx)))))
    return std::nullopt;
  if (!refVar(Range) && !isLoopInvariant(Range, Within, Ctx))
    return std::nullopt;
  Result.Spelling = sizeOfRange(Range, Result.Value, Ctx);
  if (Result.Spelling.empty())
    return std::nullopt;
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

llvm::SmallVector<const ContinueStmt *, 2> ownContinues(const Stmt *Loop) {
  return ownContinuesIn(loopBody(Loop));
}

bool runsOverARange(const Stmt *Loop) {
  if (isa_and_nonnull<CXXForRangeStmt>(Loop))
    return true;
  const Expr *Cond = nullptr;
  if (const auto *For = dyn_cast_or_null<ForStmt>(Loop))
    Cond = For->getCond();
  else if (const auto *While = dyn_cast_or_null<WhileStmt>(Loop))
    Cond = While->getCond();
  if (!Cond)
    return false;
  auto IsRangeBound = [](const Expr *Side) {
    const auto *Call = dyn_cast<CXXMemberCallExpr>(Side->IgnoreParenImpCasts());
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    return Method && Method->getIdentifier() &&
           llvm::is_contained({"size", "length", "end", "cend"},
                              Method->getName());
  };
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<BinaryOperator>(Cond))
    return Op->isComparisonOp() &&
           (IsRangeBound(Op->getLHS()) || IsRangeBound(Op->getRHS()));
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Cond))
    return Op->isComparisonOp() && Op->getNumArgs() == 2 &&
           (IsRangeBound(Op->getArg(0)) || IsRangeBound(Op->getArg(1)));
  if (const auto *Op = dyn_cast<CXXRewrittenBinaryOperator>(Cond))
    return IsRangeBound(Op->getLHS()) || IsRangeBound(Op->getRHS());
  return false;
}

bool loopMayExitEarly(const Stmt *Loop) {
  const Stmt *Body = loopBody(Loop);
  if (!Body)
    return true;
  EarlyExitFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(Body));
  return Finder.Found;
}

std::optional<TripCount> computeTripCount(const Stmt *Loop, ASTContext &Ctx,
                                          const Stmt *InvariantIn) {
  if (!Loop || loopMayExitEarly(Loop))
    return std::nullopt;
  if (Loop->getBeginLoc().isMacroID())
    return std::nullopt;
  if (InvariantIn == Loop)
    InvariantIn = nullptr;
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return forTripCount(For, InvariantIn, Ctx);
  if (const auto *RangeFor = dyn_cast<CXXForRangeStmt>(Loop))
    return rangeForTripCount(RangeFor, InvariantIn, Ctx);
  if (const auto *While = dyn_cast<WhileStmt>(Loop)) {
    if (While->getConditionVariable())
      return std::nullopt;
    return whileTripCount(While->getCond(), While->getBody(), /*IsDo=*/false,
                          InvariantIn, Ctx);
  }
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return whileTripCount(Do->getCond(), Do->getBody(), /*IsDo=*/true,
                          InvariantIn, Ctx);
  return std::nullopt;
}

std::optional<TripCount>
computeTripCountFrom(const Stmt *Loop, const Stmt *From, ASTContext &Ctx) {
  if (!Loop || !From || Loop == From)
    return std::nullopt;
  DynTypedNodeList Parents = parentsOf(*Loop, Ctx);
  const auto *Block =
      Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  if (!Block)
    return std::nullopt;
  // The statements from From to Loop stand for the stretch of code the
  // count must hold across; a block of them is the scope to check.
  llvm::SmallVector<Stmt *, 8> Span;
  for (Stmt *S : Block->body()) {
    if (S == From || !Span.empty())
      Span.push_back(S);
    if (S == Loop)
      break;
  }
  if (Span.empty() || Span.back() != Loop)
    return std::nullopt;
  const auto *Scope = CompoundStmt::Create(
      Ctx, Span, FPOptionsOverride(), From->getBeginLoc(), Loop->getEndLoc());
  return computeTripCount(Loop, Ctx, Scope);
}

bool isInLoopBody(const Stmt *S, const Stmt *Loop, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  const Stmt *Child = S;
  while (true) {
    Node = parentOf(Node, Ctx, /*PreferInitialization=*/true);
    const auto *Parent = Node.get<Stmt>();
    if (!Parent)
      return false;
    if (Parent == Loop)
      return Child == loopBody(Loop);
    Child = Parent;
  }
}

bool alwaysLeaves(const Stmt *S) {
  if (const auto *E = dyn_cast_or_null<Expr>(S)) {
    E = E->IgnoreImplicit();
    if (isa<CXXThrowExpr>(E))
      return true;
    const auto *Call = dyn_cast<CallExpr>(E);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    return Callee && Callee->isNoReturn();
  }
  if (isa_and_nonnull<ReturnStmt, BreakStmt, GotoStmt, CoreturnStmt>(S))
    return true;
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
    return !Block->body_empty() && alwaysLeaves(Block->body_back());
  if (const auto *If = dyn_cast_or_null<IfStmt>(S))
    return If->getElse() && alwaysLeaves(If->getThen()) &&
           alwaysLeaves(If->getElse());
  if (const auto *Attributed = dyn_cast_or_null<AttributedStmt>(S))
    return alwaysLeaves(Attributed->getSubStmt());
  return false;
}

bool runsAtMostOnce(const Stmt *Loop, ASTContext &Ctx) {
  const Expr *Cond = nullptr;
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    Cond = Do->getCond();
  else if (const auto *While = dyn_cast<WhileStmt>(Loop))
    Cond = While->getCond();
  else if (const auto *For = dyn_cast<ForStmt>(Loop))
    Cond = For->getCond();
  bool Value = true;
  if (Cond && !Cond->isValueDependent() &&
      Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value)
    return true;
  if (std::optional<TripCount> Count = computeTripCount(Loop, Ctx);
      Count && Count->Value && *Count->Value <= 1)
    return true;
  const Stmt *Body = loopBody(Loop);
  return alwaysLeaves(Body) && ownContinues(Loop).empty();
}

} // namespace alloc_tidy
