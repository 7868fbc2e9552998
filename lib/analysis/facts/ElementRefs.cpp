//===--- ElementRefs.cpp --------------------------------------------------===//

#include "lib/analysis/facts/ElementRefs.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// How deep a chain of local variables (a reference bound to a reference
/// bound to an element...) is followed.
constexpr unsigned MaxHolderDepth = 4;

bool isInSystemHeader(const Decl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

/// Member functions of the standard containers that keep their argument.
bool isStoringMethod(llvm::StringRef Name) {
  return Name.starts_with("push") || Name.starts_with("emplace") ||
         Name.starts_with("insert") || Name == "assign" ||
         Name == "try_emplace";
}

ElementRef escapes(EscapeRoute Route, const Stmt *At) {
  ElementRef R;
  R.Fate = ElementRefFate::Escapes;
  R.Route = Route;
  R.KeptAt = At;
  return R;
}

/// The function body that holds \p Var, a local variable.
const Stmt *bodyHolding(const VarDecl *Var) {
  const auto *Function = dyn_cast<FunctionDecl>(Var->getDeclContext());
  return Function ? Function->getBody() : nullptr;
}

/// Whether the closure of \p Lambda outlives the full-expression that makes
/// it: stored, returned, passed to anything but a standard algorithm, or
/// held in a variable that is not only called.
bool isClosureKept(const LambdaExpr *Lambda, ASTContext &Ctx, unsigned Depth);

/// Whether a use of the closure variable \p Var keeps the closure.
bool isClosureVariableKept(const VarDecl *Var, ASTContext &Ctx,
                           unsigned Depth) {
  const Stmt *Body = bodyHolding(Var);
  if (!Body || Depth > MaxHolderDepth)
    return true;
  bool Kept = false;
  forEachReferenceTo(Var, Body, [&](const DeclRefExpr *Ref) {
    const Expr *Child = nullptr;
    DynTypedNode Parent =
        meaningfulParent(Ref, Ctx, Child, Transparency::Object);
    const auto *Call = Parent.get<CXXOperatorCallExpr>();
    bool Called = Call && Call->getOperator() == OO_Call &&
                  stripTransparent(Call->getArg(0)) == stripTransparent(Ref);
    Kept |= !Called;
  });
  return Kept;
}

bool isClosureKept(const LambdaExpr *Lambda, ASTContext &Ctx, unsigned Depth) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(Lambda, Ctx, Child, Transparency::Value);
  if (const auto *Call = Parent.get<CXXOperatorCallExpr>();
      Call && Call->getOperator() == OO_Call && Call->getNumArgs() > 0 &&
      stripTransparent(Call->getArg(0)) == stripTransparent(Child))
    return false; // called on the spot
  if (const auto *Call = Parent.get<CallExpr>()) {
    // std::for_each, std::sort, ...: the algorithm is done with it when it
    // returns.
    const FunctionDecl *Callee = Call->getDirectCallee();
    return !Callee || isa<CXXMethodDecl>(Callee) || !isWithinStd(Callee);
  }
  if (const auto *Var = Parent.get<VarDecl>();
      Var && Var->hasLocalStorage() && !Var->getType()->isReferenceType() &&
      Var->getType()->getAsCXXRecordDecl() == Lambda->getLambdaClass())
    return isClosureVariableKept(Var, Ctx, Depth + 1);
  return true;
}

class Tracer {
public:
  explicit Tracer(ASTContext &Ctx) : Ctx(Ctx) {}

  /// \p IsValue: whether \p Access is a pointer, iterator or view into the
  /// element (a value that copies keep) rather than the element itself or a
  /// part of it (an object that copies leave behind).
  ElementRef trace(const Expr *Access, bool IsIterator, bool IsValue,
                   unsigned Depth);

  /// The first escape of the value that the local variable of \p Held
  /// holds (or of its bindings), followed through further local variables;
  /// nothing when it stays in the function.
  std::optional<ElementRef> escapeThroughHolder(const ElementRef &Held,
                                                unsigned Depth);

private:
  ElementRef intoVariable(const VarDecl *Var, const Expr *At, bool IsIterator,
                          unsigned Depth);
  ElementRef intoAssignment(const Expr *Target, const Stmt *At,
                            bool IsIterator);

  ASTContext &Ctx;
};

