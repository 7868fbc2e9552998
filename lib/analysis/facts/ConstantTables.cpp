//===--- ConstantTables.cpp - lookup tables built on the heap ------------===//

#include "lib/analysis/facts/ConstantTables.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StlFacts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// Whether \p E names a variable of static storage, whose address is a
/// constant.
bool namesStaticVariable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasGlobalStorage();
}

/// Whether \p E is made of literals, enumerators, constants and the
/// addresses of functions and variables of static storage, put together
/// by constructors, casts, braces and arithmetic: what the compiler could
/// lay out in a constant array. A call of a function is not.
bool isConstantElement(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return false;
  E = E->IgnoreParens();
  switch (E->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::StringLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::ConstantExprClass:
  case Stmt::CXXDefaultArgExprClass:
  case Stmt::ImplicitValueInitExprClass:
    return true;
  case Stmt::DeclRefExprClass: {
    const ValueDecl *D = cast<DeclRefExpr>(E)->getDecl();
    if (isa<EnumConstantDecl, FunctionDecl>(D))
      return true;
    const auto *Var = dyn_cast<VarDecl>(D);
    // An array of static storage bound to a reference (a pair's converting
    // constructor) is taken for its address, not read.
    return Var && (Var->isUsableInConstantExpressions(Ctx) ||
                   (Var->hasGlobalStorage() && Var->getType()->isArrayType()));
  }
  case Stmt::UnaryOperatorClass: {
    const auto *Op = cast<UnaryOperator>(E);
    if (Op->getOpcode() == UO_AddrOf && namesStaticVariable(Op->getSubExpr()))
      return true;
    if (Op->isIncrementDecrementOp())
      return false;
    return isConstantElement(Op->getSubExpr(), Ctx);
  }
  case Stmt::BinaryOperatorClass: {
    const auto *Op = cast<BinaryOperator>(E);
    if (Op->isAssignmentOp() || Op->isCompoundAssignmentOp() ||
        Op->getOpcode() == BO_Comma)
      return false;
    return isConstantElement(Op->getLHS(), Ctx) &&
           isConstantElement(Op->getRHS(), Ctx);
  }
  case Stmt::ImplicitCastExprClass: {
    const auto *Cast = cast<ImplicitCastExpr>(E);
    // An array of static storage decays to its constant address.
    if (Cast->getCastKind() == CK_ArrayToPointerDecay &&
        namesStaticVariable(Cast->getSubExpr()))
      return true;
    return isConstantElement(Cast->getSubExpr(), Ctx);
  }
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    return isConstantElement(cast<CastExpr>(E)->getSubExpr(), Ctx);
  case Stmt::MaterializeTemporaryExprClass:
    return isConstantElement(cast<MaterializeTemporaryExpr>(E)->getSubExpr(),
                             Ctx);
  case Stmt::CXXBindTemporaryExprClass:
    return isConstantElement(cast<CXXBindTemporaryExpr>(E)->getSubExpr(), Ctx);
  case Stmt::ExprWithCleanupsClass:
    return isConstantElement(cast<ExprWithCleanups>(E)->getSubExpr(), Ctx);
  case Stmt::InitListExprClass:
    return llvm::all_of(cast<InitListExpr>(E)->inits(), [&](const Expr *I) {
      return isConstantElement(I, Ctx);
    });
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
    return llvm::all_of(
        cast<CXXConstructExpr>(E)->arguments(),
        [&](const Expr *A) { return isConstantElement(A, Ctx); });
  default:
    return false;
  }
}

/// The braced list a container is constructed from: 'T X = {...}' and
/// 'T X{...}' call the constructor that takes a std::initializer_list.
const InitListExpr *bracedElements(const Expr *Init) {
  if (!Init)
    return nullptr;
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
  if (!Construct || Construct->getNumArgs() == 0)
    return nullptr;
  // Only the list: a comparator or allocator given too is not a table's.
  for (unsigned I = 1; I < Construct->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(Construct->getArg(I)))
      return nullptr;
  const auto *List = dyn_cast<CXXStdInitializerListExpr>(
      Construct->getArg(0)->IgnoreImplicit());
  if (!List)
    return nullptr;
  return dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit());
}

