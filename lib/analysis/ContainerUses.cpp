//===--- ContainerUses.cpp ------------------------------------------------===//

#include "lib/analysis/ContainerUses.h"
#include "lib/analysis/AstWalk.h"
#include "lib/analysis/ParentIndex.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include <functional>

using namespace clang;

namespace alloc_tidy {
namespace {

const Expr *stripTransparent(const Expr *E) {
  while (true) {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
        Cast && Cast->getCastKind() != CK_LValueToRValue)
      E = Cast->getSubExpr();
    else if (const auto *Paren = dyn_cast<ParenExpr>(E))
      E = Paren->getSubExpr();
    else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
      E = Temp->getSubExpr();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr();
    else if (const auto *Full = dyn_cast<FullExpr>(E))
      E = Full->getSubExpr();
    else
      return E;
  }
}

/// The constructor initializer whose expression is \p E. The parent map
/// names either the initializer or, for some, the constructor itself.
const CXXCtorInitializer *initializerOf(const Expr *E,
                                        const DynTypedNode &Parent) {
  if (const auto *Init = Parent.get<CXXCtorInitializer>())
    return Init;
  if (const auto *Ctor = Parent.get<CXXConstructorDecl>())
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit() &&
          stripTransparent(Init->getInit()) == stripTransparent(E))
        return Init;
  return nullptr;
}

/// Whether a variable, member or return value of type \p T that receives an
/// element access keeps pointing into the container: a reference, a
/// pointer, or (when the access yields one) an iterator.
bool keepsReference(QualType T, bool IsIterator) {
  return T->isReferenceType() || T->isPointerType() || IsIterator;
}

bool isInStdNamespace(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  while (DC && !DC->isTranslationUnit()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && !NS->isInline() && NS->getParent()->isTranslationUnit())
      return NS->getName() == "std";
    DC = DC->getParent();
  }
  return false;
}

/// Free functions of std that mean the same as the member of that name.
bool isStdMemberLikeFunction(StringRef Name) {
  static const llvm::StringSet<> Names = {"begin",  "end",   "cbegin",  "cend",
                                          "rbegin", "rend",  "crbegin", "crend",
                                          "size",   "ssize", "empty",   "data"};
  return Names.contains(Name);
}

ContainerUse unknown(ContainerUse Use, std::string Why) {
  Use.Kind = UseKind::Unknown;
  Use.Why = std::move(Why);
  return Use;
}

/// A reference whose value ends up in a parameter of \p Callee.
ContainerUse classifyArgument(ContainerUse Use, const FunctionDecl *Callee,
                              unsigned Index) {
  if (!Callee || Index >= Callee->getNumParams())
    return unknown(Use, "passed to a function the analysis cannot see");
  const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern();
  const ParmVarDecl *Param =
      (Pattern && Index < Pattern->getNumParams() ? Pattern : Callee)
          ->getParamDecl(Index);
  QualType Written = Param->getType();
  bool ConstOrByValue = !Written->isPointerType() &&
                        (!Written->isReferenceType() ||
                         (Written->isLValueReferenceType() &&
                          Written.getNonReferenceType().isConstQualified()));
  if (!ConstOrByValue)
    return unknown(Use, "passed by non-const reference to '" +
                            Callee->getNameAsString() + "'");
  Use.Callee = Callee;
  if (!Written->isDependentType()) {
    Use.Kind = UseKind::PassedToFixedType;
    return Use;
  }
  // Deduced from the argument only when the parameter is one of the
  // function template's own parameters; a member of a class template
  // (std::vector<std::deque<int>>::push_back) has its type fixed by the
  // class.
  const FunctionTemplateDecl *Template = Callee->getPrimaryTemplate();
  const auto *Parm = Written.getNonReferenceType()
                         .getUnqualifiedType()
                         ->getAs<TemplateTypeParmType>();
  if (!Template || !Parm ||
      Parm->getDepth() != Template->getTemplateParameters()->getDepth())
    return unknown(Use, "passed to '" + Callee->getNameAsString() +
                            "', whose parameter type is fixed by its class");
  Use.Kind = UseKind::PassedToTemplate;
  return Use;
}