/// A local variable \p Var that holds the reference from \p At on: an
/// iterator held so is not reported (deque growth invalidates it too), but
/// where it goes is followed.
ElementRef heldIn(const VarDecl *Var, const Stmt *At, bool IteratorOnly) {
  ElementRef Held;
  Held.Fate =
      IteratorOnly ? ElementRefFate::Temporary : ElementRefFate::LocalVariable;
  Held.Holder = Var;
  Held.KeptAt = At;
  Held.HoldsIterator = IteratorOnly;
  return Held;
}

ElementRef Tracer::intoVariable(const VarDecl *Var, const Expr *At,
                                bool IsIterator, unsigned Depth) {
  QualType T = Var->getType();
  if (!T->isReferenceType() && !keepsElementReference(T) && !IsIterator)
    return ElementRef();
  if (!Var->hasLocalStorage())
    return escapes(EscapeRoute::Stored, At);
  if (Var->isInitCapture()) {
    // [&L = c.back()] or [p = &c.back()]: held by the closure.
    const auto *Lambda =
        parentOf(DynTypedNode::create(*Var), Ctx).get<LambdaExpr>();
    if (!Lambda || isClosureKept(Lambda, Ctx, Depth))
      return escapes(EscapeRoute::Captured, At);
    return ElementRef();
  }
  return heldIn(Var, At, IsIterator && !T->isReferenceType());
}

ElementRef Tracer::intoAssignment(const Expr *Target, const Stmt *At,
                                  bool IsIterator) {
  Target = Target->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Target))
    if (const auto *Var = dyn_cast<VarDecl>(DRE->getDecl());
        Var && Var->hasLocalStorage())
      return heldIn(Var, At, IsIterator);
  return escapes(EscapeRoute::Stored, At);
}

std::optional<ElementRef> Tracer::escapeThroughHolder(const ElementRef &Held,
                                                      unsigned Depth) {
  const VarDecl *Holder = Held.Holder;
  const Stmt *Body = Holder ? bodyHolding(Holder) : nullptr;
  if (!Body || Depth >= MaxHolderDepth)
    return std::nullopt;
  llvm::SmallVector<const ValueDecl *, 4> Names = {Holder};
  if (const auto *Decomposition = dyn_cast<DecompositionDecl>(Holder))
    for (const BindingDecl *Binding : Decomposition->bindings())
      Names.push_back(Binding);
  // Every pointer, reference and view copies its target along: a lambda
  // that captures the holder by reference, or a copy of a pointer or view,
  // holds the element too.
  bool CopyHolds = !Holder->getType()->isReferenceType();
  std::optional<ElementRef> Found;
  forEachLambdaIn(Body, [&](const LambdaExpr *Lambda) {
    if (Found)
      return;
    for (const LambdaCapture &Capture : Lambda->captures()) {
      if (!Capture.capturesVariable() ||
          !llvm::is_contained(Names, Capture.getCapturedVar()))
        continue;
      if ((Capture.getCaptureKind() == LCK_ByRef || CopyHolds) &&
          isClosureKept(Lambda, Ctx, Depth)) {
        Found = escapes(EscapeRoute::Captured, Lambda);
        return;
      }
    }
  });
  for (const ValueDecl *Name : Names)
    forEachReferenceTo(Name, Body, [&](const DeclRefExpr *Ref) {
      if (Found)
        return;
      bool HoldsValue = Name == Holder && CopyHolds;
      ElementRef Fate =
          trace(Ref, Held.HoldsIterator && HoldsValue, HoldsValue, Depth + 1);
      if (Fate.Fate == ElementRefFate::Escapes)
        Found = Fate;
      else if (Fate.Holder && Fate.Holder != Holder)
        Found = escapeThroughHolder(Fate, Depth + 1);
    });
  return Found;
}

