//===--- BufferReuse.cpp --------------------------------------------------===//

#include "lib/analysis/decisions/BufferReuse.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// The references to a variable in a body, the loops of the body, and
/// whether control can jump back (goto).
class BodyShape : public RecursiveASTVisitor<BodyShape> {
public:
  explicit BodyShape(const VarDecl &Var) : Var(Var) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == &Var)
      Uses.push_back(Ref);
    return true;
  }
  bool VisitStmt(Stmt *S) {
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      Loops.push_back(S);
    if (isa<GotoStmt, IndirectGotoStmt>(S))
      Jumps = true;
    return true;
  }
  const VarDecl &Var;
  std::vector<const DeclRefExpr *> Uses;
  std::vector<const Stmt *> Loops;
  bool Jumps = false;
};

/// Whether a variable of type \p T can refer into a container: anything
/// but a number, an enumerator or a bool (a reference, a pointer, an
/// iterator, a view, a copy: the last costs precision only).
bool mayReferToElements(QualType T) {
  T = T.getCanonicalType();
  return !T->isArithmeticType() && !T->isEnumeralType();
}

/// The variable that the expression around \p Use is stored in (declared
/// with it, or assigned it), when it may refer into the container; null
/// otherwise. \p Kept says that the expression is stored elsewhere (a
/// member, through a pointer).
const VarDecl *storedIn(const Expr *Use, ASTContext &Ctx, bool &Kept) {
  DynTypedNode Node = DynTypedNode::create(*Use);
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    DynTypedNode Parent = parentOf(Node, Ctx);
    if (const auto *Var = Parent.get<VarDecl>())
      return mayReferToElements(Var->getType()) ? Var : nullptr;
    const auto *E = Parent.get<Expr>();
    if (!E)
      return nullptr;
    if (const auto *Assign = dyn_cast<BinaryOperator>(E);
        Assign && Assign->isAssignmentOp() &&
        Assign->getRHS() == Node.get<Expr>()) {
      if (!mayReferToElements(Assign->getLHS()->getType()))
        return nullptr;
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
      const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!Var || !Var->isLocalVarDeclOrParm() || isa<ParmVarDecl>(Var))
        Kept = true;
      return Var;
    }
    Node = Parent;
  }
  return nullptr;
}

bool contains(const Stmt *Outer, SourceRange Inner, const SourceManager &SM) {
  SourceRange R(SM.getExpansionLoc(Outer->getBeginLoc()),
                SM.getExpansionLoc(Outer->getEndLoc()));
  return !SM.isBeforeInTranslationUnit(Inner.getBegin(), R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), Inner.getEnd());
}

} // namespace

bool reentersBeforeDeclaration(const VarDecl &Var, const ReentryPoint &Point,
                               ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isBeforeInTranslationUnit(
          SM.getExpansionRange(Point.At->getSourceRange()).getEnd(),
          SM.getExpansionLoc(Var.getBeginLoc())))
    return false;
  // Up to the function's body: a lambda or a block on the way runs when it
  // is called, not where it is written.
  DynTypedNode Node = DynTypedNode::create(*Point.At);
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    Node = parentOf(Node, Ctx);
    if (Node.get<LambdaExpr>() || Node.get<BlockExpr>())
      return false;
    // The function that declares the buffer, not a lambda's call operator;
    // a local's initializer goes on to its declaration statement.
    if (const auto *D = Node.get<Decl>()) {
      if (const auto *Local = dyn_cast<VarDecl>(D);
          Local && Local->isLocalVarDecl())
        continue;
      return dyn_cast<DeclContext>(D) == Var.getParentFunctionOrMethod();
    }
    if (!Node.get<Stmt>())
      return false;
  }
  return false;
}

std::string whyReentryMeetsBuffer(const VarDecl &Var, const Stmt &Body,
                                  ArrayRef<ReentryPoint> Points,
                                  ASTContext &Ctx) {
  if (Points.empty())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  BodyShape Shape(Var);
  Shape.TraverseStmt(const_cast<Stmt *>(&Body));
  // A reference, pointer or iterator into the buffer uses it where it is
  // used ("auto &First = Buf[0]; f(); g(First);").
  std::vector<const VarDecl *> Derived;
  for (size_t I = 0; I < Shape.Uses.size() && I < 256; ++I) {
    bool Kept = false;
    const VarDecl *Into = storedIn(Shape.Uses[I], Ctx, Kept);
    if (Kept)
      return "a reference into '" + Var.getNameAsString() +
             "' is kept outside the function's locals";
    if (!Into || Into == &Var || llvm::is_contained(Derived, Into))
      continue;
    Derived.push_back(Into);
    BodyShape More(*Into);
    More.TraverseStmt(const_cast<Stmt *>(&Body));
    Shape.Uses.insert(Shape.Uses.end(), More.Uses.begin(), More.Uses.end());
  }
  auto Describe = [&](const ReentryPoint &P, StringRef Where) {
    return "it may run again from line " +
           std::to_string(SM.getExpansionLineNumber(P.At->getBeginLoc())) +
           " (" + P.Why + "), " + Where.str() + " '" + Var.getNameAsString() +
           "'";
  };
  if (Shape.Jumps)
    return Describe(Points.front(), "and a goto can reach a use of");
  for (const ReentryPoint &P : Points) {
    // The declaration is in no loop, so neither is a use with such a point.
    if (reentersBeforeDeclaration(Var, P, Ctx))
      continue;
    SourceLocation Begin = SM.getExpansionLoc(P.At->getBeginLoc());
    for (const DeclRefExpr *Use : Shape.Uses)
      if (!SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Use->getEndLoc()),
                                        Begin))
        return Describe(P, "before its last use of");
    SourceRange At(Begin, SM.getExpansionLoc(P.At->getEndLoc()));
    for (const Stmt *Loop : Shape.Loops) {
      if (!contains(Loop, At, SM))
        continue;
      for (const DeclRefExpr *Use : Shape.Uses)
        if (contains(Loop,
                     SM.getExpansionRange(Use->getSourceRange()).getAsRange(),
                     SM))
          return Describe(P, "in a loop that uses");
    }
  }
  return "";
}

} // namespace alloc_tidy
