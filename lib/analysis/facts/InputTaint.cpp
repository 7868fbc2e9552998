//===--- InputTaint.cpp ---------------------------------------------------===//

#include "lib/analysis/facts/InputTaint.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {

bool readsInput(const Stmt *Root, InputCallPredicate IsInput) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    InputCallPredicate IsInput;
    bool Found = false;
    explicit Finder(InputCallPredicate IsInput) : IsInput(IsInput) {}
    bool VisitCallExpr(CallExpr *Call) {
      Found |= IsInput(Call);
      return !Found;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } Visitor(IsInput);
  Visitor.TraverseStmt(const_cast<Stmt *>(Root));
  return Visitor.Found;
}

namespace {

/// How many variables deep a value is followed: n from p, p from buf.
constexpr unsigned MaxDepth = 4;

class Tracer {
public:
  Tracer(const Stmt *Point, const Stmt *Body, InputCallPredicate IsInput,
         ASTContext &Ctx)
      : Point(Point), Body(Body), IsInput(IsInput), Ctx(Ctx) {}

  bool derived(const VarDecl *Var, unsigned Depth) {
    if (Depth > MaxDepth || !Visiting.insert(Var).second)
      return false;
    bool Result = derivedUncached(Var, Depth);
    Visiting.erase(Var);
    return Result;
  }

private:
  const Stmt *Point;
  const Stmt *Body;
  InputCallPredicate IsInput;
  ASTContext &Ctx;
  llvm::SmallPtrSet<const VarDecl *, 8> Visiting;