ElementRef Tracer::trace(const Expr *Access, bool IsIterator, bool IsValue,
                         unsigned Depth) {
  ElementRef Result;
  const Expr *Cur = Access;
  while (true) {
    const Expr *Child = nullptr;
    DynTypedNode Parent =
        meaningfulParent(Cur, Ctx, Child, Transparency::Value);
    const auto *ParentExpr = Parent.get<Expr>();

    // A pointer, iterator or view read from a variable is the same
    // reference; an element read is a copy.
    if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(ParentExpr);
        Cast && Cast->getCastKind() == CK_LValueToRValue) {
      if (!IsValue)
        return Result;
      Cur = Cast;
      continue;
    }
    // Still a reference into the element: a member of it, what a member
    // function of the element returns by reference, pointer or view (its
    // text's c_str(), a getter).
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(ParentExpr)) {
      if (isa<FieldDecl>(Member->getMemberDecl())) {
        Cur = Member;
        IsIterator = IsValue = false;
        continue;
      }
      const Expr *CallChild = nullptr;
      const auto *Call =
          meaningfulParent(Member, Ctx, CallChild, Transparency::Value)
              .get<CXXMemberCallExpr>();
      QualType Returned = Call ? Call->getCallReturnType(Ctx) : QualType();
      if (!Call || !keepsElementReference(Returned))
        return Result;
      Cur = Call;
      IsIterator = false;
      IsValue = !Returned->isReferenceType();
      continue;
    }
    if (const auto *Cond =
            dyn_cast_or_null<AbstractConditionalOperator>(ParentExpr)) {
      // c ? d.front() : d.back() is still a reference into d.
      if (Cond->getCond() == Child || (!Cond->isGLValue() && !IsValue))
        return Result;
      Cur = Cond;
      continue;
    }
    if (const auto *Init = initializerOf(Cur, Parent)) {
      // S() : First(d[0]), Last(&d.back()) {} keeps it in a member.
      const FieldDecl *Member = Init->getMember();
      if (Member && (Member->getType()->isReferenceType() || IsValue))
        return escapes(EscapeRoute::Stored, Cur);
      return Result;
    }
    if (const auto *Op = dyn_cast_or_null<UnaryOperator>(ParentExpr)) {
      if (Op->getOpcode() == UO_AddrOf) {
        IsValue = true;
      } else if (Op->getOpcode() == UO_Deref) {
        IsValue = false;
      } else if (!Op->isIncrementDecrementOp()) {
        return Result;
      }
      Cur = Op;
      continue;
    }
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(ParentExpr)) {
      bool IsFirst = stripTransparent(Op->getArg(0)) == stripTransparent(Child);
      OverloadedOperatorKind Kind = Op->getOperator();
      if (IsValue && IsFirst &&
          (Kind == OO_Star || Kind == OO_Arrow || Kind == OO_Plus ||
           Kind == OO_Minus || Kind == OO_PlusPlus || Kind == OO_MinusMinus ||
           Kind == OO_Subscript)) {
        IsValue = Kind != OO_Star && Kind != OO_Arrow && Kind != OO_Subscript;
        IsIterator = IsIterator && IsValue;
        Cur = Op;
        continue;
      }
      // An iterator or a view assigned: where it lands keeps it.
      if (Kind == OO_Equal && !IsFirst && Op->getNumArgs() == 2 && IsValue)
        return intoAssignment(Op->getArg(0), Op, IsIterator);
      return Result; // the element's own operators work on it in place
    }
    if (const auto *Bin = dyn_cast_or_null<BinaryOperator>(ParentExpr)) {
      if (Bin->getOpcode() == BO_Assign && Bin->getRHS() == Child && IsValue)
        return intoAssignment(Bin->getLHS(), Bin, IsIterator);
      if (Bin->isAdditiveOp() && Cur->getType()->isPointerType() && IsValue) {
        Cur = Bin;
        continue;
      }
      return Result;
    }
    if (const auto *Var = Parent.get<VarDecl>()) {
      // A copy of the element, or of a part of it, refers to nothing.
      if (!Var->getType()->isReferenceType() && !IsValue)
        return Result;
      return intoVariable(Var, Cur, IsIterator, Depth);
    }
    if (Parent.get<ReturnStmt>()) {
      const FunctionDecl *Function = enclosingFunction(Cur, Ctx);
      QualType Returned = Function ? Function->getReturnType() : QualType();
      if (Function &&
          (Returned->isReferenceType() ||
           (IsValue && (keepsElementReference(Returned) || IsIterator))))
        return escapes(EscapeRoute::Returned, Cur);
      return Result;
    }
    if (const auto *Call = dyn_cast_or_null<CallExpr>(ParentExpr)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      bool IsRefWrapper =
          Callee && Callee->getIdentifier() &&
          (Callee->getName() == "ref" || Callee->getName() == "cref") &&
          isWithinStd(Callee);
      if (IsRefWrapper)
        return escapes(EscapeRoute::PassedOn, Cur);
      // Algorithms take iterators by value and drop them; an element passed
      // by reference is used in place.
      if (!IsValue || IsIterator)
        return Result;
      // Into a standard container (push_back, insert, ...): stored.
      if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
          Method && isInSystemHeader(Method) && Method->getIdentifier() &&
          isStoringMethod(Method->getName()))
        return escapes(EscapeRoute::Stored, Cur);
      // A view passed by value is used in place, as a reference is.
      if (!Cur->getType()->isPointerType())
        return Result;
      // The standard and C libraries' free functions do not keep what they
      // are given (strlen, printf, std::addressof); what they return can
      // still point into it (strchr, std::move).
      if (Callee && !isa<CXXMethodDecl>(Callee) && isInSystemHeader(Callee)) {
        if (!keepsElementReference(Call->getCallReturnType(Ctx)))
          return Result;
        Cur = Call;
        continue;
      }
      // A pointer handed to anything else may be stored.
      return escapes(EscapeRoute::PassedOn, Cur);
    }
    if (const auto *Construct =
            dyn_cast_or_null<CXXConstructExpr>(ParentExpr)) {
      const CXXConstructorDecl *Ctor = Construct->getConstructor();
      bool Copies = Ctor->isCopyOrMoveConstructor();
      // A copy of the element refers to nothing; a copy of an iterator or
      // view, or a view made from the element (std::string_view from its
      // text, a std::span over it), still points into it.
      if (Copies && !IsValue)
        return Result;
      if (keepsElementReference(Construct->getType())) {
        Cur = Construct;
        IsValue = true;
        continue;
      }
      if (!IsValue)
        return Result;
      // A standard class copies what the pointer points to (std::string).
      if (isInSystemHeader(Ctor))
        return Result;
      return escapes(EscapeRoute::PassedOn, Cur);
    }
    if (const auto *List = dyn_cast_or_null<InitListExpr>(ParentExpr)) {
      if (IsValue || !List->getType()->isRecordType())
        return escapes(EscapeRoute::Stored, Cur);
      return Result;
    }
    return Result;
  }
}

