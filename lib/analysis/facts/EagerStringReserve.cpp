//===--- EagerStringReserve.cpp - a reserve a string gets anyway ----------===//

#include "lib/analysis/facts/EagerStringReserve.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/BranchOnlyLocal.h"
#include "lib/analysis/facts/StringFacts.h"
#include "lib/analysis/facts/StringUses.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {

bool reserveGrowthGivesAnyway(StlFlavor Stl, uint64_t Requested) {
  auto Holds = [&](StlFlavor Library) {
    uint64_t Inline = stringInlineCapacity(Library, 1).value_or(0);
    // libstdc++ and libc++ double the capacity at the first growth past
    // the inline buffer; MSVC's grows to the next 16-byte block, 31.
    uint64_t FirstGrowth = Library == StlFlavor::Msvc ? 31 : 2 * Inline;
    return Inline && Requested > Inline && Requested <= FirstGrowth;
  };
  if (Stl != StlFlavor::Unknown)
    return Holds(Stl);
  return Holds(StlFlavor::LibStdCxx) && Holds(StlFlavor::LibCxx) &&
         Holds(StlFlavor::Msvc);
}

/// Var.reserve(K) as the statement \p S, with K a constant.
static std::optional<uint64_t>
constantReserveOf(const Stmt *S, const VarDecl &Var, const ASTContext &Ctx,
                  const CXXMemberCallExpr *&Call) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  Call = E ? dyn_cast<CXXMemberCallExpr>(E->IgnoreImplicit()) : nullptr;
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier() || Method->getName() != "reserve" ||
      Call->getNumArgs() != 1)
    return std::nullopt;
  const auto *Object = dyn_cast<DeclRefExpr>(
      Call->getImplicitObjectArgument()->IgnoreParenImpCasts());
  Expr::EvalResult Value;
  if (!Object || Object->getDecl() != &Var ||
      Call->getArg(0)->isValueDependent() ||
      !Call->getArg(0)->EvaluateAsInt(Value, Ctx) ||
      Value.Val.getInt().isNegative())
    return std::nullopt;
  return Value.Val.getInt().getZExtValue();
}

/// Whether \p Call, a member function of the string (\p Method) called on
/// it, gives what can point into its characters: an iterator, a pointer, a
/// view, or an element reference that is not read at once nor assigned to.
static bool givesIntoCharacters(const Expr &Call, const CXXMethodDecl &Method,
                                QualType StringType, ASTContext &Ctx) {
  // Members whose result points into the characters, or that say what a
  // reserve changes.
  static const llvm::StringSet<> Pointing = {
      "data",   "c_str", "begin",   "end",   "cbegin",   "cend",
      "rbegin", "rend",  "crbegin", "crend", "capacity", "shrink_to_fit"};
  if (isa<CXXConversionDecl>(Method) ||
      (Method.getIdentifier() && Pointing.contains(Method.getName())))
    return true;
  QualType Result = Method.getReturnType();
  // A value, or the string itself (append and += return it).
  if (!Result->isReferenceType() && !Result->isPointerType())
    return false;
  if (Ctx.hasSameUnqualifiedType(Result.getNonReferenceType(), StringType))
    return false;
  const Expr *Used = nullptr;
  DynTypedNode User = meaningfulParent(&Call, Ctx, Used, Transparency::Object);
  if (const auto *Cast = User.get<ImplicitCastExpr>())
    return Cast->getCastKind() != CK_LValueToRValue;
  if (const auto *Assign = User.get<BinaryOperator>())
    return !Assign->isAssignmentOp() || Assign->getLHS() != Used;
  return true;
}

/// Whether the use \p Ref of the string can keep a pointer into its
/// characters, or asks for its capacity.
static bool reachesCharacters(const DeclRefExpr &Ref, ASTContext &Ctx) {
  QualType StringType = Ref.getType().getNonReferenceType();
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(&Ref, Ctx, Child, Transparency::Object);
  if (const auto *Member = Parent.get<MemberExpr>()) {
    const auto *Call =
        parentOf(DynTypedNode::create(*Member), Ctx).get<CXXMemberCallExpr>();
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    return !Method || givesIntoCharacters(*Call, *Method, StringType, Ctx);
  }
  if (const auto *Operator = Parent.get<CXXOperatorCallExpr>()) {
    const auto *Method =
        dyn_cast_or_null<CXXMethodDecl>(Operator->getDirectCallee());
    if (Method && Operator->getNumArgs() > 0 && Operator->getArg(0) == Child)
      return givesIntoCharacters(*Operator, *Method, StringType, Ctx);
    return false;
  }
  // Passed whole, copied, compared or assigned: the string object does not
  // move, only its characters; a view or span built from it points into
  // them.
  const auto *Construct = Parent.get<CXXConstructExpr>();
  return Construct && !allocatingStdClass(Construct->getType());
}

std::optional<EagerStringReserve>
eagerStringReserve(const VarDecl &Var, StlFlavor Stl, ASTContext &Ctx) {
  const ClassTemplateSpecializationDecl *String = basicString(Var.getType());
  if (!String || !hasStandardAllocator(*String) || !Var.hasLocalStorage() ||
      isa<ParmVarDecl>(Var) ||
      Ctx.getTypeSizeInChars(charTypeOf(*String)).getQuantity() != 1 ||
      !startsWithoutHeapMemory(Var))
    return std::nullopt;
  // The statement right after the declaration, in the same block.
  const auto *Declaration =
      parentOf(DynTypedNode::create(Var), Ctx).get<DeclStmt>();
  const auto *Block = Declaration
                          ? parentOf(DynTypedNode::create(*Declaration), Ctx)
                                .get<CompoundStmt>()
                          : nullptr;
  if (!Block || !Declaration->isSingleDecl())
    return std::nullopt;
  const auto *At = llvm::find(Block->body(), Declaration);
  if (At == Block->body_end() || std::next(At) == Block->body_end())
    return std::nullopt;
  EagerStringReserve Found;
  Found.String = &Var;
  std::optional<uint64_t> Requested =
      constantReserveOf(*std::next(At), Var, Ctx, Found.Reserve);
  if (!Requested || !reserveGrowthGivesAnyway(Stl, *Requested))
    return std::nullopt;
  Found.Requested = *Requested;
  Found.InlineCapacity = stringInlineCapacityOrLargest(Stl, 1);

  const auto *Function =
      dyn_cast_or_null<FunctionDecl>(Var.getParentFunctionOrMethod());
  if (!Function || !Function->hasBody())
    return std::nullopt;
  // Every use of the string in its function, lambdas included.
  for (const DeclRefExpr *Ref :
       findVarReferences(Var, *Function->getBody()).Refs) {
    // A lambda that captures it may keep what it likes.
    if (Ref->refersToEnclosingVariableOrCapture() ||
        reachesCharacters(*Ref, Ctx))
      return std::nullopt;
  }
  return Found;
}

} // namespace alloc_tidy
