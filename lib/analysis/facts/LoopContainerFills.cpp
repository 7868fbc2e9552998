//===--- LoopContainerFills.cpp -------------------------------------------===//

#include "lib/analysis/facts/LoopContainerFills.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/CalleeFills.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {

/// The most bytes of characters a std::basic_string keeps in its inline
/// buffer on any of the three standard libraries (libc++: 22 chars;
/// libstdc++ and the MSVC STL: 15). Longer contents always allocate.
static constexpr uint64_t MaxInlineStringBytes = 22;

static std::optional<uint64_t> constantCount(const Expr *E,
                                             const ASTContext &Ctx) {
  if (E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult Result;
  if (!E->EvaluateAsInt(Result, Ctx) || Result.Val.getInt().isNegative())
    return std::nullopt;
  return Result.Val.getInt().getLimitedValue();
}

bool isDefaultConstructed(const VarDecl *Var) {
  const Expr *Init = Var->getInit();
  while (Init) {
    Init = Init->IgnoreImplicit();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Init)) {
      Init = Cast->getSubExpr();
      continue;
    }
    const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
    if (!Construct)
      return false;
    if (Construct->isElidable() && Construct->getNumArgs() == 1) {
      Init = Construct->getArg(0);
      continue;
    }
    return llvm::all_of(Construct->arguments(), [](const Expr *Arg) {
      return isa<CXXDefaultArgExpr>(Arg);
    });
  }
  return false;
}

std::optional<LoopContainerShape> loopContainerShape(const VarDecl *Var,
                                                     const ASTContext &Ctx) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Var->getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  // A standard container on another allocator may draw from an arena the
  // loop resets: hoisted, it would outlive its memory.
  if (allocatingStdClass(Var->getType()) && !hasStandardAllocator(*Spec))
    return std::nullopt;
  LoopContainerShape S;
  S.Record = Spec;
  S.Element = Spec->getTemplateArgs()[0].getAsType();
  S.IsString = Spec->getName() == "basic_string" && isWithinStd(Spec);
  if (S.IsString) {
    if (S.Element->isIncompleteType() || S.Element->isDependentType())
      return std::nullopt;
    uint64_t CharSize = Ctx.getTypeSizeInChars(S.Element).getQuantity();
    S.InlineElements = MaxInlineStringBytes / std::max<uint64_t>(CharSize, 1);
    return S;
  }
  // A vector-like class with a number among its arguments (SmallVector<T,
  // N>) keeps that many elements inline.
  for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
    if (Arg.getKind() == TemplateArgument::Integral) {
      uint64_t N = Arg.getAsIntegral().getLimitedValue();
      if (N > 0)
        S.InlineElements = N;
      break;
    }
  }
  return S;
}

namespace {

/// Collects the references to a variable in a loop body. A lambda's body is
/// not searched: a by-copy capture works on its own copy, and a capture by
/// reference is recorded as such.
class ReferenceCollector : public RecursiveASTVisitor<ReferenceCollector> {
public:
  explicit ReferenceCollector(const VarDecl *Var) : Var(Var) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Var)
      Refs.push_back(Ref);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->captures()) {
      if (!Capture.capturesVariable())
        continue;
      const ValueDecl *Captured = Capture.getCapturedVar();
      if (Captured == Var && Capture.getCaptureKind() == LCK_ByRef)
        CapturedByReference = true;
      // [w = std::move(v)] names it in the initializer.
      if (const auto *Init = dyn_cast<VarDecl>(Captured);
          Init && Init->isInitCapture() && Init->getInit())
        TraverseStmt(const_cast<Expr *>(Init->getInit()));
    }
    return true;
  }

  const VarDecl *Var;
  std::vector<const DeclRefExpr *> Refs;
  bool CapturedByReference = false;
};

/// Decides, use by use, whether the container is filled with allocating
/// calls and whether anything takes its buffer away or may keep it.
class UseAnalysis {
public:
  UseAnalysis(const Stmt *Loop, const LoopContainerShape &S,
              bool UnboundedStrings, ASTContext &Ctx,
              const ParameterFillsElsewhere *Elsewhere)
      : Loop(Loop), S(S), Ctx(Ctx), Elsewhere(Elsewhere),
        UnboundedStrings(UnboundedStrings) {}

  void classify(const Expr *E, unsigned Depth = 0);