bool isBefore(const Stmt *A, const Stmt *B, const SourceManager &SM) {
  return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
}

bool contains(const Stmt *Outer, const Stmt *Inner, const SourceManager &SM) {
  SourceRange Range = Outer->getSourceRange();
  SourceLocation Loc = Inner->getBeginLoc();
  return !SM.isBeforeInTranslationUnit(Loc, Range.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Range.getEnd(), Loc);
}

/// Whether Growth can run after Kept while the holder is alive: later in the
/// scope, or earlier in a loop that repeats within it.
bool growsLaterIn(const Stmt *Scope, const Stmt *Kept, const Stmt *Growth,
                  ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Scope && !contains(Scope, Growth, SM))
    return false;
  if (isBefore(Kept, Growth, SM))
    return true;
  for (const Stmt *Loop = enclosingLoop(Kept, Ctx); Loop;
       Loop = enclosingLoop(Loop, Ctx)) {
    if (Scope && !contains(Scope, Loop, SM))
      break;
    if (contains(Loop, Growth, SM))
      return true;
  }
  return false;
}

/// The compound statement that ends a local variable's life.
const Stmt *scopeOf(const VarDecl *Var, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*Var);
  while (true) {
    Node = parentOf(Node, Ctx);
    if (Node.getNodeKind().isNone() || Node.get<Decl>())
      return nullptr;
    if (const auto *S = Node.get<Stmt>();
        S && isa<CompoundStmt, ForStmt, CXXForRangeStmt, WhileStmt, IfStmt>(S))
      return S;
  }
}

