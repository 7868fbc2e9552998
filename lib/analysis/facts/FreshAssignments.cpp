//===--- FreshAssignments.cpp - a container emptied by a new one ----------===//

#include "lib/analysis/facts/FreshAssignments.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/StlFacts.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace alloc_tidy {

namespace {

const ClassTemplateSpecializationDecl *stdSpecialization(QualType T,
                                                         StringRef Name) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != Name ||
      !isWithinStd(Spec))
    return nullptr;
  return Spec;
}

/// The deque \p T is, or that the stack or queue \p T adapts, when it is a
/// standard deque on std::allocator; \p Shape says which.
const ClassTemplateSpecializationDecl *standardDeque(QualType T,
                                                     FreshShape &Shape) {
  const ClassTemplateSpecializationDecl *Deque = stdSpecialization(T, "deque");
  Shape = FreshShape::Deque;
  if (!Deque) {
    const ClassTemplateSpecializationDecl *Adaptor =
        stdSpecialization(T, "stack");
    Shape = FreshShape::Stack;
    if (!Adaptor) {
      Adaptor = stdSpecialization(T, "queue");
      Shape = FreshShape::Queue;
    }
    if (!Adaptor || Adaptor->getTemplateArgs().size() != 2 ||
        Adaptor->getTemplateArgs()[1].getKind() != TemplateArgument::Type)
      return nullptr;
    Deque =
        stdSpecialization(Adaptor->getTemplateArgs()[1].getAsType(), "deque");
  }
  if (!Deque || !hasStandardAllocator(*Deque))
    return nullptr;
  return Deque;
}

/// Whether \p E, stripped of temporaries and conversions, builds a new
/// empty object: T(), T{}, {}.
bool isNewEmptyObject(const Expr *E) {
  E = E->IgnoreImplicit();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  if (const auto *List = dyn_cast<InitListExpr>(E))
    return List->getNumInits() == 0;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return Construct->getNumArgs() == 0 ||
           (Construct->getNumArgs() == 1 &&
            isa<CXXDefaultArgExpr>(Construct->getArg(0)));
  return false;
}

/// A variable, or a member of one or of this, reached through no call.
bool isPlainObject(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E))
    return !E->getBeginLoc().isMacroID();
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = Member->getBase()->IgnoreParenImpCasts();
    return isa<CXXThisExpr>(Base) || isPlainObject(Base);
  }
  return false;
}

/// Whether \p S, the assignment (or the full expression around it), stands
/// where a statement goes: in a block, or as the body or a branch of a
/// statement (not its condition, nor a for loop's increment).
bool standsAsStatement(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = parentsOf(*S, Ctx);
  if (Parents.empty())
    return false;
  const auto *Parent = Parents[0].get<Stmt>();
  if (!Parent)
    return false;
  if (isa<CompoundStmt, CaseStmt, DefaultStmt, LabelStmt>(Parent))
    return true;
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getThen() == S || If->getElse() == S;
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return For->getBody() == S;
  if (const auto *While = dyn_cast<WhileStmt>(Parent))
    return While->getBody() == S;
  if (const auto *Do = dyn_cast<DoStmt>(Parent))
    return Do->getBody() == S;
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Parent))
    return Range->getBody() == S;
  return false;
}

} // namespace

std::optional<FreshAssignment>
freshDequeAssignment(const CXXOperatorCallExpr &Assign, ASTContext &Ctx) {
  if (Assign.getOperator() != OO_Equal || Assign.getNumArgs() != 2)
    return std::nullopt;
  const auto *Method =
      dyn_cast_or_null<CXXMethodDecl>(Assign.getDirectCallee());
  if (!Method || !(Method->isMoveAssignmentOperator() ||
                   Method->isCopyAssignmentOperator()))
    return std::nullopt;
  FreshAssignment Facts;
  Facts.Assign = &Assign;
  Facts.Target = Assign.getArg(0);
  const ClassTemplateSpecializationDecl *Deque =
      standardDeque(Facts.Target->getType(), Facts.Shape);
  if (!Deque || Deque->getTemplateArgs().size() < 1 ||
      !isNewEmptyObject(Assign.getArg(1)))
    return std::nullopt;
  Facts.Element = Deque->getTemplateArgs()[0].getAsType();
  const Stmt *Whole = &Assign;
  for (DynTypedNodeList Parents = parentsOf(Assign, Ctx);
       !Parents.empty() && Parents[0].get<ExprWithCleanups>();
       Parents = parentsOf(*Whole, Ctx))
    Whole = Parents[0].get<ExprWithCleanups>();
  Facts.IsStatement = standsAsStatement(Whole, Ctx);
  Facts.TargetIsPlain = isPlainObject(Facts.Target);
  Facts.TargetText =
      sourceText(Facts.Target->IgnoreParenImpCasts()->getSourceRange(), Ctx);
  return Facts;
}

} // namespace alloc_tidy