/// The one call operator of the class \p Functor, a plain function (not a
/// template) of two parameters; null when there is another or none.
const CXXMethodDecl *onlyCallOperator(QualType Functor) {
  const CXXRecordDecl *Record = Functor->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return nullptr;
  const CXXMethodDecl *Found = nullptr;
  for (const Decl *D : Record->getDefinition()->decls()) {
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D))
      if (Template->getTemplatedDecl()->getOverloadedOperator() == OO_Call)
        return nullptr;
    const auto *Method = dyn_cast<CXXMethodDecl>(D);
    if (!Method || Method->getOverloadedOperator() != OO_Call)
      continue;
    if (Found)
      return nullptr;
    Found = Method;
  }
  return Found && Found->getNumParams() == 2 ? Found : nullptr;
}

/// Whether \p E is 'strcmp(P, Q)' of the parameters \p P and \p Q of a
/// call operator, in this order or (\p EitherOrder) the other.
bool isStrcmpOf(const Expr *E, const ParmVarDecl *P, const ParmVarDecl *Q,
                bool EitherOrder) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Callee->getBuiltinID() != Builtin::BIstrcmp ||
      Call->getNumArgs() != 2)
    return false;
  auto Names = [&](unsigned I, const ParmVarDecl *Param) {
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Param;
  };
  return (Names(0, P) && Names(1, Q)) ||
         (EitherOrder && Names(0, Q) && Names(1, P));
}

bool isZero(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult Result;
  return !E->isValueDependent() && E->EvaluateAsInt(Result, Ctx) &&
         Result.Val.getInt().isZero();
}

/// Whether \p Functor compares C strings by their characters: as an
/// equality ('strcmp(A, B) == 0', '!strcmp(A, B)') or, with \p Ordering, as
/// the order of strcmp ('strcmp(A, B) < 0').
bool comparesCharacters(QualType Functor, bool Ordering,
                        const ASTContext &Ctx) {
  const CXXMethodDecl *Operator = onlyCallOperator(Functor);
  const FunctionDecl *Definition = nullptr;
  if (!Operator || !Operator->hasBody(Definition))
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Definition->getBody());
  if (!Body || Body->size() != 1)
    return false;
  const auto *Return = dyn_cast<ReturnStmt>(Body->body_front());
  const Expr *Value = Return ? Return->getRetValue() : nullptr;
  if (!Value)
    return false;
  Value = Value->IgnoreParenImpCasts();
  const ParmVarDecl *A = Definition->getParamDecl(0);
  const ParmVarDecl *B = Definition->getParamDecl(1);
  if (const auto *Op = dyn_cast<BinaryOperator>(Value)) {
    if (Ordering)
      return Op->getOpcode() == BO_LT &&
             isStrcmpOf(Op->getLHS(), A, B, false) && isZero(Op->getRHS(), Ctx);
    if (Op->getOpcode() != BO_EQ)
      return false;
    return (isStrcmpOf(Op->getLHS(), A, B, true) &&
            isZero(Op->getRHS(), Ctx)) ||
           (isStrcmpOf(Op->getRHS(), A, B, true) && isZero(Op->getLHS(), Ctx));
  }
  if (const auto *Op = dyn_cast<UnaryOperator>(Value))
    return !Ordering && Op->getOpcode() == UO_LNot &&
           isStrcmpOf(Op->getSubExpr(), A, B, true);
  return false;
}