/// Whether code in \p Scope after \p From calls a non-const member function
/// of an object of class \p Owner ('this' when \p OnlyThis), which may grow
/// its container.
bool callsOwnerAfter(const Stmt *Scope, const Stmt *From,
                     const CXXRecordDecl *Owner, bool OnlyThis,
                     ASTContext &Ctx) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const Stmt *From;
    const CXXRecordDecl *Owner;
    bool OnlyThis;
    const SourceManager &SM;
    bool Found = false;
    Finder(const Stmt *F, const CXXRecordDecl *O, bool T,
           const SourceManager &S)
        : From(F), Owner(O), OnlyThis(T), SM(S) {}
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
      const auto *Method = Call->getMethodDecl();
      if (!Method || Method->isConst() || !isBefore(From, Call, SM))
        return true;
      const Expr *Object =
          Call->getImplicitObjectArgument()->IgnoreParenImpCasts();
      if (OnlyThis)
        Found = isa<CXXThisExpr>(Object);
      else
        Found = Call->getRecordDecl() &&
                Call->getRecordDecl()->getCanonicalDecl() ==
                    Owner->getCanonicalDecl();
      return !Found;
    }
  } Visitor(From, Owner, OnlyThis, Ctx.getSourceManager());
  Visitor.TraverseStmt(const_cast<Stmt *>(Scope));
  return Visitor.Found;
}

/// Calls that yield a reference or iterator into an element.
bool yieldsElement(const ContainerUse &Use, bool &IsIterator) {
  IsIterator = false;
  if (Use.Kind == UseKind::Subscript)
    return true;
  if (Use.Kind != UseKind::Call)
    return false;
  static const llvm::StringSet<> Refs = {
      "back", "front", "at", "emplace_back", "top", "emplace", "data"};
  static const llvm::StringSet<> Iters = {"begin",  "end",  "cbegin",  "cend",
                                          "rbegin", "rend", "crbegin", "crend"};
  IsIterator = Iters.contains(Use.Method);
  return IsIterator || Refs.contains(Use.Method);
}

} // namespace

bool keepsElementReference(QualType T) {
  if (T.isNull())
    return false;
  if (T->isReferenceType() || T->isPointerType())
    return true;
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->isLambda())
    return false;
  Record = Record->getDefinition();
  if (!Record->isTriviallyCopyable() || !Record->hasTrivialDestructor())
    return false;
  // A view: it copies a pointer along; an owner would need a destructor.
  for (const FieldDecl *Field : Record->fields())
    if (Field->getType()->isPointerType() ||
        Field->getType()->isReferenceType())
      return true;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (keepsElementReference(Base.getType()))
      return true;
  return false;
}

ElementRef traceElementRef(const Expr *Access, bool YieldsIterator,
                           ASTContext &Ctx) {
  bool IsValue = YieldsIterator || Access->getType()->isPointerType();
  return Tracer(Ctx).trace(Access, YieldsIterator, IsValue, 0);
}

llvm::SmallVector<ElementRef, 2>
traceRangeForElementRefs(const CXXForRangeStmt *Loop, ASTContext &Ctx) {
  llvm::SmallVector<ElementRef, 2> Kept;
  const VarDecl *LoopVar = Loop->getLoopVariable();
  if (!LoopVar)
    return Kept;
  auto Keep = [&](const ElementRef &Fate) {
    if (Fate.Fate != ElementRefFate::Temporary || Fate.Holder)
      Kept.push_back(Fate);
  };
  // for (auto &[Key, Value] : c): the bindings are the element's members.
  llvm::SmallVector<const ValueDecl *, 4> Names;
  if (LoopVar->getType()->isReferenceType())
    Names.push_back(LoopVar);
  if (const auto *Decomposition = dyn_cast<DecompositionDecl>(LoopVar);
      Decomposition && LoopVar->getType()->isReferenceType())
    for (const BindingDecl *Binding : Decomposition->bindings())
      Names.push_back(Binding);
  Tracer T(Ctx);
  for (const ValueDecl *Name : Names)
    forEachReferenceTo(Name, Loop->getBody(), [&](const DeclRefExpr *Ref) {
      Keep(T.trace(Ref, /*IsIterator=*/false, /*IsValue=*/false, 1));
    });
  // A lambda in the body that captures the element and is kept.
  forEachLambdaIn(Loop->getBody(), [&](const LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByRef &&
          llvm::is_contained(Names, Capture.getCapturedVar()) &&
          isClosureKept(Lambda, Ctx, 1)) {
        Keep(escapes(EscapeRoute::Captured, Lambda));
        return;
      }
  });
  return Kept;
}