  std::vector<ContainerFill> Fills;
  /// Why hoisting would not help or cannot be shown safe; empty if it can.
  std::string Escape;

private:
  void escape(std::string Why) {
    if (Escape.empty())
      Escape = std::move(Why);
  }
  void memberCall(StringRef Method, const CallExpr *Call, unsigned Depth);
  void operatorCall(const CXXOperatorCallExpr *Op, const Expr *Child,
                    unsigned Depth);
  void construct(const CXXConstructExpr *Construct, const Expr *Child);
  void argument(const FunctionDecl *Callee, unsigned Index, const Expr *Call);
  void address(const UnaryOperator *Address);
  void filledByCallee(const FunctionDecl *Callee, unsigned Index,
                      const Expr *Call);
  void followResult(const Expr *Call, unsigned Depth);
  void growth(StringRef Method, const Expr *Site, const FunctionDecl *Callee,
              llvm::ArrayRef<const Expr *> Args);
  bool isContainer(QualType T) const {
    return isContainerRecord(T.getNonReferenceType()->getAsCXXRecordDecl());
  }
  bool isContainerRecord(const CXXRecordDecl *Record) const;
  bool isInNestedLoop(const Stmt *Site) const;
  /// Whether a string is judged by the characters it provably holds: the
  /// default. Contents of unknown length (a line, a token, a count that is
  /// not a constant) are mostly short and stay in the inline buffer.
  bool provenStringsOnly() const { return S.IsString && !UnboundedStrings; }
  void knownAppend(const Expr *Site, std::optional<uint64_t> Length);
  bool appendsOneCharacter(StringRef Method,
                           llvm::ArrayRef<const Expr *> Args) const;

  const Stmt *Loop;
  const LoopContainerShape &S;
  ASTContext &Ctx;
  const ParameterFillsElsewhere *Elsewhere;
  /// Characters that the appends of one iteration add, counting only those
  /// of known length; a string longer than its inline buffer allocates.
  uint64_t KnownStringLength = 0;
  bool UnboundedStrings;
  bool KnownLengthBeyond = false;
};

bool UseAnalysis::isContainerRecord(const CXXRecordDecl *Record) const {
  return Record &&
         (Record->getCanonicalDecl() == S.Record->getCanonicalDecl() ||
          S.Record->isDerivedFrom(Record));
}

void UseAnalysis::classify(const Expr *E, unsigned Depth) {
  if (!Escape.empty())
    return;
  if (Depth > 8)
    return escape("a long chain of calls");
  const Expr *Child = nullptr;
  DynTypedNode Parent = meaningfulParent(E, Ctx, Child, Transparency::Value,
                                         /*PreferInitialization=*/true);

  if (const auto *Op = Parent.get<CXXOperatorCallExpr>())
    return operatorCall(Op, Child, Depth);
  if (Parent.get<MemberExpr>() || Parent.get<UnresolvedMemberExpr>() ||
      Parent.get<CXXDependentScopeMemberExpr>()) {
    ContainerUse Use = classifyContainerUse(E, Ctx);
    if (Use.Kind == UseKind::Linked)
      return escape("swapped");
    if (Use.Kind != UseKind::Call)
      return escape(Use.Why);
    return memberCall(Use.Method, cast<CallExpr>(Use.Site), Depth);
  }
  if (const auto *Call = Parent.get<CallExpr>()) {
    // An argument: a call on the container has a member expression above.
    llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
    unsigned Index = argumentIndex(Args, Child);
    if (Index == Args.size())
      return escape("called");
    return argument(Call->getDirectCallee(), Index, Call);
  }
  if (const auto *Construct = Parent.get<CXXConstructExpr>())
    return construct(Construct, Child);
  // In a template, an operator with a dependent operand is resolved only at
  // instantiation: "s += T()" still appends.
  if (const auto *Op = Parent.get<BinaryOperator>();
      Op && Op->getOpcode() == BO_AddAssign && Op->getLHS() == Child &&
      Op->isTypeDependent()) {
    growth("operator+=", Op, nullptr, {Op->getRHS()});
    return;
  }
  // A lambda capture: the collector has judged how it captures.
  if (Parent.get<LambdaExpr>())
    return;
  if (const auto *Var = Parent.get<VarDecl>()) {
    if (Var->isImplicit()) {
      // The hidden range variable of "for (x : v)".
      ContainerUse Use = classifyContainerUse(E, Ctx);
      if (Use.Kind != UseKind::RangeFor)
        escape(Use.Why);
      return;
    }
    QualType T = Var->getType();
    if (T->isLValueReferenceType() &&
        T.getNonReferenceType().isConstQualified() && Var->hasLocalStorage())
      return;
    return escape("bound to the reference '" + Var->getNameAsString() + "'");
  }
  // The result of a chained call, thrown away: "s.append(a).append(b);".
  if (const auto *Statement = Parent.get<Stmt>();
      Depth > 0 && Statement && !isa<Expr>(Statement) &&
      !isa<ReturnStmt, CoreturnStmt>(Statement))
    return;
  if (const auto *Op = Parent.get<UnaryOperator>();
      Op && Op->getOpcode() == UO_AddrOf)
    return address(Op);
  if (Parent.get<ReturnStmt>())
    return escape("returned");
  return escape("used where the analysis does not follow it");
}

