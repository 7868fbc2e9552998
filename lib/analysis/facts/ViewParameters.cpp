//===--- ViewParameters.cpp -----------------------------------------------===//

#include "lib/analysis/facts/ViewParameters.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/StringFacts.h"
#include "lib/analysis/facts/StringUses.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {

const ClassTemplateSpecializationDecl *constStringReference(QualType T) {
  if (T.isNull() || !T->isLValueReferenceType())
    return nullptr;
  QualType Pointee = T.getNonReferenceType();
  if (!Pointee.isConstQualified() || Pointee.isVolatileQualified())
    return nullptr;
  const ClassTemplateSpecializationDecl *String = basicString(Pointee);
  return String && hasStandardArguments(*String) ? String : nullptr;
}

std::string viewFunctionSilence(const FunctionDecl &F) {
  if (isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(F))
    return "a constructor, destructor or conversion";
  if (!F.getDeclName().isIdentifier())
    return "an operator";
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&F);
      Method && (Method->isVirtual() || Method->size_overridden_methods()))
    return "a virtual function: its overrides take the same parameter";
  if (F.getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      F.isDependentContext() || F.getTemplateInstantiationPattern())
    return "a template";
  for (const DeclContext *DC = F.getDeclContext(); DC; DC = DC->getParent())
    if (isa<ClassTemplateSpecializationDecl>(DC))
      return "a member of a template";
  if (F.isMain())
    return "main";
  if (F.isExternC())
    return "an extern \"C\" function";
  if (F.isDeleted() || F.isDefaulted())
    return "a deleted or defaulted function";
  // Another function of the same name: the calls may pick another overload
  // once the parameter's type changes, or become ambiguous.
  for (const NamedDecl *Other :
       F.getDeclContext()->getRedeclContext()->lookup(F.getDeclName())) {
    const auto *OtherFunction = dyn_cast<FunctionDecl>(Other);
    if (!OtherFunction ||
        OtherFunction->getCanonicalDecl() != F.getCanonicalDecl())
      return "an overloaded name";
  }
  return "";
}

/// Whether a view serves \p Ref, a reference to the string passed to \p Call
/// (a member function of another std::basic_string of the same characters
/// that C++17 gives an overload taking anything convertible to a view).
static bool viewServesStringMember(const DeclRefExpr &Ref, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(&Ref, Ctx, Child, Transparency::Object, true);
  const auto *Call = Parent.get<CallExpr>();
  if (!Call)
    return false;
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  const auto *Owner =
      Method ? dyn_cast<ClassTemplateSpecializationDecl>(Method->getParent())
             : nullptr;
  if (!Owner || !isWithinStd(Owner) || !Owner->getIdentifier() ||
      Owner->getName() != "basic_string")
    return false;
  llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
  unsigned Index = argumentIndex(Args, Child);
  unsigned Count = Args.size();
  if (isa<CXXOperatorCallExpr>(Call)) {
    OverloadedOperatorKind Op = Method->getOverloadedOperator();
    return Index == 1 && (Op == OO_PlusEqual || Op == OO_Equal);
  }
  llvm::StringRef Name = Method->getIdentifier() ? Method->getName() : "";
  static const llvm::StringSet<> Search = {"find",
                                           "rfind",
                                           "find_first_of",
                                           "find_last_of",
                                           "find_first_not_of",
                                           "find_last_not_of",
                                           "starts_with",
                                           "ends_with",
                                           "contains"};
  if (Search.contains(Name))
    return Index == 0 && Count <= 2;
  if (Name == "compare")
    return (Index == 0 && Count == 1) || (Index == 2 && Count >= 3);
  if (Name == "append" || Name == "assign")
    return Index == 0 && (Count == 1 || Count == 3);
  if (Name == "insert")
    return Index == 1 && Count == 2 &&
           Args[0]->getType()->isIntegralOrEnumerationType();
  if (Name == "replace")
    return Index == 2 && Count == 3 &&
           Args[0]->getType()->isIntegralOrEnumerationType();
  return false;
}