llvm::SmallVector<ElementRef, 2> elementRefsOf(const ContainerUse &Use,
                                               ASTContext &Ctx) {
  llvm::SmallVector<ElementRef, 2> Kept;
  bool IsIterator = false;
  if (yieldsElement(Use, IsIterator))
    Kept.push_back(traceElementRef(cast<Expr>(Use.Site), IsIterator, Ctx));
  else if (Use.Kind == UseKind::RangeFor)
    Kept = traceRangeForElementRefs(cast<CXXForRangeStmt>(Use.Site), Ctx);
  // Where the local variables that hold them send them.
  Tracer T(Ctx);
  for (size_t I = 0, N = Kept.size(); I < N; ++I)
    if (std::optional<ElementRef> Escape = T.escapeThroughHolder(Kept[I], 0))
      Kept.push_back(*Escape);
  llvm::erase_if(Kept, [](const ElementRef &Ref) {
    return Ref.Fate == ElementRefFate::Temporary;
  });
  return Kept;
}

bool isKeptAcrossGrowth(const ElementRef &Kept, const FunctionDecl *Function,
                        llvm::ArrayRef<const ContainerUse *> Growth,
                        const CXXRecordDecl *Owner, ASTContext &Ctx) {
  if (Kept.Fate == ElementRefFate::Temporary)
    return false;
  const Stmt *Scope = Kept.Fate == ElementRefFate::LocalVariable
                          ? scopeOf(Kept.Holder, Ctx)
                          : nullptr;
  bool GrowsElsewhere = false;
  for (const ContainerUse *G : Growth) {
    if (G->Function == Function) {
      if (growsLaterIn(Scope, Kept.KeptAt, G->Site, Ctx))
        return true;
      // A member function can run again on the same object, and its growth
      // then meets the reference it kept the first time; a constructor
      // cannot.
      if (Kept.Fate == ElementRefFate::Escapes && Owner &&
          !isa_and_nonnull<CXXConstructorDecl>(Function))
        return true;
      continue;
    }
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(G->Function);
    if (Ctor && Owner && Ctor->getParent() == Owner)
      continue;
    GrowsElsewhere = true;
  }
  if (!GrowsElsewhere)
    return false;
  // Growth in another function: a kept reference that escapes can meet it;
  // a local one only if this function calls back into the owner.
  if (Kept.Fate == ElementRefFate::Escapes)
    return true;
  return Owner && Scope &&
         callsOwnerAfter(Scope, Kept.KeptAt, Owner, /*OnlyThis=*/true, Ctx);
}

std::optional<ElementEscape> escapeOf(const ElementRef &Ref,
                                      const ContainerUse &Use,
                                      const CXXRecordDecl *Owner,
                                      ASTContext &Ctx) {
  if (Ref.Fate == ElementRefFate::Escapes)
    return ElementEscape{Ref.Route, Ref.KeptAt, Use.Function};
  if (Ref.Fate != ElementRefFate::LocalVariable || !Owner)
    return std::nullopt;
  const Stmt *Scope = scopeOf(Ref.Holder, Ctx);
  if (Scope &&
      callsOwnerAfter(Scope, Ref.KeptAt, Owner, /*OnlyThis=*/false, Ctx))
    return ElementEscape{EscapeRoute::HeldAcrossCall, Ref.KeptAt, Use.Function};
  return std::nullopt;
}

std::vector<ElementEscape> elementEscapes(llvm::ArrayRef<ContainerUse> Uses,
                                          const CXXRecordDecl *Owner,
                                          ASTContext &Ctx) {
  std::vector<ElementEscape> Escapes;
  for (const ContainerUse &Use : Uses)
    for (const ElementRef &Ref : elementRefsOf(Use, Ctx))
      if (std::optional<ElementEscape> Escape = escapeOf(Ref, Use, Owner, Ctx))
        Escapes.push_back(*Escape);
  return Escapes;
}

std::string describeEscape(EscapeRoute Route) {
  switch (Route) {
  case EscapeRoute::Returned:
    return "returns a reference into it";
  case EscapeRoute::Stored:
    return "stores a reference into it";
  case EscapeRoute::Captured:
    return "keeps a lambda that refers into it";
  case EscapeRoute::PassedOn:
    return "passes a reference into it on";
  case EscapeRoute::HeldAcrossCall:
    return "holds a reference into it across a call that can grow it";
  }
  return "keeps a reference into it";
}

} // namespace alloc_tidy