void UseAnalysis::memberCall(StringRef Method, const CallExpr *Call,
                             unsigned Depth) {
  // Hands the memory back on every iteration: hoisting would keep nothing.
  if (Method == "shrink_to_fit")
    return escape("shrink_to_fit()");
  if (Method.starts_with("operator="))
    return escape("assigned");
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
  growth(Method, Call, Member ? Member->getMethodDecl() : nullptr, Args);
  followResult(Call, Depth);
}

/// Calls that return the container itself ("s.append(x)") are followed on.
void UseAnalysis::followResult(const Expr *Call, unsigned Depth) {
  if (Call->isGLValue() && !Call->isTypeDependent() &&
      isContainer(Call->getType()))
    classify(Call, Depth + 1);
}

void UseAnalysis::operatorCall(const CXXOperatorCallExpr *Op, const Expr *Child,
                               unsigned Depth) {
  llvm::SmallVector<const Expr *, 4> Args(Op->arguments());
  unsigned Index = argumentIndex(Args, Child);
  const FunctionDecl *Callee = Op->getDirectCallee();
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (Index == 0 && (Method || !Callee)) {
    // The container's own operator.
    const Expr *Peer = Args.size() > 1 ? Args[1] : nullptr;
    switch (Op->getOperator()) {
    case OO_Subscript:
      return;
    case OO_PlusEqual:
      growth("operator+=", Op, Callee, llvm::ArrayRef(Args).drop_front());
      return followResult(Op, Depth);
    case OO_Equal: {
      // From another container, or a temporary one: its buffer replaces
      // ours. From a literal, a string_view or an initializer list, the
      // contents are copied into the capacity we have.
      if (!Peer || Peer->isTypeDependent())
        return escape("assigned from what a template parameter decides");
      const CXXRecordDecl *From = Peer->getType()->getAsCXXRecordDecl();
      // Kept in a member between calls (no Loop), the buffer it gets is
      // kept instead: later calls still reuse a capacity.
      if (From && Loop &&
          !(isWithinStd(From) && (From->getName() == "initializer_list" ||
                                  From->getName() == "basic_string_view")))
        return escape("assigned from another container");
      growth("operator=", Op, Callee, llvm::ArrayRef(Args).drop_front());
      return followResult(Op, Depth);
    }
    default:
      if (Method && Method->isConst())
        return;
      return escape("operand of a non-const operator");
    }
  }
  if (Index == Args.size())
    return escape("operand of an operator");
  // An argument of another object's operator (out[i] = v, os << v) or of a
  // free operator (a + v).
  if (Method)
    --Index;
  argument(Callee, Index, Op);
}

void UseAnalysis::construct(const CXXConstructExpr *Construct,
                            const Expr *Child) {
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  if (Ctor->isCopyOrMoveConstructor() && isContainerRecord(Ctor->getParent())) {
    // Only an rvalue selects the move constructor: std::move, or the
    // implicit move of "return v;" and "throw v;".
    if (Ctor->isMoveConstructor())
      return escape("moved");
    const Expr *Copy = nullptr;
    DynTypedNode Holder =
        meaningfulParent(Construct, Ctx, Copy, Transparency::Value,
                         /*PreferInitialization=*/true);
    if (Holder.get<ReturnStmt>() || Holder.get<CXXThrowExpr>())
      return escape("returned");
    return; // A copy allocates whether this one is hoisted or not.
  }
  llvm::SmallVector<const Expr *, 4> Args(Construct->arguments());
  unsigned Index = argumentIndex(Args, Child);
  if (Index == Args.size())
    return escape("converted");
  argument(Ctor, Index, Construct);
}