  /// Whether the value of \p E may come from input: it calls an input
  /// function or reads a variable whose contents do.
  bool flowsFromInput(const Expr *E, const VarDecl *Self, unsigned Depth) {
    if (readsInput(E, IsInput))
      return true;
    class Finder : public RecursiveASTVisitor<Finder> {
    public:
      llvm::SmallVector<const DeclRefExpr *, 4> Refs;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        Refs.push_back(Ref);
        return true;
      }
      // sizeof(buf) and decltype say nothing about its contents.
      bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
        return true;
      }
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    } Refs;
    Refs.TraverseStmt(const_cast<Expr *>(E));
    for (const DeclRefExpr *Ref : Refs.Refs) {
      const auto *Other = dyn_cast<VarDecl>(Ref->getDecl());
      if (!Other || Other == Self || isSizeOnly(Ref))
        continue;
      if (derived(Other, Depth + 1))
        return true;
    }
    return false;
  }

  /// buf.size(), s.length(), v.empty(): the size of what is in memory, which
  /// no input can inflate beyond what was already allocated.
  bool isSizeOnly(const DeclRefExpr *Ref) {
    const Expr *Child = Ref;
    DynTypedNode Parent =
        meaningfulParent(Ref, Ctx, Child, Transparency::Object);
    const auto *Member = Parent.get<MemberExpr>();
    if (!Member)
      return false;
    const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
    if (!Method || !Method->getIdentifier())
      return false;
    static const llvm::StringSet<> Sizes = {"size", "length", "empty",
                                            "capacity", "ssize"};
    return Sizes.contains(Method->getName());
  }

  /// Whether \p Arg, an argument of \p Call, is a place the callee can
  /// write: a non-const pointer or reference parameter.
  static bool isOutArgument(const CallExpr *Call, const Expr *Arg) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return false;
    unsigned Shift =
        isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = Shift; I < Call->getNumArgs(); ++I) {
      if (Call->getArg(I) != Arg)
        continue;
      unsigned Index = I - Shift;
      if (Index >= Callee->getNumParams())
        return true; // C varargs: scanf-like
      QualType T = Callee->getParamDecl(Index)->getType();
      if (T->isReferenceType())
        return !T.getNonReferenceType().isConstQualified();
      return T->isPointerType() && !T->getPointeeType().isConstQualified();
    }
    return false;
  }

  bool derivedUncached(const VarDecl *Var, unsigned Depth) {
    if (Var->getInit() && flowsFromInput(Var->getInit(), Var, Depth))
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    class Finder : public RecursiveASTVisitor<Finder> {
    public:
      const VarDecl *Var = nullptr;
      llvm::SmallVector<const DeclRefExpr *, 8> Refs;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (Ref->getDecl() == Var)
          Refs.push_back(Ref);
        return true;
      }
    } Refs;
    Refs.Var = Var;
    Refs.TraverseStmt(const_cast<Stmt *>(Body));
    for (const DeclRefExpr *Ref : Refs.Refs) {
      if (!SM.isBeforeInTranslationUnit(Ref->getBeginLoc(),
                                        Point->getBeginLoc()))
        continue;
      if (isFilledFromInput(Ref, Var, Depth))
        return true;
    }
    return false;
  }

  /// Follows the reference up through what still designates the variable's
  /// storage (&buf, buf + 4, buf.data(), hdr.count, *p, p[i] as a target)
  /// to what writes it.
  bool isFilledFromInput(const DeclRefExpr *Ref, const VarDecl *Var,
                         unsigned Depth) {
    DynTypedNode Node = DynTypedNode::create(*Ref);
    const Expr *Child = Ref;
    for (int Step = 0; Step < 8; ++Step) {
      Node = parentOf(Node, Ctx);
      if (const auto *Call = Node.get<CallExpr>()) {
        // buf.data(), buf.c_str(), buf.begin(): the same storage.
        if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
            Member && Member->getNumArgs() == 0 &&
            Member->getCallee()->IgnoreParens() == Child) {
          Child = Call;
          continue;
        }
        // s[0], *it on a class: the same storage.
        if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
            Op && Op->getNumArgs() >= 1 && Op->getArg(0) == Child &&
            (Op->getOperator() == OO_Subscript ||
             Op->getOperator() == OO_Star)) {
          Child = Call;
          continue;
        }
        // What an input call writes through its out-arguments is input:
        // fread(&n, ...), in >> n, fread(buf, ...), in.read(buf.data(), ...).
        if (!isOutArgument(Call, Child))
          return false;
        if (IsInput(Call))
          return true;
        // getU32(buf, &n): an out-argument next to input.
        for (const Expr *Arg : Call->arguments())
          if (Arg != Child && flowsFromInput(Arg, Var, Depth))
            return true;
        return false;
      }
      if (const auto *Bin = Node.get<BinaryOperator>()) {
        if (Bin->isAssignmentOp())
          return Bin->getLHS() == Child &&
                 flowsFromInput(Bin->getRHS(), Var, Depth);
        if (Bin->isAdditiveOp() && Bin->getType()->isPointerType()) {
          Child = Bin;
          continue;
        }
        return false;
      }
      if (const auto *Unary = Node.get<UnaryOperator>()) {
        if (Unary->getOpcode() != UO_AddrOf && Unary->getOpcode() != UO_Deref)
          return false;
        Child = Unary;
        continue;
      }
      if (const auto *Subscript = Node.get<ArraySubscriptExpr>()) {
        if (Subscript->getBase()->IgnoreParenImpCasts() !=
            Child->IgnoreParenImpCasts())
          return false;
        Child = Subscript;
        continue;
      }
      const auto *E = Node.get<Expr>();
      if (E && isa<ImplicitCastExpr, ParenExpr, ExplicitCastExpr, MemberExpr,
                   MaterializeTemporaryExpr, CXXBindTemporaryExpr>(E)) {
        Child = E;
        continue;
      }
      // "in >> n" and its friends are calls above; the rest only read.
      return false;
    }
    return false;
  }
};

} // namespace

bool isInputDerived(const VarDecl *Var, const Stmt *Point, const Stmt *Body,
                    InputCallPredicate IsInput, ASTContext &Ctx) {
  if (!Var || !Point || !Body)
    return false;
  Tracer T(Point, Body, IsInput, Ctx);
  return T.derived(Var, 0);
}

} // namespace alloc_tidy
