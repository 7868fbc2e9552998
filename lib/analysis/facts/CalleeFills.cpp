//===--- CalleeFills.cpp - a container filled through a reference ---------===//

#include "lib/analysis/facts/CalleeFills.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// Members that only read (their results refer to elements at most).
const llvm::StringSet<> &readMembers() {
  static const llvm::StringSet<> Names = {
      "size",       "empty",     "front",         "back",         "at",
      "begin",      "end",       "cbegin",        "cend",         "rbegin",
      "rend",       "crbegin",   "crend",         "find",         "count",
      "contains",   "length",    "substr",        "compare",      "starts_with",
      "ends_with",  "rfind",     "find_first_of", "find_last_of", "operator[]",
      "operator==", "operator!="};
  return Names;
}

/// The expressions of a body that name one variable.
class References : public RecursiveASTVisitor<References> {
public:
  explicit References(const ValueDecl *Var) : Var(Var) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Var)
      Found.push_back(Ref);
    return true;
  }
  const ValueDecl *Var;
  std::vector<const DeclRefExpr *> Found;
};

/// What a function does with the pointer value of its pointer parameter.
struct PointerStep {
  enum Kind {
    /// Reaches the container: "*Out" or "Out->" (Named names it).
    Reaches,
    /// Tests it against null: "if (Out)", "!Out", "Out != nullptr".
    NullTest,
    /// Hands the pointer to a call (Call, argument Arg).
    HandedOn,
    /// Anything else: stores, reassigns, returns, compares or offsets it.
    Other,
  } Kind = Other;
  const Expr *Named = nullptr;
  const CallExpr *Call = nullptr;
  unsigned Arg = 0;
};

bool isNullTest(const DynTypedNode &Parent, const Expr *Child,
                ASTContext &Ctx) {
  // "if (Out)", "!Out", "Out && ...", "static_cast<bool>(Out)" (assert).
  if (const auto *Cast = dyn_cast_or_null<CastExpr>(Child);
      Cast && Cast->getCastKind() == CK_PointerToBoolean)
    return true;
  if (const auto *Cast = Parent.get<CastExpr>();
      Cast && Cast->getCastKind() == CK_PointerToBoolean)
    return true;
  const auto *Compare = Parent.get<BinaryOperator>();
  if (!Compare || !Compare->isEqualityOp())
    return false;
  const Expr *Other = stripTransparent(Compare->getLHS()) == Child
                          ? Compare->getRHS()
                          : Compare->getLHS();
  return Other->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
}

/// What the use \p Ref of a pointer parameter does with the pointer.
PointerStep pointerStep(const DeclRefExpr *Ref, ASTContext &Ctx) {
  PointerStep Step;
  const Expr *Child = nullptr;
  DynTypedNode Parent = meaningfulParent(Ref, Ctx, Child, Transparency::Value);
  // Every use of the pointer's value reads it first; anything else ("&Out",
  // "Out = ...", "++Out") changes or exposes the variable itself.
  const auto *Read = Parent.get<ImplicitCastExpr>();
  if (!Read || Read->getCastKind() != CK_LValueToRValue)
    return Step;
  Parent = meaningfulParent(Read, Ctx, Child, Transparency::Value);
  if (const auto *Deref = Parent.get<UnaryOperator>();
      Deref && Deref->getOpcode() == UO_Deref) {
    Step.Kind = PointerStep::Reaches;
    Step.Named = Deref;
    return Step;
  }
  if (const auto *Member = Parent.get<MemberExpr>();
      Member && Member->isArrow() &&
      stripTransparent(Member->getBase()) == Read) {
    Step.Kind = PointerStep::Reaches;
    Step.Named = Read;
    return Step;
  }
  if (isNullTest(Parent, Child, Ctx)) {
    Step.Kind = PointerStep::NullTest;
    return Step;
  }
  if (const auto *Call = Parent.get<CallExpr>();
      Call && !isa<CXXOperatorCallExpr>(Call)) {
    llvm::SmallVector<const Expr *, 4> Args(Call->arg_begin(), Call->arg_end());
    Step.Arg = argumentIndex(Args, Child);
    if (Step.Arg < Args.size()) {
      Step.Kind = PointerStep::HandedOn;
      Step.Call = Call;
    }
  }
  return Step;
}