/// Classifies a reference that is the base of a member access.
ContainerUse classifyMemberAccess(ContainerUse Use, const Expr *Access,
                                  StringRef Name, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(Access, Ctx, Child, Transparency::Value);
  const auto *Call = Parent.get<CallExpr>();
  if (!Call || stripTransparent(Call->getCallee()) != Access)
    return unknown(Use, "member '" + Name.str() + "' named without a call");
  Use.Kind = UseKind::Call;
  Use.Method = Name.str();
  Use.Site = Call;
  if (Name == "swap" && Call->getNumArgs() == 1) {
    Use.Kind = UseKind::Linked;
    Use.Other = referencedContainer(Call->getArg(0));
    if (!Use.Other)
      return unknown(Use, "swapped with an expression");
  }
  return Use;
}

} // namespace

const ValueDecl *referencedContainer(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // std::move(c) still names c.
    if (const auto *Callee = Call->getDirectCallee();
        Callee && Callee->getName() == "move" && Call->getNumArgs() == 1 &&
        isInStdNamespace(Callee))
      return referencedContainer(Call->getArg(0));
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return dyn_cast<FieldDecl>(Member->getMemberDecl());
  return nullptr;
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    Node = parentOf(Node, Ctx);
    if (Node.get<TranslationUnitDecl>() || Node.getNodeKind().isNone())
      return nullptr;
    if (const auto *Lambda = Node.get<LambdaExpr>())
      return Lambda->getCallOperator();
    if (const auto *Function = Node.get<FunctionDecl>())
      return Function;
  }
}

ContainerHome containerHome(const ValueDecl *Container, const Stmt *Site,
                            ASTContext &Ctx) {
  // The innermost function, lambda call operator or block around Site.
  const DeclContext *Code = nullptr;
  bool InClosure = false;
  DynTypedNode Node = DynTypedNode::create(*Site);
  while (!Code) {
    Node = parentOf(Node, Ctx);
    if (Node.getNodeKind().isNone() || Node.get<TranslationUnitDecl>())
      break;
    if (const auto *Lambda = Node.get<LambdaExpr>()) {
      Code = Lambda->getCallOperator();
      InClosure = true;
    } else if (const auto *Block = Node.get<BlockExpr>()) {
      Code = Block->getBlockDecl();
      InClosure = true;
    } else if (const auto *Block = Node.get<BlockDecl>()) {
      Code = Block;
      InClosure = true;
    } else if (const auto *Function = Node.get<FunctionDecl>()) {
      Code = Function;
      InClosure = isLambdaCallOperator(Function);
    }
  }
  if (!Code)
    return ContainerHome::Enclosing;
  if (isa<FieldDecl>(Container))
    return InClosure ? ContainerHome::Enclosing : ContainerHome::Member;
  const auto *Var = dyn_cast<VarDecl>(Container);
  if (!Var || Var->isInitCapture() || Var->hasAttr<BlocksAttr>() ||
      Var->getDeclContext() != Code)
    return ContainerHome::Enclosing;
  return isa<ParmVarDecl>(Var) ? ContainerHome::Parameter
                               : ContainerHome::Local;
}

const Stmt *enclosingLoop(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    Node = parentOf(Node, Ctx);
    if (Node.getNodeKind().isNone() || Node.get<Decl>() ||
        Node.get<LambdaExpr>())
      return nullptr;
    if (const auto *Loop = Node.get<Stmt>();
        Loop && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Loop))
      return Loop;
  }
}