bool onlyReads(StringRef Method) {
  static constexpr llvm::StringLiteral Readers[] = {
      "find",         "count",       "contains",      "lower_bound",
      "upper_bound",  "equal_range", "begin",         "end",
      "cbegin",       "cend",        "rbegin",        "rend",
      "crbegin",      "crend",       "size",          "empty",
      "max_size",     "key_comp",    "value_comp",    "at",
      "bucket_count", "bucket",      "hash_function", "key_eq",
      "get_allocator"};
  return llvm::is_contained(Readers, Method);
}

/// Whether parameter \p Index of \p Callee takes a copy or a const
/// reference.
bool takesWithoutChanging(const FunctionDecl *Callee, unsigned Index) {
  if (!Callee || Index >= Callee->getNumParams())
    return false;
  QualType T = Callee->getParamDecl(Index)->getType();
  if (!T->isReferenceType())
    return !T->isPointerType();
  return T->getPointeeType().isConstQualified();
}

/// Whether the value of \p Call is written to: 'T.at(K) = V', '++T.at(K)'.
bool isWrittenTo(const Expr *Call, ASTContext &Ctx) {
  const Expr *Child = Call;
  DynTypedNode Parent =
      meaningfulParent(Call, Ctx, Child, Transparency::Object);
  if (const auto *Op = Parent.get<BinaryOperator>())
    return Op->isAssignmentOp() && Op->getLHS()->IgnoreParenImpCasts() == Call;
  if (const auto *Op = Parent.get<UnaryOperator>())
    return Op->isIncrementDecrementOp() || Op->getOpcode() == UO_AddrOf;
  if (const auto *Op = Parent.get<CXXOperatorCallExpr>())
    return Op->isAssignmentOp() && Op->getArg(0)->IgnoreParenImpCasts() == Call;
  if (!Call->isLValue() || Call->getType().isConstQualified())
    return false;
  // Bound to a reference through which it can be changed.
  if (const auto *Bound = Parent.get<VarDecl>())
    return Bound->getType()->isReferenceType() &&
           !Bound->getType()->getPointeeType().isConstQualified();
  if (const auto *Passed = Parent.get<CallExpr>()) {
    std::vector<const Expr *> Args(Passed->arg_begin(), Passed->arg_end());
    return !takesWithoutChanging(Passed->getDirectCallee(),
                                 argumentIndex(Args, Child));
  }
  return false;
}

} // namespace

std::optional<ConstantTable> constantTable(const VarDecl &Var,
                                           ASTContext &Ctx) {
  if (!Var.hasGlobalStorage() || Var.isStaticLocal() ||
      Var.getTLSKind() != VarDecl::TLS_None ||
      !(Var.getDeclContext()->isFileContext() || Var.isStaticDataMember()) ||
      Var.isTemplated() || Var.getType()->isReferenceType())
    return std::nullopt;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Var.getType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || !hasStandardAllocator(*Spec))
    return std::nullopt;
  ConstantTable Table;
  Table.Template = Spec->getName().str();
  StringRef Name = Table.Template;
  if (!llvm::is_contained({"map", "multimap", "set", "multiset",
                           "unordered_map", "unordered_multimap",
                           "unordered_set", "unordered_multiset"},
                          Name))
    return std::nullopt;
  const InitListExpr *Elements = bracedElements(Var.getInit());
  if (!Elements || Elements->getNumInits() == 0)
    return std::nullopt;
  for (const Expr *Element : Elements->inits())
    if (!isConstantElement(Element, Ctx))
      return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  Table.Var = &Var;
  Table.Unordered = Name.starts_with("unordered_");
  Table.Keyed = Name.ends_with("map");
  Table.Key = Args[0].getAsType();
  if (Table.Keyed && Args.size() > 1)
    Table.Mapped = Args[1].getAsType();
  Table.List = Elements;
  Table.Elements = Elements->getNumInits();
  Table.Const = Var.getType().isConstQualified();
  Table.NamedElsewhere = !Table.Const && Var.isExternallyVisible();
  return Table;
}