/// Standard algorithms that call the function object they are given while
/// they run and keep no copy of it once they return.
bool isAlgorithmTakingCallable(const FunctionDecl &Callee) {
  static const llvm::StringSet<> Names = {"find_if",
                                          "find_if_not",
                                          "any_of",
                                          "all_of",
                                          "none_of",
                                          "count_if",
                                          "sort",
                                          "stable_sort",
                                          "partial_sort",
                                          "nth_element",
                                          "is_sorted",
                                          "remove_if",
                                          "remove_copy_if",
                                          "replace_if",
                                          "copy_if",
                                          "transform",
                                          "partition",
                                          "stable_partition",
                                          "lower_bound",
                                          "upper_bound",
                                          "equal_range",
                                          "binary_search",
                                          "min_element",
                                          "max_element",
                                          "minmax_element",
                                          "accumulate",
                                          "adjacent_find",
                                          "search",
                                          "mismatch",
                                          "equal",
                                          "unique",
                                          "merge",
                                          "includes",
                                          "generate",
                                          "find_first_of",
                                          "is_partitioned",
                                          "partition_point",
                                          "inner_product",
                                          "lexicographical_compare"};
  return isWithinStd(&Callee) && Callee.getIdentifier() &&
         !isa<CXXMethodDecl>(Callee) && Names.contains(Callee.getName());
}

/// Whether \p Closure (a lambda, or a copy of one) is an argument of a call
/// of a standard algorithm, which is done with it when it returns.
bool isAlgorithmArgument(const Expr *Closure, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(Closure, Ctx, Child, Transparency::Value);
  if (const auto *Copy = Parent.get<CXXConstructExpr>();
      Copy && Copy->getConstructor()->isCopyOrMoveConstructor())
    Parent = meaningfulParent(Copy, Ctx, Child, Transparency::Value);
  const auto *Call = Parent.get<CallExpr>();
  return Call && Call->getDirectCallee() &&
         isAlgorithmTakingCallable(*Call->getDirectCallee());
}

/// The lambda expression of \p Function's body whose closure type is
/// \p Class.
const LambdaExpr *lambdaOfClass(const CXXRecordDecl &Class,
                                const FunctionDecl &Function) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    explicit Finder(const CXXRecordDecl &Class) : Class(Class) {}
    bool VisitLambdaExpr(LambdaExpr *Lambda) {
      if (Lambda->getLambdaClass() == &Class)
        Found = Lambda;
      return !Found;
    }
    const CXXRecordDecl &Class;
    const LambdaExpr *Found = nullptr;
  } Lambdas(Class);
  Lambdas.TraverseStmt(Function.getBody());
  return Lambdas.Found;
}

/// Whether \p Lambda, written in \p Function, is done when the function
/// returns: written as a standard algorithm's argument, or kept in a local
/// variable that is only called or handed to standard algorithms
/// ("auto Eq = [&](auto &X) { return Key == X; }; find_if(B, E, Eq)").
bool lambdaEndsInFunction(const LambdaExpr &Lambda,
                          const FunctionDecl &Function, ASTContext &Ctx) {
  // A lambda inside another one: the outer closure would need the same
  // judgement.
  if (enclosingFunction(&Lambda, Ctx) != &Function)
    return false;
  if (isAlgorithmArgument(&Lambda, Ctx))
    return true;
  const Expr *Child = nullptr;
  const auto *Var =
      meaningfulParent(&Lambda, Ctx, Child, Transparency::Value).get<VarDecl>();
  if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var) ||
      Var->getType()->getAsCXXRecordDecl() != Lambda.getLambdaClass())
    return false;
  References Closure(Var);
  Closure.TraverseStmt(Function.getBody());
  return llvm::all_of(Closure.Found, [&](const DeclRefExpr *Use) {
    if (isAlgorithmArgument(Use, Ctx))
      return true;
    // "Eq(X)": a call of the closure's operator().
    const Expr *UseChild = nullptr;
    const auto *Call = meaningfulParent(Use, Ctx, UseChild, Transparency::Value)
                           .get<CXXOperatorCallExpr>();
    return Call && Call->getOperator() == OO_Call && Call->getNumArgs() > 0 &&
           stripTransparent(Call->getArg(0)) == stripTransparent(Use);
  });
}