ContainerUse classifyContainerUse(const Expr *Ref, ASTContext &Ctx) {
  ContainerUse Use;
  Use.Ref = Ref;
  Use.Site = Ref;
  Use.Function = enclosingFunction(Ref, Ctx);

  const Expr *Child = nullptr;
  DynTypedNode Parent = meaningfulParent(Ref, Ctx, Child, Transparency::Value);

  // c.f(...) in all its forms, including dependent ones inside templates.
  if (const auto *Member = Parent.get<MemberExpr>();
      Member && stripTransparent(Member->getBase()) == Ref)
    return classifyMemberAccess(Use, Member, Member->getMemberDecl()->getName(),
                                Ctx);
  if (const auto *Member = Parent.get<UnresolvedMemberExpr>();
      Member && !Member->isImplicitAccess() &&
      stripTransparent(Member->getBase()) == Ref)
    return classifyMemberAccess(Use, Member,
                                Member->getMemberName().getAsString(), Ctx);
  if (const auto *Member = Parent.get<CXXDependentScopeMemberExpr>();
      Member && !Member->isImplicitAccess() &&
      stripTransparent(Member->getBase()) == Ref)
    return classifyMemberAccess(Use, Member, Member->getMember().getAsString(),
                                Ctx);

  if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
    Use.Site = Op;
    bool IsFirst = Op->getNumArgs() > 0 &&
                   stripTransparent(Op->getArg(0)) == stripTransparent(Child);
    const Expr *Peer =
        Op->getNumArgs() == 2 ? Op->getArg(IsFirst ? 1 : 0) : nullptr;
    switch (Op->getOperator()) {
    case OO_Subscript:
      if (!IsFirst)
        break;
      Use.Kind = UseKind::Subscript;
      return Use;
    case OO_Equal:
      if (IsFirst && Peer &&
          isa<InitListExpr, CXXStdInitializerListExpr>(
              stripTransparent(Peer))) {
        Use.Kind = UseKind::Call;
        Use.Method = "assign";
        return Use;
      }
      [[fallthrough]];
    case OO_EqualEqual:
    case OO_ExclaimEqual:
    case OO_Less:
    case OO_LessEqual:
    case OO_Greater:
    case OO_GreaterEqual:
    case OO_Spaceship:
      Use.Other = referencedContainer(Peer);
      if (Use.Other) {
        Use.Kind = UseKind::Linked;
        return Use;
      }
      break;
    default:
      break;
    }
    return unknown(
        Use, "used as an operand of 'operator" +
                 std::string(getOperatorSpelling(Op->getOperator())) + "'");
  }

  if (const auto *Call = Parent.get<CallExpr>()) {
    Use.Site = Call;
    unsigned Index = 0;
    while (Index < Call->getNumArgs() &&
           stripTransparent(Call->getArg(Index)) != stripTransparent(Child))
      ++Index;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
        Member && Callee && Callee->getIdentifier() &&
        Callee->getName() == "swap" && Call->getNumArgs() == 1) {
      // other.swap(c)
      Use.Kind = UseKind::Linked;
      Use.Other = referencedContainer(Member->getImplicitObjectArgument());
      return Use.Other ? Use : unknown(Use, "swapped with an expression");
    }
    if (Callee && isInStdNamespace(Callee) && Callee->getIdentifier()) {
      StringRef Name = Callee->getName();
      if (Name == "swap" && Call->getNumArgs() == 2) {
        Use.Kind = UseKind::Linked;
        Use.Other = referencedContainer(Call->getArg(Index == 0 ? 1 : 0));
        return Use.Other ? Use : unknown(Use, "swapped with an expression");
      }
      if (isStdMemberLikeFunction(Name) && Call->getNumArgs() == 1) {
        Use.Kind = UseKind::Call;
        Use.Method = Name.str();
        return Use;
      }
      if (Name == "move" || Name == "forward")
        return unknown(Use, "moved");
    }
    return classifyArgument(Use, Callee, Index);
  }

  if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
    // A copy or move of the container itself.
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor->isCopyOrMoveConstructor())
      return unknown(Use, "converted to '" +
                              Construct->getType().getAsString() + "'");
    const Expr *CopyChild = nullptr;
    DynTypedNode Holder =
        meaningfulParent(Construct, Ctx, CopyChild, Transparency::Value);
    if (Holder.get<LambdaExpr>()) {
      Use.Kind = UseKind::Captured;
      return Use;
    }
    if (const auto *Var = Holder.get<VarDecl>()) {
      Use.Kind = UseKind::Linked;
      Use.Other = Var;
      return Use;
    }
    if (const auto *Init = initializerOf(Construct, Holder);
        Init && Init->getMember()) {
      Use.Kind = UseKind::Linked;
      Use.Other = Init->getMember();
      return Use;
    }
    if (const auto *Call = Holder.get<CallExpr>()) {
      unsigned Index = 0;
      while (Index < Call->getNumArgs() &&
             stripTransparent(Call->getArg(Index)) != Construct)
        ++Index;
      return classifyArgument(Use, Call->getDirectCallee(), Index);
    }
    return unknown(Use, "copied");
  }

  // [&c] or [&]: the capture itself; the body's uses are references too.
  if (Parent.get<LambdaExpr>()) {
    Use.Kind = UseKind::Captured;
    return Use;
  }

  if (const auto *Var = Parent.get<VarDecl>()) {
    // The hidden '__range' variable of a range-for loop.
    if (Var->isImplicit()) {
      DynTypedNode Stmt = parentOf(parentOf(Parent, Ctx), Ctx);
      if (const auto *Loop = Stmt.get<CXXForRangeStmt>()) {
        Use.Kind = UseKind::RangeFor;
        Use.Site = Loop;
        return Use;
      }
    }
    return unknown(Use,
                   "bound to the reference '" + Var->getNameAsString() + "'");
  }

  if (const auto *Op = Parent.get<UnaryOperator>();
      Op && Op->getOpcode() == UO_AddrOf)
    return unknown(Use, "its address is taken");
  if (Parent.get<ReturnStmt>())
    return unknown(Use, "returned");
  if (const auto *S = Parent.get<Stmt>())
    return unknown(Use, std::string("used in a ") + S->getStmtClassName());
  return unknown(Use, "used where the analysis cannot follow");
}

