//===--- LastUseCopies.cpp - locals copied where they could move ----------===//

#include "lib/analysis/decisions/LastUseCopies.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/decisions/MissingMove.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/CopyFacts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// The standard containers' members that copy an lvalue argument into the
/// container and move an rvalue one.
constexpr llvm::StringLiteral InsertingMembers[] = {
    "push_back", "push_front",   "push",          "insert",
    "emplace",   "emplace_back", "emplace_front", "emplace_hint"};

/// Whether moving a \p T is possible and cheaper than copying it: its copy
/// allocates, and it has a move constructor that is not deleted (a class
/// whose moves are suppressed copies anyway; alloc-missing-move).
bool movesCheaperThanCopies(QualType T) {
  if (T.isConstQualified() || T.isVolatileQualified() || T->isReferenceType() ||
      !allocatesWhenCopied(T))
    return false;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && isMovable(*RD, /*Assignment=*/false);
}

/// The local variable (not a parameter, not static) that \p E names, its
/// implicit conversions aside.
const DeclRefExpr *localReference(const Expr *E) {
  const auto *Ref =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreImplicit() : nullptr);
  if (!Ref)
    return nullptr;
  const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
  if (!Var || isa<ParmVarDecl>(Var) || !Var->hasLocalStorage() ||
      !movesCheaperThanCopies(Var->getType()))
    return nullptr;
  return Ref;
}

/// Whether \p T may point into another object: a pointer, a reference, or
/// a class that copies nothing that allocates (an iterator, a view, a
/// span).
bool mayReferToOthers(QualType T) {
  if (T->isPointerType() || T->isReferenceType() || T->isMemberPointerType())
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && !allocatesWhenCopied(T);
}

/// The references to \p Var in \p S.
void referencesTo(const Stmt *S, const VarDecl &Var,
                  llvm::SmallVectorImpl<const DeclRefExpr *> &Found) {
  if (!S)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == &Var)
    Found.push_back(Ref);
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.capturesVariable() && Capture.getCapturedVar() == &Var &&
          Capture.getCaptureKind() == LCK_ByRef)
        Found.push_back(nullptr); // a capture by reference: see below
  }
  for (const Stmt *Child : S->children())
    referencesTo(Child, Var, Found);
}

/// Whether the scope of \p Var (the block or statement that declares it)
/// ends before \p Loc: a reference declared there cannot be read at or
/// after \p Loc. A range-for's hidden range variable ends with the loop.
bool scopeEndsBefore(const VarDecl &Var, SourceLocation Loc, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(Var);
  while (true) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    const Stmt *S = Node.get<Stmt>();
    if (S && isa<CompoundStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
                 IfStmt, SwitchStmt>(S))
      return Ctx.getSourceManager().isBeforeInTranslationUnit(S->getEndLoc(),
                                                              Loc);
    if (!S && !Node.get<DeclStmt>())
      return false;
  }
}

/// Whether the value of \p Ref (or of an expression built on it) is kept
/// in a variable or assigned to one whose type may refer to \p Ref's
/// object, where \p Use or later code can read it: `const char *P =
/// Line.c_str();`, `auto It = Row.begin();`.
bool keepsAReference(const DeclRefExpr &Ref, const DeclRefExpr &Use,
                     ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(Ref);
  while (true) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    if (const auto *Var = Node.get<VarDecl>())
      return mayReferToOthers(Var->getType()) &&
             !scopeEndsBefore(*Var, Use.getBeginLoc(), Ctx);
    if (const auto *Op = Node.get<BinaryOperator>(); Op && Op->isAssignmentOp())
      return mayReferToOthers(Op->getLHS()->getType());
    if (const auto *Op = Node.get<CXXOperatorCallExpr>();
        Op && Op->getOperator() == OO_Equal)
      return mayReferToOthers(Op->getArg(0)->getType());
    if (const auto *Op = Node.get<UnaryOperator>();
        Op && Op->getOpcode() == UO_AddrOf)
      return true;
    // A statement of its own: what the expression computed is not kept.
    if (Node.get<CompoundStmt>() || Node.get<Decl>())
      return false;
  }
}

} // namespace