CStringKeys cStringKeys(const ClassTemplateSpecializationDecl &Table,
                        const ASTContext &Ctx) {
  const TemplateArgumentList &Args = Table.getTemplateArgs();
  if (!Table.isInStdNamespace() || Args.size() == 0 ||
      Args[0].getKind() != TemplateArgument::Type)
    return CStringKeys::None;
  QualType Key = Args[0].getAsType();
  if (!Key->isPointerType() ||
      !Ctx.hasSameUnqualifiedType(Key->getPointeeType(), Ctx.CharTy))
    return CStringKeys::None;
  StringRef Template = Table.getName();
  bool Keyed = Template.ends_with("map");
  bool Unordered = Template.starts_with("unordered_");
  // The comparison: unordered_map<K, T, Hash, Equal>, unordered_set<K, Hash,
  // Equal>, map<K, T, Compare>, set<K, Compare>.
  unsigned Index = (Keyed ? 1 : 0) + (Unordered ? 2 : 1);
  if (Args.size() <= Index || Args[Index].getKind() != TemplateArgument::Type)
    return CStringKeys::Unknown;
  QualType Comparison = Args[Index].getAsType();
  if (comparesCharacters(Comparison, !Unordered, Ctx))
    return CStringKeys::ByCharacters;
  const auto *Standard = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Comparison->getAsCXXRecordDecl());
  if (Standard && Standard->isInStdNamespace() &&
      Standard->getName() == (Unordered ? "equal_to" : "less"))
    return CStringKeys::ByAddress;
  return CStringKeys::Unknown;
}

const Expr *firstChangingUse(llvm::ArrayRef<const Expr *> Refs,
                             ASTContext &Ctx) {
  for (const Expr *Ref : Refs) {
    const Expr *Child = Ref;
    DynTypedNode Parent =
        meaningfulParent(Ref, Ctx, Child, Transparency::Object);
    if (const auto *Member = Parent.get<MemberExpr>()) {
      const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
      const Expr *Call = Member;
      DynTypedNode CallParent =
          meaningfulParent(Member, Ctx, Call, Transparency::Object);
      const auto *MemberCall = CallParent.get<CXXMemberCallExpr>();
      if (Method && MemberCall && Method->getIdentifier() &&
          onlyReads(Method->getName()) && !isWrittenTo(MemberCall, Ctx))
        continue;
      return Ref;
    }
    if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
      OverloadedOperatorKind Kind = Op->getOperator();
      if (Kind == OO_EqualEqual || Kind == OO_ExclaimEqual || Kind == OO_Less ||
          Kind == OO_Greater || Kind == OO_LessEqual ||
          Kind == OO_GreaterEqual || Kind == OO_Spaceship)
        continue;
      return Ref;
    }
    if (const auto *For = rangeForOver(Parent, Ctx)) {
      // A set's elements are const; a map's mapped values can be changed
      // through a reference that is not: the loop variable decides.
      QualType Loop = For->getLoopVariable()->getType();
      if (!Loop->isReferenceType() || Loop->getPointeeType().isConstQualified())
        continue;
      return Ref;
    }
    if (const auto *Bound = Parent.get<VarDecl>()) {
      QualType T = Bound->getType();
      if (!T->isReferenceType() || T->getPointeeType().isConstQualified())
        continue;
      return Ref;
    }
    if (const auto *Call = Parent.get<CallExpr>()) {
      std::vector<const Expr *> Args(Call->arg_begin(), Call->arg_end());
      unsigned Index = argumentIndex(Args, Child);
      if (takesWithoutChanging(Call->getDirectCallee(), Index))
        continue;
      return Ref;
    }
    if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
      std::vector<const Expr *> Args(Construct->arg_begin(),
                                     Construct->arg_end());
      unsigned Index = argumentIndex(Args, Child);
      if (takesWithoutChanging(Construct->getConstructor(), Index))
        continue;
      return Ref;
    }
    return Ref;
  }
  return nullptr;
}

} // namespace alloc_tidy