ElementRef traceElementRef(const Expr *Access, bool YieldsIterator,
                           ASTContext &Ctx) {
  ElementRef Result;
  const Expr *Cur = Access;
  bool IsIterator = YieldsIterator;
  while (true) {
    const Expr *Child = nullptr;
    DynTypedNode Parent =
        meaningfulParent(Cur, Ctx, Child, Transparency::Value);
    const auto *ParentExpr = Parent.get<Expr>();

    // Still a reference into the element: a member of it, its address, an
    // iterator moved along or dereferenced.
    if (const auto *Member = dyn_cast_or_null<MemberExpr>(ParentExpr)) {
      if (!isa<FieldDecl>(Member->getMemberDecl()))
        return Result; // a call on the element
      Cur = Member;
      IsIterator = false;
      continue;
    }
    if (const auto *Cond =
            dyn_cast_or_null<AbstractConditionalOperator>(ParentExpr)) {
      // c ? d.front() : d.back() is still a reference into d.
      if (Cond->getCond() == Child || !Cond->isGLValue())
        return Result;
      Cur = Cond;
      continue;
    }
    if (const auto *Init = initializerOf(Cur, Parent)) {
      // S() : First(d[0]), Last(&d.back()) {} keeps it in a member.
      const FieldDecl *Member = Init->getMember();
      if (Member && keepsReference(Member->getType(), IsIterator))
        return {ElementRefFate::Escapes, nullptr, Cur};
      return Result;
    }
    if (const auto *Op = dyn_cast_or_null<UnaryOperator>(ParentExpr)) {
      if (Op->getOpcode() == UO_AddrOf || Op->getOpcode() == UO_Deref ||
          Op->isIncrementDecrementOp()) {
        Cur = Op;
        continue;
      }
      return Result;
    }
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(ParentExpr)) {
      bool IsFirst = stripTransparent(Op->getArg(0)) == stripTransparent(Child);
      OverloadedOperatorKind Kind = Op->getOperator();
      if (IsIterator && IsFirst &&
          (Kind == OO_Star || Kind == OO_Arrow || Kind == OO_Plus ||
           Kind == OO_Minus || Kind == OO_PlusPlus || Kind == OO_MinusMinus)) {
        IsIterator = Kind != OO_Star && Kind != OO_Arrow;
        Cur = Op;
        continue;
      }
      return Result; // the element's own operators work on it in place
    }
    if (const auto *Bin = dyn_cast_or_null<BinaryOperator>(ParentExpr)) {
      if (Bin->getOpcode() == BO_Assign && Bin->getRHS() == Child &&
          (Cur->getType()->isPointerType() || IsIterator)) {
        const Expr *Target = Bin->getLHS()->IgnoreParenImpCasts();
        if (const auto *DRE = dyn_cast<DeclRefExpr>(Target)) {
          const auto *Var = dyn_cast<VarDecl>(DRE->getDecl());
          if (Var && Var->hasLocalStorage()) {
            if (IsIterator)
              return Result;
            return {ElementRefFate::LocalVariable, Var, Bin};
          }
        }
        return {ElementRefFate::Escapes, nullptr, Bin};
      }
      if (Bin->isAdditiveOp() && Cur->getType()->isPointerType()) {
        Cur = Bin;
        continue;
      }
      return Result;
    }
    if (const auto *Var = Parent.get<VarDecl>()) {
      QualType T = Var->getType();
      if (!keepsReference(T, IsIterator))
        return Result;
      if (!Var->hasLocalStorage())
        return {ElementRefFate::Escapes, nullptr, Cur};
      if (IsIterator && !T->isReferenceType())
        return Result;
      return {ElementRefFate::LocalVariable, Var, Cur};
    }
    if (Parent.get<ReturnStmt>()) {
      const FunctionDecl *Function = enclosingFunction(Cur, Ctx);
      if (Function && keepsReference(Function->getReturnType(), IsIterator))
        return {ElementRefFate::Escapes, nullptr, Cur};
      return Result;
    }
    if (const auto *Call = dyn_cast_or_null<CallExpr>(ParentExpr)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      bool ByPointer = Cur->getType()->isPointerType() || IsIterator;
      bool IsRefWrapper =
          Callee && Callee->getIdentifier() &&
          (Callee->getName() == "ref" || Callee->getName() == "cref") &&
          isInStdNamespace(Callee);
      // Algorithms take iterators by value and drop them; a pointer handed to
      // anything, or a std::ref, may be stored.
      if ((ByPointer && !IsIterator) || IsRefWrapper)
        return {ElementRefFate::Escapes, nullptr, Cur};
      return Result;
    }
    if (isa_and_nonnull<CXXConstructExpr>(ParentExpr)) {
      if (Cur->getType()->isPointerType())
        return {ElementRefFate::Escapes, nullptr, Cur};
      return Result;
    }
    if (const auto *List = dyn_cast_or_null<InitListExpr>(ParentExpr)) {
      if (Cur->getType()->isPointerType() || !List->getType()->isRecordType())
        return {ElementRefFate::Escapes, nullptr, Cur};
      return Result;
    }
    return Result;
  }
}