/// The lambda whose capture list names \p Container (by reference, or
/// copied into the closure).
const LambdaExpr *capturingLambda(const Expr *Container, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(Container, Ctx, Child, Transparency::Value);
  if (const auto *Copy = Parent.get<CXXConstructExpr>())
    Parent = meaningfulParent(Copy, Ctx, Child, Transparency::Value);
  return Parent.get<LambdaExpr>();
}

/// Whether the lambda whose body names \p Ref (a variable of \p Function
/// that it captures by reference) is done when \p Function returns
/// (lambdaEndsInFunction()).
bool closureEndsInFunction(const DeclRefExpr *Ref, const FunctionDecl &Function,
                           ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*Ref);
  const LambdaExpr *Lambda = nullptr;
  while (!Lambda) {
    Node = parentOf(Node, Ctx);
    if (Node.getNodeKind().isNone())
      return false;
    Lambda = Node.get<LambdaExpr>();
    // The body of a generic lambda's instantiated call operator has the
    // operator as its parent: the lambda is the one of its class.
    if (const auto *Operator = Node.get<CXXMethodDecl>()) {
      if (!clang::isLambdaCallOperator(Operator))
        return false;
      Lambda = lambdaOfClass(*Operator->getParent(), Function);
      if (!Lambda)
        return false;
    } else if (Node.get<Decl>()) {
      return false;
    }
  }
  return lambdaEndsInFunction(*Lambda, Function, Ctx);
}

/// The parameters whose uses are judged (or being judged) already: a call
/// that hands the container to one of them again (recursion, or a second
/// call of the same function) adds no use to judge and no growth site.
using JudgedParams =
    llvm::SmallVector<std::pair<const FunctionDecl *, unsigned>>;

std::optional<CalleeUse> useByCallee(const FunctionDecl *Callee, unsigned Index,
                                     ASTContext &Ctx, std::string &Why,
                                     JudgedParams &Judged, unsigned Depth,
                                     const ParameterFillsElsewhere *Elsewhere);

} // namespace

bool changesContainer(StringRef Member) {
  static const llvm::StringSet<> Names = {
      "push_back",  "emplace_back",  "insert",     "emplace",  "append",
      "resize",     "assign",        "clear",      "pop_back", "erase",
      "push_front", "emplace_front", "operator+=", "reserve"};
  return Names.contains(Member);
}

bool isResultDiscarded(const Expr *Call, ASTContext &Ctx) {
  return valueUseOf(Call, Ctx).Use != ValueUse::Used;
}

std::optional<CalleeUse>
containerUseByCallee(const FunctionDecl *Callee, unsigned Index,
                     ASTContext &Ctx, std::string &Why,
                     const ParameterFillsElsewhere *Elsewhere) {
  JudgedParams Judged;
  return useByCallee(Callee, Index, Ctx, Why, Judged, 0, Elsewhere);
}

