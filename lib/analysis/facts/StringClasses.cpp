//===--- StringClasses.cpp ------------------------------------------------===//

#include "lib/analysis/facts/StringClasses.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <vector>

using namespace clang;

namespace alloc_tidy {

bool hasInlineCharacters(QualType T, unsigned Depth) {
  T = T.getCanonicalType();
  if (const auto *Array = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return Array->getElementType()->isAnyCharacterType() ||
           hasInlineCharacters(Array->getElementType(), Depth);
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Depth > 3)
    return false;
  return llvm::any_of(Record->getDefinition()->fields(),
                      [&](const FieldDecl *F) {
                        return hasInlineCharacters(F->getType(), Depth + 1);
                      });
}

std::string allocationKind(const Expr *E) {
  if (!E)
    return "";
  E = E->IgnoreParenCasts();
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    std::string Kind = allocationKind(Cond->getTrueExpr());
    return Kind.empty() ? allocationKind(Cond->getFalseExpr()) : Kind;
  }
  if (const auto *New = dyn_cast<CXXNewExpr>(E))
    return New->isArray() && isStringCharacter(New->getAllocatedType())
               ? "new[]"
               : "";
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || isa<CXXMethodDecl>(Callee))
    return "";
  static const llvm::StringSet<> Allocators = {
      "malloc", "calloc",  "realloc", "strdup",  "strndup",
      "wcsdup", "_strdup", "_wcsdup", "_strndup"};
  llvm::StringRef Name = Callee->getName();
  return Allocators.contains(Name) ? "'" + Name.str() + "'" : "";
}

namespace {

bool isDuplication(llvm::StringRef Kind) { return Kind.contains("dup"); }

/// The character pointer members a constructor allocates: member
/// initialisers, assignments in its body and in the member functions it
/// calls on the object (one level deep).
class AllocationScan : public RecursiveASTVisitor<AllocationScan> {
public:
  struct Found {
    const FieldDecl *Field;
    const Expr *Site;
    std::string Kind;
  };

  AllocationScan(const CXXRecordDecl &Record,
                 llvm::ArrayRef<const FieldDecl *> Pointers)
      : Record(Record), Pointers(Pointers) {}

  void scanConstructor(const CXXConstructorDecl &Ctor) {
    for (const CXXCtorInitializer *Init : Ctor.inits())
      if (const FieldDecl *Field = Init->getMember();
          Field && llvm::is_contained(Pointers, Field))
        note(Field, Init->getInit());
    if (Ctor.getBody())
      TraverseStmt(Ctor.getBody());
  }

  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (Op->getOpcode() != BO_Assign)
      return true;
    const auto *Member =
        dyn_cast<MemberExpr>(Op->getLHS()->IgnoreParenImpCasts());
    const auto *Field =
        Member ? dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    if (Field && isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()) &&
        llvm::is_contained(Pointers, Field))
      note(Field, Op->getRHS());
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    const FunctionDecl *Definition = nullptr;
    if (Depth > 0 || !Method || Method->getParent() != &Record ||
        !isa<CXXThisExpr>(
            Call->getImplicitObjectArgument()->IgnoreParenImpCasts()) ||
        !Method->hasBody(Definition) || !Seen.insert(Definition).second)
      return true;
    ++Depth;
    TraverseStmt(Definition->getBody());
    --Depth;
    return true;
  }

  std::vector<Found> Allocations;

private:
  void note(const FieldDecl *Field, const Expr *Value) {
    std::string Kind = allocationKind(Value);
    if (!Kind.empty())
      Allocations.push_back({Field, Value, std::move(Kind)});
  }

  const CXXRecordDecl &Record;
  llvm::ArrayRef<const FieldDecl *> Pointers;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Seen;
  unsigned Depth = 0;
};

} // namespace

std::optional<HeapStringClass>
findHeapStringClass(const CXXRecordDecl &Record) {
  // Class templates and their specialisations: the layout and the
  // allocations depend on the arguments.
  if (Record.isUnion() || Record.isLambda() || Record.isDependentContext() ||
      isa<ClassTemplateSpecializationDecl>(Record) || isWithinStd(&Record) ||
      Record.getName().empty())
    return std::nullopt;

  std::vector<const FieldDecl *> Pointers;
  bool HasLength = false;
  for (const FieldDecl *Field : Record.fields()) {
    QualType T = Field->getType();
    // It already keeps some strings inline.
    if (hasInlineCharacters(T, 0))
      return std::nullopt;
    if (const auto *Pointer = T->getAs<PointerType>();
        Pointer && isStringCharacter(Pointer->getPointeeType()))
      Pointers.push_back(Field);
    else if (T->isIntegerType() && !T->isEnumeralType() &&
             !T->isBooleanType() && !T->isAnyCharacterType())
      HasLength = true;
  }
  if (Pointers.empty() || !HasLength)
    return std::nullopt;

  AllocationScan Scan(Record, Pointers);
  bool TakesCharacters = false;
  for (const CXXConstructorDecl *Ctor : Record.ctors()) {
    const FunctionDecl *Definition = nullptr;
    if (Ctor->isImplicit() || !Ctor->hasBody(Definition))
      continue;
    const auto *Defined = cast<CXXConstructorDecl>(Definition);
    Scan.scanConstructor(*Defined);
    for (const ParmVarDecl *Param : Defined->parameters())
      for (const FieldDecl *Field : Pointers)
        TakesCharacters |= isConstCharPointer(
            Param->getType(),
            Field->getType()->getAs<PointerType>()->getPointeeType());
  }
  if (Scan.Allocations.empty())
    return std::nullopt; // it only borrows the characters
  const AllocationScan::Found &First = Scan.Allocations.front();
  // One string: every allocation is of the same member.
  if (llvm::any_of(Scan.Allocations, [&](const AllocationScan::Found &F) {
        return F.Field != First.Field;
      }))
    return std::nullopt;
  // A string class takes characters, or duplicates them.
  if (!TakesCharacters &&
      llvm::none_of(Scan.Allocations, [](const AllocationScan::Found &F) {
        return isDuplication(F.Kind);
      }))
    return std::nullopt;

  HeapStringClass Found;
  Found.Characters = First.Field;
  Found.Allocation = First.Site;
  Found.Kind = First.Kind;
  for (const AllocationScan::Found &F : Scan.Allocations)
    Found.Allocations.push_back(F.Site);
  Found.Char = First.Field->getType()
                   ->getAs<PointerType>()
                   ->getPointeeType()
                   .getUnqualifiedType();
  return Found;
}

} // namespace alloc_tidy