llvm::SmallVector<ElementRef, 2>
traceRangeForElementRefs(const CXXForRangeStmt *Loop, ASTContext &Ctx) {
  llvm::SmallVector<ElementRef, 2> Kept;
  const VarDecl *LoopVar = Loop->getLoopVariable();
  if (!LoopVar || !LoopVar->getType()->isReferenceType())
    return Kept;
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const VarDecl *LoopVar;
    ASTContext &Ctx;
    llvm::SmallVector<ElementRef, 2> &Kept;
    Finder(const VarDecl *V, ASTContext &C, llvm::SmallVector<ElementRef, 2> &K)
        : LoopVar(V), Ctx(C), Kept(K) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() != LoopVar)
        return true;
      ElementRef Fate = traceElementRef(Ref, /*YieldsIterator=*/false, Ctx);
      if (Fate.Fate != ElementRefFate::Temporary)
        Kept.push_back(Fate);
      return true;
    }
  } Visitor(LoopVar, Ctx, Kept);
  Visitor.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
  return Kept;
}

namespace {

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
/// of the object that owns the container, which may grow it.
bool callsOwnerAfter(const Stmt *Scope, const Stmt *From, ASTContext &Ctx) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    const Stmt *From;
    const SourceManager &SM;
    bool Found = false;
    Finder(const Stmt *F, const SourceManager &S) : From(F), SM(S) {}
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
      const auto *Method = Call->getMethodDecl();
      if (Method && !Method->isConst() && isBefore(From, Call, SM) &&
          isa<CXXThisExpr>(
              Call->getImplicitObjectArgument()->IgnoreParenImpCasts()))
        Found = true;
      return !Found;
    }
  } Visitor(From, Ctx.getSourceManager());
  Visitor.TraverseStmt(const_cast<Stmt *>(Scope));
  return Visitor.Found;
}

} // namespace

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
  return Owner && Scope && callsOwnerAfter(Scope, Kept.KeptAt, Ctx);
}