/// Whether every argument of the member call that \p Ref is the object of
/// is one a view's member takes too: a number, a character, a pointer to
/// characters, a string or a view.
static bool argumentsSuitAView(const DeclRefExpr &Ref, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(&Ref, Ctx, Child, Transparency::Object, true);
  const auto *Member = Parent.get<MemberExpr>();
  if (!Member)
    return true;
  const auto *Call = parentOf(DynTypedNode::create(*Member), Ctx, true)
                         .get<CXXMemberCallExpr>();
  if (!Call)
    return true;
  return llvm::all_of(Call->arguments(), [](const Expr *Arg) {
    QualType T = Arg->IgnoreImpCasts()->getType();
    if (basicString(T))
      return classifyStringArgument(*Arg).Kind != StringArgumentKind::Other;
    if (T->isArithmeticType() || T->isEnumeralType() || T->isPointerType() ||
        T->isArrayType())
      return true;
    const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
    return Record && isWithinStd(Record) && Record->getIdentifier() &&
           Record->getName() == "basic_string_view";
  });
}

std::string viewParameterSilence(const FunctionDecl &Definition, unsigned Index,
                                 ASTContext &Ctx) {
  if (Index >= Definition.getNumParams())
    return "no such parameter";
  const ParmVarDecl *Param = Definition.getParamDecl(Index);
  if (!constStringReference(Param->getType()))
    return "not a const std::basic_string &";
  const Stmt *Body = Definition.getBody();
  if (!Body)
    return "no body";
  VarReferences References = findVarReferences(*Param, *Body);
  if (References.NamedCapture.isValid())
    return "a lambda captures it";
  for (const DeclRefExpr *Ref : References.Refs) {
    // A lambda that copied a view would keep the characters of a temporary
    // that dies with the call.
    if (Ref->refersToEnclosingVariableOrCapture())
      return "a lambda captures it";
    StringUse Use = classifyStringUse(Ref, Ctx);
    if (Use.Kind != StringUseKind::Reads)
      return "the function keeps or passes on the string itself";
    if (!Use.ViewWorks && !viewServesStringMember(*Ref, Ctx))
      return "a use needs a std::basic_string (passed on as one, copied, "
             "its c_str(), substr() or iterators)";
    if (!argumentsSuitAView(*Ref, Ctx))
      return "a member call passes an argument a view's member does not take";
  }
  return "";
}

/// \p E without parentheses, temporaries and the implicit casts that keep
/// the object (or build it through a constructor).
static const Expr *stripToConstruction(const Expr *E) {
  while (E) {
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
      E = Default->getExpr();
    else if (const auto *Temporary = dyn_cast<MaterializeTemporaryExpr>(E))
      E = Temporary->getSubExpr();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr();
    else if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
      E = Cleanups->getSubExpr();
    else if (const auto *Paren = dyn_cast<ParenExpr>(E))
      E = Paren->getSubExpr();
    else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
             Cast && (Cast->getCastKind() == CK_NoOp ||
                      Cast->getCastKind() == CK_ConstructorConversion))
      E = Cast->getSubExpr();
    else
      return E;
  }
  return E;
}