namespace {

std::optional<CalleeUse> useByCallee(const FunctionDecl *Callee, unsigned Index,
                                     ASTContext &Ctx, std::string &Why,
                                     JudgedParams &Judged, unsigned Depth,
                                     const ParameterFillsElsewhere *Elsewhere) {
  // "split(Line, Words)" or, in the style that marks an output at the call,
  // "split(Line, &Words)".
  std::string Passed =
      Callee && Index < Callee->getNumParams() &&
              Callee->getParamDecl(Index)->getType()->isPointerType()
          ? "passed by pointer"
          : "passed by non-const reference";
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) || !Definition) {
    const ParameterFill *Record =
        Callee && Elsewhere ? Elsewhere->find(*Callee, Index) : nullptr;
    if (!Record) {
      Why = Passed + " to a function defined elsewhere";
      return std::nullopt;
    }
    CalleeUse Use;
    Use.Fills = Record->Fills;
    Use.ReturnsIt = Record->ReturnsIt;
    Use.GrowthElsewhere = Record->Growth;
    return Use;
  }
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Definition);
      Method && Method->isVirtual() && !Method->hasAttr<FinalAttr>() &&
      !Method->getParent()->hasAttr<FinalAttr>()) {
    Why = Passed + " to a virtual function";
    return std::nullopt;
  }
  if (Depth > 3 || Index >= Definition->getNumParams() ||
      Definition->isDependentContext()) {
    Why = Passed + " to '" + Definition->getNameAsString() + "'";
    return std::nullopt;
  }
  if (llvm::is_contained(Judged, std::make_pair(Definition, Index)))
    return CalleeUse{};
  Judged.emplace_back(Definition, Index);
  const ParmVarDecl *Param = Definition->getParamDecl(Index);
  bool ThroughPointer = Param->getType()->isPointerType();
  References Refs(Param);
  Refs.TraverseStmt(Definition->getBody());
  std::string Name = Definition->getNameAsString();
  auto Fail = [&](const std::string &What) -> std::optional<CalleeUse> {
    Why = "'" + Name + "' " + What + " the container it takes " +
          (ThroughPointer ? "by pointer" : "by reference");
    return std::nullopt;
  };
  CalleeUse Use;
  // The container handed on to parameter Arg of Next, by the call Call.
  auto FollowInto = [&](const FunctionDecl *Next, unsigned Arg,
                        const CallExpr *Call) -> bool {
    std::optional<CalleeUse> Inner =
        useByCallee(Next, Arg, Ctx, Why, Judged, Depth + 1, Elsewhere);
    if (!Inner)
      return false;
    if (Inner->ReturnsIt && !isResultDiscarded(Call, Ctx)) {
      Fail("keeps what '" + Next->getNameAsString() + "' returns of");
      return false;
    }
    Use.Fills = Use.Fills || Inner->Fills;
    Use.Growth.insert(Use.Growth.end(), Inner->Growth.begin(),
                      Inner->Growth.end());
    Use.GrowthElsewhere.insert(Use.GrowthElsewhere.end(),
                               Inner->GrowthElsewhere.begin(),
                               Inner->GrowthElsewhere.end());
    return true;
  };
  // The container handed on by pointer as argument Arg of Call: read through
  // a pointer to const (as through a const reference), or followed.
  auto HandOnPointer = [&](const CallExpr *Call, unsigned Arg) -> bool {
    const FunctionDecl *Next = Call->getDirectCallee();
    if (!Next || isWithinStd(Next) || Arg >= Next->getNumParams() ||
        !Next->getParamDecl(Arg)->getType()->isPointerType() ||
        !Next->getParamDecl(Arg)->getType()->getPointeeCXXRecordDecl()) {
      Fail("hands on a pointer to");
      return false;
    }
    if (Next->getParamDecl(Arg)->getType()->getPointeeType().isConstQualified())
      return true;
    return FollowInto(Next, Arg, Call);
  };
  for (const DeclRefExpr *Ref : Refs.Found) {
    // In a lambda's body: the closure may outlive the call, unless it is
    // done when the function returns.
    if (Ref->refersToEnclosingVariableOrCapture() &&
        !closureEndsInFunction(Ref, *Definition, Ctx))
      return Fail("captures");
    // The expression that names the container: the parameter itself, or
    // "*Out" and "Out->" for a pointer.
    const Expr *Container = Ref;
    if (ThroughPointer) {
      PointerStep Step = pointerStep(Ref, Ctx);
      if (Step.Kind == PointerStep::NullTest)
        continue;
      if (Step.Kind == PointerStep::Other)
        return Fail("keeps, changes or compares the pointer to");
      if (Step.Kind == PointerStep::HandedOn) {
        if (!HandOnPointer(Step.Call, Step.Arg))
          return std::nullopt;
        continue;
      }
      Container = Step.Named;
    }
    ContainerUse U = classifyContainerUse(Container, Ctx);
    switch (U.Kind) {
    case UseKind::Call:
      if (changesContainer(U.Method)) {
        Use.Fills = true;
        Use.Growth.push_back(cast<Expr>(U.Site));
        continue;
      }
      if (readMembers().contains(U.Method))
        continue;
      return Fail("calls " + U.Method + "() on");
    case UseKind::Subscript:
    case UseKind::RangeFor:
    case UseKind::PassedToFixedType:
    case UseKind::PassedToTemplate:
      continue;
    case UseKind::Captured:
      // In the capture list ("[&Out]", or a copy): the lambda's body holds
      // the uses, judged where they are written.
      if (const LambdaExpr *Lambda = capturingLambda(Container, Ctx);
          Lambda && lambdaEndsInFunction(*Lambda, *Definition, Ctx))
        continue;
      return Fail("captures");
    case UseKind::Linked:
      return Fail("swaps, assigns or copies");
    case UseKind::Unknown:
      break;
    }
    const Expr *Child = nullptr;
    DynTypedNode Parent =
        meaningfulParent(Container, Ctx, Child, Transparency::Value,
                         /*PreferInitialization=*/true);
    // "Key == X" in a generic lambda's body, whose operands' types the
    // template leaves open: a comparison reads them.
    if (const auto *Compare = Parent.get<BinaryOperator>();
        Compare && Compare->isComparisonOp() && Compare->isTypeDependent())
      continue;
    // "return Out;" from a function returning a reference to it: the caller
    // gets its own container back (its use of the result is judged there).
    if (Parent.get<ReturnStmt>() &&
        Definition->getReturnType()->isLValueReferenceType() &&
        Ctx.hasSameUnqualifiedType(
            Definition->getReturnType().getNonReferenceType(),
            Param->getType().getNonReferenceType())) {
      Use.ReturnsIt = true;
      continue;
    }
    // Handed on by address, "g(&Out)".
    if (const auto *Address = Parent.get<UnaryOperator>();
        Address && Address->getOpcode() == UO_AddrOf) {
      const Expr *Operand = nullptr;
      DynTypedNode Holder =
          meaningfulParent(Address, Ctx, Operand, Transparency::Value);
      const auto *Call = Holder.get<CallExpr>();
      if (!Call || isa<CXXOperatorCallExpr>(Call))
        return Fail("takes the address of");
      llvm::SmallVector<const Expr *, 4> Args(Call->arg_begin(),
                                              Call->arg_end());
      unsigned Arg = argumentIndex(Args, Operand);
      if (Arg == Args.size())
        return Fail("takes the address of");
      if (!HandOnPointer(Call, Arg))
        return std::nullopt;
      continue;
    }
    // Handed on by non-const reference: followed into that function.
    const auto *Call = Parent.get<CallExpr>();
    llvm::SmallVector<const Expr *, 4> Args;
    if (Call)
      Args.assign(Call->arg_begin(), Call->arg_end());
    unsigned Arg = Call ? argumentIndex(Args, Child) : 0;
    const FunctionDecl *Next = Call ? Call->getDirectCallee() : nullptr;
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(Call);
        Op && Next && Arg < Args.size()) {
      // "Out += x" appends; an operator that takes it by value or const
      // reference ("Out == x", "os << Out") reads it.
      if (Arg == 0 && Op->getOperator() == OO_PlusEqual) {
        Use.Fills = true;
        Use.Growth.push_back(Op);
        continue;
      }
      unsigned ParamIndex = isa<CXXMethodDecl>(Next) ? Arg - 1 : Arg;
      if ((!isa<CXXMethodDecl>(Next) || Arg > 0) &&
          ParamIndex < Next->getNumParams()) {
        QualType P = Next->getParamDecl(ParamIndex)->getType();
        if (!P->isReferenceType() || P.getNonReferenceType().isConstQualified())
          continue;
      }
    }
    if (!Next || Arg == Args.size() || isa<CXXOperatorCallExpr>(Call) ||
        isWithinStd(Next))
      return Fail("does more with" + (U.Why.empty() ? "" : " (" + U.Why + ")"));
    if (!FollowInto(Next, Arg, Call))
      return std::nullopt;
  }
  return Use;
}

} // namespace
} // namespace alloc_tidy