const Stmt *fullStatementOf(const Expr *E, ASTContext &Ctx) {
  const Stmt *Statement = E;
  for (DynTypedNodeList P = parentsOf(*Statement, Ctx);
       !P.empty() && P[0].get<Expr>(); P = parentsOf(*Statement, Ctx))
    Statement = P[0].get<Expr>();
  return Statement;
}

const Stmt *previousStatement(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = parentsOf(*S, Ctx);
  const auto *Block =
      Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  if (!Block)
    return nullptr;
  const Stmt *Previous = nullptr;
  for (const Stmt *Child : Block->body()) {
    if (Child == S)
      return Previous;
    Previous = Child;
  }
  return nullptr;
}

bool isMoveInsertable(QualType Type) {
  const auto *Record = Type->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return true;
  Record = Record->getDefinition();
  if (Record->needsImplicitMoveConstructor() &&
      !Record->defaultedMoveConstructorIsDeleted())
    return true;
  if (Record->needsImplicitCopyConstructor() &&
      !Record->defaultedCopyConstructorIsDeleted())
    return true;
  for (const CXXConstructorDecl *Ctor : Record->ctors())
    if (Ctor->isCopyOrMoveConstructor() && !Ctor->isDeleted() &&
        Ctor->getAccess() == AS_public)
      return true;
  return false;
}

bool isCopiedOnGrowth(QualType Type) {
  const auto *Record = Type->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return false;
  Record = Record->getDefinition();
  if (Record->hasTrivialCopyConstructor() && Record->hasTrivialDestructor())
    return false; // Copied as bytes: nothing to allocate.
  bool Copyable =
      Record->needsImplicitCopyConstructor()
          ? !Record->defaultedCopyConstructorIsDeleted()
          : llvm::any_of(Record->ctors(), [](const auto *Ctor) {
              return Ctor->isCopyConstructor() && !Ctor->isDeleted();
            });
  if (!Copyable)
    return false; // Must be moved, whatever its exception specification.
  for (const CXXConstructorDecl *Ctor : Record->ctors()) {
    if (!Ctor->isMoveConstructor() || Ctor->isDeleted())
      continue;
    const auto *Proto = Ctor->getType()->getAs<FunctionProtoType>();
    // Declared here: noexcept, or defaulted (its exception specification
    // then follows the members, taken as not throwing like the implicit one).
    return !Ctor->isDefaulted() && Proto && !Proto->isNothrow();
  }
  // No move constructor declared: an implicit one exists unless the class
  // declares a copy operation or a destructor.
  return !Record->needsImplicitMoveConstructor() &&
         !Record->hasUserDeclaredMoveConstructor();
}

} // namespace alloc_tidy