StringArgument classifyStringArgument(const Expr &Argument) {
  StringArgument Result;
  const Expr *E = stripToConstruction(&Argument);
  // An elided copy of a temporary (before C++17).
  while (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(E)) {
    if (isa<CXXTemporaryObjectExpr>(Construct) ||
        Construct->isListInitialization() || Construct->getNumArgs() == 0)
      break;
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (Construct->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor()) {
      E = stripToConstruction(Construct->getArg(0));
      continue;
    }
    const ClassTemplateSpecializationDecl *String =
        basicString(Construct->getType());
    bool RestDefaulted =
        llvm::all_of(llvm::drop_begin(Construct->arguments()),
                     [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); });
    QualType From = Construct->getArg(0)->IgnoreParenImpCasts()->getType();
    if (const auto *Array = From->getAsArrayTypeUnsafe())
      From = Array->getElementType();
    else if (const auto *Pointer = From->getAs<PointerType>())
      From = Pointer->getPointeeType();
    else
      From = QualType();
    if (!String || !RestDefaulted || From.isNull() ||
        From.getCanonicalType().getUnqualifiedType() !=
            charTypeOf(*String).getCanonicalType().getUnqualifiedType())
      return Result;
    Result.Kind = StringArgumentKind::Characters;
    Result.Source = Construct->getArg(0);
    if (std::optional<LiteralInit> Init = literalInit(Construct))
      Result.Length = Init->Length;
    return Result;
  }
  // A braced list, or any other construction the call makes: a view may
  // have no constructor for it.
  if (isa_and_nonnull<CXXConstructExpr>(E) && !isa<CXXTemporaryObjectExpr>(E))
    return Result;
  // A class's conversion to a string has no counterpart to a view.
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(E);
      Cast && Cast->getCastKind() == CK_UserDefinedConversion)
    return Result;
  if (E && basicString(E->getType()))
    Result.Kind = StringArgumentKind::String;
  return Result;
}

/// The call whose callee \p Reference names, or null when \p Reference is
/// anything else (its address taken, a reference bound to it).
static const CallExpr *callOf(const Expr &Reference, ASTContext &Ctx) {
  const Expr *Child = &Reference;
  DynTypedNode Parent = parentOf(DynTypedNode::create(Reference), Ctx);
  while (true) {
    if (const auto *Paren = Parent.get<ParenExpr>())
      Child = Paren;
    else if (const auto *Cast = Parent.get<ImplicitCastExpr>();
             Cast && Cast->getCastKind() == CK_FunctionToPointerDecay)
      Child = Cast;
    else
      break;
    Parent = parentOf(Parent, Ctx);
  }
  const auto *Call = Parent.get<CallExpr>();
  if (!Call || Call->getCallee() != Child || isa<CXXOperatorCallExpr>(Call))
    return nullptr;
  return Call;
}

ViewParameterCalls viewParameterCalls(unsigned Index,
                                      llvm::ArrayRef<const Expr *> References,
                                      uint64_t InlineCapacity,
                                      ASTContext &Ctx) {
  ViewParameterCalls Calls;
  auto Fail = [&](const Expr &At, llvm::StringRef Why) {
    if (!Calls.Fits)
      return;
    Calls.Fits = false;
    Calls.Why = Why.str();
    Calls.WhyAt = At.getBeginLoc();
  };
  for (const Expr *Reference : References) {
    const CallExpr *Call = callOf(*Reference, Ctx);
    if (!Call) {
      Fail(*Reference, "its address is taken, or it is named other than "
                       "in a call");
      continue;
    }
    if (Index >= Call->getNumArgs()) {
      Fail(*Reference, "a call does not pass the parameter");
      continue;
    }
    const Expr *Argument = Call->getArg(Index);
    StringArgument What = classifyStringArgument(*Argument);
    switch (What.Kind) {
    case StringArgumentKind::Other:
      Fail(*Argument, "a call passes an argument a view does not take");
      break;
    case StringArgumentKind::String:
      break;
    case StringArgumentKind::Characters:
      if (What.Length && *What.Length <= InlineCapacity)
        ++Calls.Short;
      else
        Calls.Building.push_back(Argument);
      break;
    }
  }
  return Calls;
}

std::string viewParameterKey(const FunctionDecl &F) {
  // Inline functions too: every unit that calls one must pass what a view
  // takes.
  return functionKey(F);
}

std::vector<std::string> declarationFiles(const FunctionDecl &F,
                                          const SourceManager &SM) {
  std::vector<std::string> Files;
  for (const FunctionDecl *D : F.redecls()) {
    SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
    OptionalFileEntryRef File = Loc.isValid()
                                    ? SM.getFileEntryRefForID(SM.getFileID(Loc))
                                    : std::nullopt;
    if (!File)
      return {};
    Files.push_back(realPathOf(File->getName()));
  }
  llvm::sort(Files);
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

} // namespace alloc_tidy