std::optional<LocalCopy> copiedLocal(const Expr &E, ASTContext &Ctx) {
  LocalCopy Copy;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(&E)) {
    if (!Construct->getConstructor()->isCopyConstructor() ||
        Construct->getNumArgs() < 1)
      return std::nullopt;
    Copy.Use = localReference(Construct->getArg(0));
    Copy.By = "a copy construction";
    // Past the temporaries a by-value argument is wrapped in.
    DynTypedNode Node = DynTypedNode::create(*Construct);
    for (DynTypedNodeList Up = parentsOf(Node, Ctx);
         !Up.empty() && (Up[0].get<CXXBindTemporaryExpr>() ||
                         Up[0].get<MaterializeTemporaryExpr>() ||
                         Up[0].get<ImplicitCastExpr>());
         Up = parentsOf(Node, Ctx))
      Node = Up[0];
    for (const DynTypedNode &Parent : parentsOf(Node, Ctx)) {
      if (const auto *Var = Parent.get<VarDecl>())
        Copy.By = "the initialization of '" + Var->getNameAsString() + "'";
      else if (const auto *Call = Parent.get<CallExpr>();
               Call && Call->getDirectCallee())
        Copy.By = "passing it by value to '" +
                  Call->getDirectCallee()->getNameAsString() + "'";
      else if (Parent.get<CXXCtorInitializer>())
        Copy.By = "a member initializer";
      else if (const auto *List = Parent.get<InitListExpr>();
               List && List->getType()->getAsCXXRecordDecl())
        Copy.By = "the braced initializer of a '" +
                  List->getType()->getAsCXXRecordDecl()->getNameAsString() +
                  "'";
    }
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&E)) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    if (!Method || !Method->isCopyAssignmentOperator() || Op->getNumArgs() != 2)
      return std::nullopt;
    Copy.Use = localReference(Op->getArg(1));
    Copy.By = "the assignment";
  } else if (const auto *Call = dyn_cast<CXXMemberCallExpr>(&E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!Method || !Method->getIdentifier() ||
        !isStandardLibraryFunction(*Method) ||
        !llvm::is_contained(InsertingMembers, Method->getName()))
      return std::nullopt;
    for (unsigned I = 0; I < Call->getNumArgs() && !Copy.Use; ++I) {
      if (I >= Method->getNumParams() ||
          !Method->getParamDecl(I)->getType()->isLValueReferenceType())
        continue;
      Copy.Use = localReference(Call->getArg(I));
    }
    Copy.By = "'" + Method->getNameAsString() + "'";
  }
  if (!Copy.Use)
    return std::nullopt;
  Copy.Var = cast<VarDecl>(Copy.Use->getDecl());
  return Copy;
}

std::string whyNotLastUse(const LocalCopy &Copy, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Again = readAgainAfterMove(*Copy.Use, *Copy.Var, Ctx);
  if (Again.isValid())
    return Again == Copy.Use->getBeginLoc()
               ? "a loop runs it again with the same '" +
                     Copy.Var->getNameAsString() + "'"
               : "'" + Copy.Var->getNameAsString() + "' is used after it";
  // Every other reference: a pointer, a reference or a view kept from it
  // would see the moved-from object.
  const auto *Function =
      dyn_cast_or_null<FunctionDecl>(Copy.Var->getParentFunctionOrMethod());
  if (!Function || !Function->getBody())
    return "its function's body is not available";
  llvm::SmallVector<const DeclRefExpr *, 8> References;
  referencesTo(Function->getBody(), *Copy.Var, References);
  for (const DeclRefExpr *Ref : References) {
    if (!Ref)
      return "a lambda captures it by reference";
    if (Ref != Copy.Use && keepsAReference(*Ref, *Copy.Use, Ctx))
      return "a pointer, reference or view into it is kept at line " +
             std::to_string(SM.getExpansionLineNumber(Ref->getBeginLoc()));
  }
  return "";
}

std::optional<LocalCopy> localOnLastUse(const Expr &Argument, QualType Class,
                                        const FunctionDecl &Callee,
                                        ASTContext &Ctx) {
  const DeclRefExpr *Ref = localReference(&Argument);
  // A lambda's copy of the local is const unless the lambda is mutable, and
  // can run again: not the local's last use.
  if (!Ref || Ref->refersToEnclosingVariableOrCapture() ||
      Ref->getBeginLoc().isMacroID() ||
      !Ctx.hasSameUnqualifiedType(Ref->getType(), Class))
    return std::nullopt;
  LocalCopy Copy;
  Copy.Use = Ref;
  Copy.Var = cast<VarDecl>(Ref->getDecl());
  Copy.By = "passing it to '" + Callee.getNameAsString() + "'";
  // Named twice in one statement (f(S, S.size())), the order in which the
  // arguments are evaluated would decide what the other use sees.
  const Stmt *Statement = fullStatementOf(Ref, Ctx);
  llvm::SmallVector<const DeclRefExpr *, 2> InStatement;
  referencesTo(Statement, *Copy.Var, InStatement);
  if (InStatement.size() != 1 || !whyNotLastUse(Copy, Ctx).empty())
    return std::nullopt;
  return Copy;
}

} // namespace alloc_tidy