void UseAnalysis::argument(const FunctionDecl *Callee, unsigned Index,
                           const Expr *Call) {
  if (!Callee)
    return escape("passed to a call the analysis cannot resolve");
  bool Std = isWithinStd(Callee);
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  static const llvm::StringSet<> Takers = {
      "move", "forward", "move_if_noexcept", "swap", "exchange", "iter_swap"};
  if (Std && Takers.contains(Name))
    return escape("moved or swapped");
  if (Index >= Callee->getNumParams())
    return escape("passed through '...'");
  QualType Param = Callee->getParamDecl(Index)->getType();
  if (!Param->isReferenceType() || Param->isDependentType())
    return; // By value: a copy (a move would show as std::move above).
  if (Param->isRValueReferenceType())
    return escape("moved");
  if (Param.getNonReferenceType().isConstQualified())
    return; // Read, or copied: a copy allocates either way.
  if (!Std)
    return filledByCallee(Callee, Index, Call);
  if (Name == "getline") {
    if (S.IsString && !provenStringsOnly())
      Fills.push_back({Call, /*Definite=*/false, {}, {}});
    return;
  }
  if (Name == "back_inserter" || Name == "front_inserter" ||
      Name == "inserter") {
    // Filled through the iterator, if it goes straight to an algorithm.
    const Expr *Below = nullptr;
    DynTypedNode Parent = meaningfulParent(
        Call, Ctx, Below, Transparency::Value, /*PreferInitialization=*/true);
    if (!Parent.get<CallExpr>() && !Parent.get<CXXConstructExpr>())
      return escape("an inserter is kept");
    // A range of unknown length: see growth().
    if (!S.InlineElements || (isInNestedLoop(Call) && !provenStringsOnly()))
      Fills.push_back({Call, /*Definite=*/false, {}, {}});
    return;
  }
  // Functions that modify it in place, or read it from a stream.
  static const llvm::StringSet<> InPlace = {
      "begin", "end",         "rbegin",  "rend",    "cbegin", "cend",
      "size",  "ssize",       "empty",   "data",    "erase",  "erase_if",
      "sort",  "stable_sort", "reverse", "shuffle", "unique"};
  if (InPlace.contains(Name) ||
      Callee->getOverloadedOperator() == OO_GreaterGreater)
    return;
  // emplace_back(v) and make_pair(v, x) forward it to a copy; tie, ref,
  // forward_as_tuple and invoke hand the reference itself on.
  static const llvm::StringSet<> KeepReference = {
      "tie",    "ref",   "cref",  "forward_as_tuple",
      "invoke", "apply", "visit", "invoke_r"};
  if (!KeepReference.contains(Name) && isForwardingReference(Callee, Index))
    return;
  escape("passed by non-const reference to 'std::" + Name.str() + "'");
}

/// A function of the program that takes the container by non-const
/// reference or by pointer: no escape when it only fills or reads it.
void UseAnalysis::filledByCallee(const FunctionDecl *Callee, unsigned Index,
                                 const Expr *Call) {
  std::string Why;
  std::optional<CalleeUse> Use =
      containerUseByCallee(Callee, Index, Ctx, Why, Elsewhere);
  if (!Use)
    return escape(Why);
  if (Use->ReturnsIt && !isResultDiscarded(Call, Ctx))
    return escape("the reference '" + Callee->getNameAsString() +
                  "' returns is kept");
  if (Use->Fills && (!S.InlineElements || !provenStringsOnly()))
    Fills.push_back({Call, /*Definite=*/false, std::move(Use->Growth),
                     std::move(Use->GrowthElsewhere)});
}

/// "&v": no escape only as the argument of a function of the program that
/// takes a pointer to the container ("split(Line, &Words)"): read through a
/// pointer to const, or only filled and read through one.
void UseAnalysis::address(const UnaryOperator *Address) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(Address, Ctx, Child, Transparency::Value,
                       /*PreferInitialization=*/true);
  const auto *Call = Parent.get<CallExpr>();
  if (!Call || isa<CXXOperatorCallExpr>(Call))
    return escape("its address is taken");
  llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
  unsigned Index = argumentIndex(Args, Child);
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (Index == Args.size() || !Callee || Index >= Callee->getNumParams() ||
      isWithinStd(Callee))
    return escape("its address is taken");
  QualType Param = Callee->getParamDecl(Index)->getType();
  if (!Param->isPointerType() || Param->isDependentType() ||
      !isContainer(Param->getPointeeType()))
    return escape("its address is taken");
  if (Param->getPointeeType().isConstQualified())
    return; // Read, as through a const reference.
  filledByCallee(Callee, Index, Call);
}

