//===--- CopyFacts.cpp - what copying and moving a class costs ------------===//

#include "lib/analysis/facts/CopyFacts.h"
#include "lib/analysis/facts/StlFacts.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace alloc_tidy {

static bool
allocatesWhenCopied(const CXXRecordDecl *Record,
                    llvm::SmallPtrSetImpl<const CXXRecordDecl *> &Seen) {
  if (Record)
    Record = Record->getDefinition();
  if (!Record || !Seen.insert(Record).second)
    return false;
  // A standard container or string; std::pair, std::optional and the like
  // allocate through what they hold.
  if (Record->isInStdNamespace() && isAllocatingStdTemplate(Record->getName()))
    return true;
  for (const CXXBaseSpecifier &Base : Record->bases())
    if (allocatesWhenCopied(Base.getType()->getAsCXXRecordDecl(), Seen))
      return true;
  for (const FieldDecl *Field : Record->fields())
    if (allocatesWhenCopied(
            Field->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl(),
            Seen))
      return true;
  return false;
}

bool allocatesWhenCopied(QualType T) {
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
  return !T.isNull() &&
         allocatesWhenCopied(
             T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl(), Seen);
}

bool isTypeErasedCallable(QualType T) {
  const CXXRecordDecl *Record = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  return Record && Record->isInStdNamespace() && Record->getIdentifier() &&
         Record->getName() == "function";
}

const FieldDecl *firstAllocatingField(const CXXRecordDecl &RD) {
  const CXXRecordDecl *Def = RD.getDefinition();
  if (!Def)
    return nullptr;
  for (const FieldDecl *Field : Def->fields()) {
    // The class itself, through a vector of it, is not a member's cost.
    llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen{Def};
    if (!Field->getType().isConstQualified() &&
        allocatesWhenCopied(
            Field->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl(),
            Seen))
      return Field;
  }
  return nullptr;
}

bool isMovable(const CXXRecordDecl &Record, bool Assignment) {
  const CXXRecordDecl *Def = Record.getDefinition();
  if (!Def)
    return false;
  // Declared (by the user, or implicitly once something needed it).
  for (const CXXMethodDecl *Method : Def->methods()) {
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(Method);
    bool IsMove = Assignment ? Method->isMoveAssignmentOperator()
                             : Ctor && Ctor->isMoveConstructor();
    if (IsMove)
      return !Method->isDeleted() && Method->getAccess() == AS_public;
  }
  // Not declared yet: implicit unless a copy operation, a move assignment
  // or a destructor is user-declared.
  return Assignment ? Def->needsImplicitMoveAssignment()
                    : Def->needsImplicitMoveConstructor() &&
                          !Def->defaultedMoveConstructorIsDeleted();
}

bool isStandardLibraryFunction(const FunctionDecl &F) {
  const DeclContext *DC = F.getDeclContext();
  while (DC && isa<RecordDecl>(DC))
    DC = DC->getParent();
  return DC && DC->isStdNamespace();
}

} // namespace alloc_tidy
