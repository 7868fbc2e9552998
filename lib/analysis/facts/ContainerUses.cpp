//===--- ContainerUses.cpp ------------------------------------------------===//

#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
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

namespace {
/// The first call of capacity() on one container.
class CapacityReadFinder : public RecursiveASTVisitor<CapacityReadFinder> {
public:
  explicit CapacityReadFinder(const ValueDecl *Container)
      : Container(Container) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Method && Method->getIdentifier() && Method->getName() == "capacity" &&
        referencedContainer(Call->getImplicitObjectArgument()) == Container)
      Found = Call;
    return !Found;
  }
  const ValueDecl *Container;
  const CXXMemberCallExpr *Found = nullptr;
};
} // namespace

const CXXMemberCallExpr *capacityRead(const ValueDecl *Container,
                                      const Stmt *Scope) {
  if (!Container || !Scope)
    return nullptr;
  CapacityReadFinder F(Container);
  F.TraverseStmt(const_cast<Stmt *>(Scope));
  return F.Found;
}

const CXXMemberCallExpr *capacityRead(const ValueDecl *Container,
                                      ASTContext &Ctx) {
  if (!Container)
    return nullptr;
  CapacityReadFinder F(Container);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

const ValueDecl *referencedContainer(const Expr *E) {
  if (!E)
    return nullptr;
  E = ignoringStdMove(E);
  // A data member named without an object: &Class::Member.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl, FieldDecl>(DRE->getDecl()) ? DRE->getDecl() : nullptr;
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return dyn_cast<FieldDecl>(Member->getMemberDecl());
  return nullptr;
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    DynTypedNode Below = Node;
    Node = parentOf(Node, Ctx);
    if (Node.get<TranslationUnitDecl>() || Node.getNodeKind().isNone())
      return nullptr;
    // An init-capture ([&L = c.back()]) runs in the enclosing function.
    if (const auto *Lambda = Node.get<LambdaExpr>()) {
      const auto *Capture = Below.get<VarDecl>();
      if (!Capture || !Capture->isInitCapture())
        return Lambda->getCallOperator();
    }
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

  // &Class::Member: whatever reaches the member through the pointer is
  // out of sight (and the pointer's type names the member's).
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Ref);
      DRE && isa<FieldDecl>(DRE->getDecl()))
    return unknown(Use, "a pointer to it as a member is taken");

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

const Stmt *fullStatementOf(const Expr *E, ASTContext &Ctx) {
  const Stmt *Statement = E;
  for (DynTypedNodeList P = parentsOf(*Statement, Ctx);
       !P.empty() && P[0].get<Expr>(); P = parentsOf(*Statement, Ctx))
    Statement = P[0].get<Expr>();
  return Statement;
}

const Stmt *blockStatementOf(const Expr *E, ASTContext &Ctx) {
  const Stmt *Statement = fullStatementOf(E, Ctx);
  for (const DynTypedNode &Parent : parentsOf(*Statement, Ctx))
    if (const auto *Var = Parent.get<VarDecl>())
      for (const DynTypedNode &Holder : parentsOf(*Var, Ctx))
        if (const auto *Decl = Holder.get<DeclStmt>())
          Statement = Decl;
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

namespace {

/// Whether evaluating \p S can call anything: a call, a new-expression, or
/// a constructor that is not trivial.
bool callsAnything(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CallExpr, CXXNewExpr>(S))
    return true;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(S))
    if (!Construct->getConstructor()->isTrivial())
      return true;
  return llvm::any_of(S->children(), callsAnything);
}

bool copyMayAllocate(QualType Type, unsigned Depth) {
  const CXXRecordDecl *Record =
      Type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!Record)
    return false; // A scalar, a pointer or a reference.
  if (!Record->hasDefinition() || Depth > 16)
    return true;
  Record = Record->getDefinition();
  if (Record->hasTrivialCopyConstructor())
    return false;
  const CXXConstructorDecl *Copy = nullptr;
  if (!Record->needsImplicitCopyConstructor())
    for (const CXXConstructorDecl *Ctor : Record->ctors()) {
      unsigned Quals = 0;
      if (Ctor->isCopyConstructor(Quals) && (Quals & Qualifiers::Const) &&
          !Ctor->isDeleted())
        Copy = Ctor;
    }
  // Only a copy from a non-const object (`T(T &)`): not what a vector
  // calls, so nothing is known of the copy it would need.
  if (!Copy && !Record->needsImplicitCopyConstructor())
    return true;
  if (!Copy || Copy->isDefaulted()) {
    // Member by member: each base and field is copied by its own copy
    // constructor.
    for (const CXXBaseSpecifier &Base : Record->bases())
      if (copyMayAllocate(Base.getType(), Depth + 1))
        return true;
    return llvm::any_of(Record->fields(), [&](const FieldDecl *Field) {
      return copyMayAllocate(Field->getType(), Depth + 1);
    });
  }
  const FunctionDecl *Definition = nullptr;
  if (!Copy->hasBody(Definition))
    return true; // Defined in another unit: anything may happen there.
  const auto *Defined = cast<CXXConstructorDecl>(Definition);
  for (const CXXCtorInitializer *Init : Defined->inits())
    if (callsAnything(Init->getInit()))
      return true;
  return callsAnything(Defined->getBody());
}

} // namespace

bool copyMayAllocate(QualType Type) { return copyMayAllocate(Type, 0); }

std::string elementCopiedOnGrowth(QualType Container) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Container.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() ||
      Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return "";
  QualType Element = Spec->getTemplateArgs()[0].getAsType();
  const CXXRecordDecl *Class = Element->getAsCXXRecordDecl();
  return Class && isCopiedOnGrowth(Element) && copyMayAllocate(Element)
             ? Class->getNameAsString()
             : "";
}

} // namespace alloc_tidy