/// Records \p Site as a fill when it allocates. A std::vector allocates on
/// its first element; a string or small vector only once it outgrows its
/// inline buffer, which the check claims only for a count argument it cannot
/// bound or one larger than the buffer, and for appends repeated by a nested
/// loop. A range of unknown length (two iterators, a *_range call) is no
/// such claim: strings and small vectors are often filled with short ones.
void UseAnalysis::growth(StringRef Method, const Expr *Site,
                         const FunctionDecl *Callee,
                         llvm::ArrayRef<const Expr *> Args) {
  static const llvm::StringSet<> Appends = {
      "push_back", "emplace_back", "append",       "insert",
      "emplace",   "append_range", "insert_range", "operator+="};
  static const llvm::StringSet<> Sized = {
      "resize",       "assign",   "reserve", "resize_for_overwrite",
      "assign_range", "operator="};
  bool IsAppend = Appends.contains(Method);
  if (!IsAppend && !Sized.contains(Method))
    return;

  // What the arguments say about the number of elements.
  bool UnknownCount = false;
  bool UnknownLength = Method.ends_with("_range");
  std::optional<uint64_t> LargestCount;
  auto Count = [&](uint64_t N) {
    LargestCount = std::max(LargestCount.value_or(0), N);
  };
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *Arg = Args[I]->IgnoreImplicit();
    QualType Param = Callee && I < Callee->getNumParams()
                         ? Callee->getParamDecl(I)->getType().getCanonicalType()
                         : QualType();
    if (const auto *Literal = dyn_cast<StringLiteral>(Arg)) {
      Count(Literal->getLength());
    } else if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(Arg)) {
      const auto *Inits =
          dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit());
      if (Inits)
        Count(Inits->getNumInits());
      else
        UnknownLength = true;
    } else if (const auto *Inits = dyn_cast<InitListExpr>(Arg);
               Inits && Method == "operator=") {
      Count(Inits->getNumInits());
    } else if (!Param.isNull() && Param->isIntegerType() &&
               Ctx.hasSameType(Param, Ctx.getSizeType())) {
      // A size_type parameter: a count or a position.
      if (std::optional<uint64_t> N = constantCount(Arg, Ctx))
        Count(*N);
      else
        UnknownCount = true;
    }
  }
  // Two iterators (or pointers) of the same type: a range of unknown length.
  // (emplace_back(a, b) forwards two arguments to one element.)
  if ((Method == "insert" || Method == "append" || Method == "assign") &&
      Callee && Callee->getPrimaryTemplate() && Args.size() >= 2 &&
      Ctx.hasSameType(Args[Args.size() - 1]->getType(),
                      Args[Args.size() - 2]->getType()) &&
      !Args.back()->getType()->isIntegerType())
    UnknownLength = true;

  if (!S.InlineElements) {
    bool Unknown = UnknownCount || UnknownLength;
    // resize(0), reserve(0) and assign(0, x) allocate nothing.
    if (!IsAppend && !Unknown && LargestCount == 0u)
      return;
    bool SingleElement =
        Method == "push_back" || Method == "emplace_back" ||
        (IsAppend && !Unknown && !LargestCount && Args.size() <= 2);
    Fills.push_back(
        {Site,
         !Unknown && (SingleElement || LargestCount.value_or(0) > 0),
         {},
         {}});
    return;
  }
  bool Beyond = LargestCount && *LargestCount > *S.InlineElements;
  if (S.IsString && IsAppend && !Beyond && !UnknownLength && !UnknownCount)
    knownAppend(Site, LargestCount ? LargestCount
                      : appendsOneCharacter(Method, Args)
                          ? std::optional<uint64_t>(1)
                          : std::nullopt);
  if (provenStringsOnly()) {
    if (Beyond)
      Fills.push_back({Site, /*Definite=*/true, {}, {}});
    return;
  }
  if (Beyond || UnknownCount || (IsAppend && isInNestedLoop(Site)))
    Fills.push_back({Site, Beyond, {}, {}});
}

