//===--- FreshAssignments.cpp - a container emptied by a new one ----------===//

#include "lib/analysis/facts/FreshAssignments.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StlFacts.h"
#include "clang/AST/DeclTemplate.h"

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

} // namespace

std::optional<FreshAssignment>
freshDequeAssignment(const CXXOperatorCallExpr &Assign, ASTContext &Ctx) {
  if (!isCopyOrMoveAssignment(Assign))
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
  ValueUse Value = valueUseOf(&Assign, Ctx);
  Facts.IsStatement = Value.Use == ValueUse::Statement;
  Facts.Statement = Value.Whole;
  Facts.TargetIsPlain = isPlainObject(Facts.Target);
  Facts.TargetText =
      sourceText(Facts.Target->IgnoreParenImpCasts()->getSourceRange(), Ctx);
  return Facts;
}

} // namespace alloc_tidy