/// push_back(c), s += c, append(c) or insert(pos, c): one character.
bool UseAnalysis::appendsOneCharacter(StringRef Method,
                                      llvm::ArrayRef<const Expr *> Args) const {
  if (Method == "push_back" || Method == "emplace_back")
    return true;
  if (Args.empty())
    return false;
  QualType Last = Args.back()->IgnoreImpCasts()->getType();
  return Ctx.hasSameUnqualifiedType(Last.getNonReferenceType(), S.Element);
}

/// Adds the \p Length characters that \p Site appends (nullopt: unknown, so
/// none proven; under a condition: maybe not run, so none proven) to what one
/// iteration provably appends, times the constant
/// trip counts of the loops nested between \p Site and the loop. Once that
/// exceeds the inline buffer, the string allocates on every iteration.
void UseAnalysis::knownAppend(const Expr *Site,
                              std::optional<uint64_t> Length) {
  if (!Length || KnownLengthBeyond || !S.InlineElements)
    return;
  // Only appends that run on every iteration prove a length: one under a
  // condition may not run, or run instead of another.
  for (DynTypedNode Node = DynTypedNode::create(*Site);;) {
    Node = parentOf(Node, Ctx, /*PreferInitialization=*/true);
    const auto *Parent = Node.get<Stmt>();
    if (!Parent || Parent == Loop)
      break;
    if (isa<IfStmt, SwitchStmt, AbstractConditionalOperator>(Parent))
      return;
    if (const auto *Op = dyn_cast<BinaryOperator>(Parent);
        Op && Op->isLogicalOp())
      return;
  }
  uint64_t Characters = *Length;
  for (const Stmt *Inner = enclosingLoop(Site, Ctx); Inner && Inner != Loop;
       Inner = enclosingLoop(Inner, Ctx)) {
    std::optional<TripCount> Trips = computeTripCount(Inner, Ctx);
    if (!Trips || !Trips->Value)
      return;
    Characters = *Trips->Value > 0 && Characters > UINT64_MAX / *Trips->Value
                     ? UINT64_MAX
                     : Characters * *Trips->Value;
  }
  KnownStringLength = Characters > UINT64_MAX - KnownStringLength
                          ? UINT64_MAX
                          : KnownStringLength + Characters;
  if (KnownStringLength > *S.InlineElements) {
    KnownLengthBeyond = true;
    Fills.push_back({Site, /*Definite=*/false, {}, {}});
  }
}

bool UseAnalysis::isInNestedLoop(const Stmt *Site) const {
  const Stmt *Inner = enclosingLoop(Site, Ctx);
  return Inner && Inner != Loop;
}

} // namespace

/// The uses of \p Var in \p Region; \p Loop is the loop that repeats
/// them (nullptr: the function's body, run once per call).
static LoopContainerUses judgeUsesIn(const VarDecl *Var, const Stmt *Region,
                                     const Stmt *Loop,
                                     const LoopContainerShape &S,
                                     bool UnboundedStrings, ASTContext &Ctx,
                                     const ParameterFillsElsewhere *Elsewhere) {
  LoopContainerUses Result;
  ReferenceCollector Collector(Var);
  Collector.TraverseStmt(const_cast<Stmt *>(Region));
  if (Collector.CapturedByReference) {
    Result.Escape = "captured by reference by a lambda";
    return Result;
  }
  UseAnalysis Uses(Loop, S, UnboundedStrings, Ctx, Elsewhere);
  for (const DeclRefExpr *Ref : Collector.Refs)
    Uses.classify(Ref);
  Result.Fills = std::move(Uses.Fills);
  Result.Escape = std::move(Uses.Escape);
  return Result;
}

LoopContainerUses
judgeLoopContainerUses(const VarDecl *Var, const Stmt *Loop,
                       const LoopContainerShape &S, bool UnboundedStrings,
                       ASTContext &Ctx,
                       const ParameterFillsElsewhere *Elsewhere) {
  return judgeUsesIn(Var, loopBody(Loop), Loop, S, UnboundedStrings, Ctx,
                     Elsewhere);
}

LoopContainerUses
judgeCallContainerUses(const VarDecl *Var, const Stmt *FunctionBody,
                       const LoopContainerShape &S, bool UnboundedStrings,
                       ASTContext &Ctx,
                       const ParameterFillsElsewhere *Elsewhere) {
  return judgeUsesIn(Var, FunctionBody, /*Loop=*/nullptr, S, UnboundedStrings,
                     Ctx, Elsewhere);
}

} // namespace alloc_tidy
