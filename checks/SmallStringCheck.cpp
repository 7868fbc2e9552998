//===--- SmallStringCheck.cpp ---------------------------------------------===//
//
// Two ways code allocates for strings more often than it needs to.
//
// A std::basic_string built from a string literal longer than the library's
// inline buffer, inside a function: every call (every iteration of a loop)
// allocates and copies the same characters again. When every use of such a
// local only reads it, 'static const' keeps one copy for the life of the
// program; when every use would also accept a std::string_view, a constexpr
// view allocates nothing. A local that is modified, moved or kept is left
// alone: a static object would change what the program does. A temporary
// written out as std::string("...") and bound to a const reference parameter
// is reported too; its fix-it only drops the temporary where a standard
// overload takes the literal with the same meaning.
//
// A string class of the user's: a record owning a character pointer that its
// constructors allocate, with a length member and no inline buffer. Every
// string it holds, however short, is a heap allocation. The check notes what
// an inline buffer would cost in size; there is no fix-it.
//
//===----------------------------------------------------------------------===//

#include "checks/SmallStringCheck.h"
#include "checks/CompileErrors.h"
#include "checks/LayoutNotes.h"
#include "checks/OptionValues.h"
#include "lib/analysis/AstWalk.h"
#include "lib/analysis/ContainerUses.h"
#include "lib/analysis/ParentIndex.h"
#include "lib/analysis/TripCount.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

struct SmallStringCheck::Repetition {
  /// The function whose every call runs the construction.
  const FunctionDecl *Function = nullptr;
  /// The innermost loop that runs it on every iteration, if any.
  const Stmt *Loop = nullptr;
  /// How many times that loop runs it, when the trip count is a constant.
  std::optional<uint64_t> Times;
  /// Whether it is a statement of the loop's body (not under a condition).
  bool EveryIteration = false;
};

namespace {

/// The std::basic_string specialisation \p T names (references and
/// cv-qualifiers aside), or null.
const ClassTemplateSpecializationDecl *basicString(QualType T) {
  if (T.isNull() || T->isDependentType())
    return nullptr;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != "basic_string" ||
      !isWithinStd(Spec) || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return Spec;
}

QualType charTypeOf(const ClassTemplateSpecializationDecl &String) {
  return String.getTemplateArgs()[0].getAsType();
}

/// Whether the traits and the allocator are std::char_traits and
/// std::allocator, as in the standard aliases.
bool hasStandardArguments(const ClassTemplateSpecializationDecl &String) {
  const TemplateArgumentList &Args = String.getTemplateArgs();
  for (unsigned I = 1; I < Args.size(); ++I) {
    if (Args[I].getKind() != TemplateArgument::Type)
      return false;
    const auto *Arg = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        Args[I].getAsType()->getAsCXXRecordDecl());
    StringRef Expected = I == 1 ? "char_traits" : "allocator";
    if (!Arg || !Arg->getIdentifier() || Arg->getName() != Expected ||
        !isWithinStd(Arg))
      return false;
  }
  return true;
}

/// "string", "wstring", ... for a character type with a standard alias.
StringRef standardAlias(QualType Char) {
  const auto *Builtin = Char.getCanonicalType()->getAs<BuiltinType>();
  if (!Builtin)
    return "";
  switch (Builtin->getKind()) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
    return "string";
  case BuiltinType::WChar_S:
  case BuiltinType::WChar_U:
    return "wstring";
  case BuiltinType::Char8:
    return "u8string";
  case BuiltinType::Char16:
    return "u16string";
  case BuiltinType::Char32:
    return "u32string";
  default:
    return "";
  }
}

/// How a diagnostic names the string type: "std::string", "std::wstring",
/// or the full specialisation when it has its own traits or allocator.
std::string stringTypeName(const ClassTemplateSpecializationDecl &String,
                           const ASTContext &Ctx) {
  StringRef Alias = standardAlias(charTypeOf(String));
  if (!Alias.empty() && hasStandardArguments(String))
    return ("std::" + Alias).str();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  String.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return Name;
}

/// Character types a hand-rolled string class stores (not the byte types
/// signed and unsigned char).
bool isStringCharacter(QualType T) {
  const auto *Builtin = T.getCanonicalType()->getAs<BuiltinType>();
  if (!Builtin)
    return false;
  switch (Builtin->getKind()) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
  case BuiltinType::WChar_S:
  case BuiltinType::WChar_U:
  case BuiltinType::Char8:
  case BuiltinType::Char16:
  case BuiltinType::Char32:
    return true;
  default:
    return false;
  }
}

/// Whether \p T is "const Char *".
bool isConstCharPointer(QualType T, QualType Char) {
  const auto *Pointer = T->getAs<PointerType>();
  if (!Pointer)
    return false;
  QualType Pointee = Pointer->getPointeeType();
  return Pointee.isConstQualified() &&
         Pointee.getCanonicalType().getUnqualifiedType() ==
             Char.getCanonicalType().getUnqualifiedType();
}

/// A string built from a string literal, and how.
struct LiteralInit {
  const StringLiteral *Literal = nullptr;
  /// The argument that spells the characters: the literal, or the macro
  /// that expands to it.
  const Expr *Argument = nullptr;
  /// Characters the string holds: up to the first null character for the
  /// constructor from a pointer, all of them for the "..."s literal.
  uint64_t Length = 0;
  /// Built by operator""s.
  bool FromUserLiteral = false;
  /// Spelled as a temporary: std::string("...") or std::string{"..."}.
  bool ThroughTemporary = false;
};

uint64_t lengthToFirstNull(const StringLiteral &Literal) {
  for (unsigned I = 0; I < Literal.getLength(); ++I)
    if (Literal.getCodeUnit(I) == 0)
      return I;
  return Literal.getLength();
}

/// The literal \p E builds a std::basic_string from: through the
/// constructor that takes a pointer to characters (its other arguments
/// defaulted), operator""s, or a temporary that spells either.
std::optional<LiteralInit> literalInit(const Expr *E) {
  LiteralInit Init;
  while (E) {
    E = E->IgnoreImplicit();
    if (const auto *Paren = dyn_cast<ParenExpr>(E)) {
      E = Paren->getSubExpr();
      continue;
    }
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) {
      Init.ThroughTemporary = true;
      E = Cast->getSubExpr();
      continue;
    }
    if (const auto *User = dyn_cast<UserDefinedLiteral>(E)) {
      const FunctionDecl *Operator = User->getDirectCallee();
      const auto *Literal =
          User->getLiteralOperatorKind() == UserDefinedLiteral::LOK_String
              ? dyn_cast_or_null<StringLiteral>(
                    User->getArg(0)->IgnoreParenImpCasts())
              : nullptr;
      if (!Literal || !Operator || !isWithinStd(Operator) ||
          !basicString(User->getType()) || !Operator->getLiteralIdentifier() ||
          Operator->getLiteralIdentifier()->getName() != "s")
        return std::nullopt;
      Init.Literal = Literal;
      Init.Argument = User;
      Init.Length = Literal->getLength();
      Init.FromUserLiteral = true;
      return Init;
    }
    const auto *Construct = dyn_cast<CXXConstructExpr>(E);
    const ClassTemplateSpecializationDecl *String =
        Construct ? basicString(Construct->getType()) : nullptr;
    if (!String || Construct->getNumArgs() == 0)
      return std::nullopt;
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    // An elided copy of a temporary (before C++17).
    if (Construct->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor()) {
      E = Construct->getArg(0);
      continue;
    }
    if (isa<CXXTemporaryObjectExpr>(Construct))
      Init.ThroughTemporary = true;
    if (Ctor->getNumParams() == 0 ||
        !isConstCharPointer(Ctor->getParamDecl(0)->getType(),
                            charTypeOf(*String)))
      return std::nullopt;
    for (unsigned I = 1; I < Construct->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(Construct->getArg(I)))
        return std::nullopt;
    const auto *Literal =
        dyn_cast<StringLiteral>(Construct->getArg(0)->IgnoreParenImpCasts());
    if (!Literal)
      return std::nullopt;
    Init.Literal = Literal;
    Init.Argument = Construct->getArg(0)->IgnoreImpCasts();
    Init.Length = lengthToFirstNull(*Literal);
    return Init;
  }
  return std::nullopt;
}

/// What one reference to the string does with it.
enum class UseKind {
  /// Reads it: a 'static const' object serves it just as well.
  Reads,
  /// Modifies it, or may (a non-const reference).
  Changes,
  /// Moves it or returns it: its allocation is not wasted.
  Keeps,
  /// Something the analysis does not follow (template-dependent, ...).
  Unknown,
};

struct Use {
  UseKind Kind = UseKind::Unknown;
  /// For Reads: whether a std::basic_string_view serves it too.
  bool ViewWorks = false;
};

/// Member functions that a std::basic_string_view offers with the same
/// meaning and the same result type.
bool isViewMember(StringRef Name) {
  static const llvm::StringSet<> Members = {"size",
                                            "length",
                                            "empty",
                                            "data",
                                            "max_size",
                                            "find",
                                            "rfind",
                                            "find_first_of",
                                            "find_last_of",
                                            "find_first_not_of",
                                            "find_last_not_of",
                                            "compare",
                                            "starts_with",
                                            "ends_with",
                                            "contains",
                                            "at",
                                            "front",
                                            "back",
                                            "copy"};
  return Members.contains(Name);
}

/// Operators that std::basic_string_view has as well.
bool isViewOperator(OverloadedOperatorKind Op) {
  switch (Op) {
  case OO_EqualEqual:
  case OO_ExclaimEqual:
  case OO_Less:
  case OO_Greater:
  case OO_LessEqual:
  case OO_GreaterEqual:
  case OO_Spaceship:
  case OO_LessLess:
    return true;
  default:
    return false;
  }
}

/// Decides, one reference at a time, whether the string is only read.
class UseClassifier {
public:
  explicit UseClassifier(ASTContext &Ctx) : Ctx(Ctx) {}

  Use classify(const Expr *E, unsigned Depth = 0) {
    if (Depth > 4)
      return {};
    const Expr *Child = nullptr;
    DynTypedNode Parent = meaningfulParent(E, Ctx, Child, Transparency::Object,
                                           /*PreferInitialization=*/true);

    if (const auto *Member = Parent.get<MemberExpr>()) {
      const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
      const auto *Call = parentOf(DynTypedNode::create(*Member), Ctx,
                                  /*PreferInitialization=*/true)
                             .get<CXXMemberCallExpr>();
      if (!Method || !Call)
        return {};
      return method(*Method, *Call);
    }
    if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
      llvm::SmallVector<const Expr *, 4> Args(Op->arguments());
      unsigned Index = argumentIndex(Args, Child);
      if (Index == Args.size())
        return {};
      const FunctionDecl *Callee = Op->getDirectCallee();
      if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee)) {
        if (Index == 0)
          return method(*Method, *Op);
        --Index;
      }
      return argument(Callee, Index);
    }
    if (const auto *Call = Parent.get<CallExpr>()) {
      llvm::SmallVector<const Expr *, 4> Args(Call->arguments());
      unsigned Index = argumentIndex(Args, Child);
      if (Index == Args.size())
        return {};
      return argument(Call->getDirectCallee(), Index);
    }
    if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
      const CXXConstructorDecl *Ctor = Construct->getConstructor();
      if (Ctor->isMoveConstructor())
        return {UseKind::Keeps};
      if (Ctor->isCopyConstructor()) {
        const Expr *Copy = nullptr;
        DynTypedNode Holder =
            meaningfulParent(Construct, Ctx, Copy, Transparency::Object,
                             /*PreferInitialization=*/true);
        if (Holder.get<ReturnStmt>() || Holder.get<CXXThrowExpr>())
          return {UseKind::Keeps};
        // A copy: into a variable, an argument, a lambda's capture.
        return {UseKind::Reads, Holder.get<LambdaExpr>() != nullptr};
      }
      llvm::SmallVector<const Expr *, 4> Args(Construct->arguments());
      unsigned Index = argumentIndex(Args, Child);
      if (Index == Args.size())
        return {};
      return argument(Ctor, Index);
    }
    if (Parent.get<ReturnStmt>() || Parent.get<CoreturnStmt>() ||
        Parent.get<CXXThrowExpr>())
      return {UseKind::Keeps};
    if (const auto *Var = Parent.get<VarDecl>()) {
      if (Var->isImplicit())
        return rangeFor(*Var);
      QualType T = Var->getType();
      if (T->isLValueReferenceType() &&
          T.getNonReferenceType().isConstQualified())
        return {UseKind::Reads};
      return {UseKind::Changes};
    }
    if (const auto *Cond = Parent.get<ConditionalOperator>()) {
      Use Result = classify(Cond, Depth + 1);
      Result.ViewWorks = false;
      return Result;
    }
    if (const auto *Cast = Parent.get<ExplicitCastExpr>();
        Cast && Cast->getType()->isVoidType())
      return {UseKind::Reads, true};
    // A capture: the scan of the lambda judges it.
    if (Parent.get<LambdaExpr>() || Parent.get<CompoundStmt>())
      return {UseKind::Reads, true};
    if (const auto *Op = Parent.get<UnaryOperator>();
        Op && Op->getOpcode() == UO_AddrOf)
      return {UseKind::Changes};
    return {};
  }

private:
  Use method(const CXXMethodDecl &Method, const Expr &Call) {
    if (isa<CXXConversionDecl>(Method))
      return Method.isConst() ? Use{UseKind::Reads, true}
                              : Use{UseKind::Changes};
    bool Subscript = Method.getOverloadedOperator() == OO_Subscript;
    StringRef Name = Method.getIdentifier() ? Method.getName() : "";
    if (Method.isConst())
      return {UseKind::Reads, Subscript || isViewMember(Name)};
    // The non-const twins of const accessors, when the result is only read.
    bool Accessor = Subscript || Name == "at" || Name == "front" ||
                    Name == "back" || Name == "data";
    if (Accessor && resultIsRead(Call))
      return {UseKind::Reads, true};
    return {UseKind::Changes};
  }

  Use argument(const FunctionDecl *Callee, unsigned Index) {
    if (!Callee)
      return {};
    bool Std = isWithinStd(Callee);
    StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
    if (Std && (Name == "move" || Name == "forward" ||
                Name == "move_if_noexcept" || Name == "exchange"))
      return {UseKind::Keeps};
    if (Std && (Name == "swap" || Name == "iter_swap"))
      return {UseKind::Changes};
    if (Index >= Callee->getNumParams())
      return {}; // through '...'
    QualType Param = Callee->getParamDecl(Index)->getType();
    if (Param->isDependentType())
      return {};
    if (!Param->isReferenceType())
      return {UseKind::Reads}; // a copy, or a conversion
    QualType Pointee = Param.getNonReferenceType();
    if (!Pointee.isConstQualified()) {
      // emplace_back(s) and make_pair(s, x) copy it; tie, ref and the
      // like keep the reference.
      static const llvm::StringSet<> KeepReference = {
          "tie",    "ref",   "cref",  "forward_as_tuple",
          "invoke", "apply", "visit", "invoke_r"};
      if (Std && isForwardingReference(Callee, Index) &&
          !KeepReference.contains(Name))
        return {UseKind::Reads};
      return {UseKind::Changes};
    }
    return {UseKind::Reads,
            Std && isViewOperator(Callee->getOverloadedOperator())};
  }

  /// for (x : s): read-only unless x is a reference to a non-const char.
  Use rangeFor(const VarDecl &RangeVar) {
    DynTypedNode Stmt = parentOf(DynTypedNode::create(RangeVar), Ctx,
                                 /*PreferInitialization=*/true);
    const auto *Loop = parentOf(Stmt, Ctx, /*PreferInitialization=*/true)
                           .get<CXXForRangeStmt>();
    if (!Loop || Loop->getRangeStmt() != Stmt.get<DeclStmt>())
      return {};
    QualType Element = Loop->getLoopVariable()->getType();
    if (Element->isReferenceType() &&
        !Element.getNonReferenceType().isConstQualified())
      return {UseKind::Changes};
    return {UseKind::Reads, true};
  }

  /// Whether the reference a call returns is only read: converted to a
  /// value, or to a reference or pointer to const.
  bool resultIsRead(const Expr &Call) {
    DynTypedNode Parent = parentOf(DynTypedNode::create(Call), Ctx,
                                   /*PreferInitialization=*/true);
    while (const auto *Paren = Parent.get<ParenExpr>())
      Parent = parentOf(DynTypedNode::create(*Paren), Ctx,
                        /*PreferInitialization=*/true);
    const auto *Cast = Parent.get<ImplicitCastExpr>();
    if (!Cast)
      return false;
    if (Cast->getCastKind() == CK_LValueToRValue)
      return true;
    if (Cast->getCastKind() != CK_NoOp)
      return false;
    QualType T = Cast->getType();
    if (const auto *Pointer = T->getAs<PointerType>())
      return Pointer->getPointeeType().isConstQualified();
    return T.isConstQualified();
  }

  ASTContext &Ctx;
};

/// Collects the references to a variable in a function body, lambdas
/// included, and the lambdas that capture it by name.
class ReferenceScan : public RecursiveASTVisitor<ReferenceScan> {
public:
  explicit ReferenceScan(const VarDecl *Var) : Var(Var) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Var)
      Refs.push_back(Ref);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->explicit_captures())
      if (Capture.capturesVariable() && Capture.getCapturedVar() == Var &&
          NamedCapture.isInvalid())
        NamedCapture = Capture.getLocation();
    return true;
  }

  std::vector<const DeclRefExpr *> Refs;
  const VarDecl *Var;
  SourceLocation NamedCapture;
};

/// Whether \p Child, a child of \p Loop, runs on every iteration: the body,
/// a condition, an increment; not a for loop's init statement nor a
/// range-for's range.
bool repeatsIn(const Stmt *Loop, const Stmt *Child) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return Child != For->getInit();
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(Loop))
    return Child == Range->getBody() || Child == Range->getLoopVarStmt();
  return true;
}

/// do { ... } while (false): the body runs once.
bool runsOnce(const Stmt *Loop, const ASTContext &Ctx) {
  const auto *Do = dyn_cast<DoStmt>(Loop);
  if (!Do)
    return false;
  bool Value = true;
  const Expr *Cond = Do->getCond();
  return !Cond->isValueDependent() &&
         Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value;
}

/// A character array, or a record or union that holds one: storage for a
/// string that does not allocate.
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

/// How \p E allocates characters: "new[]", "'malloc'", ...; empty if not.
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
  StringRef Name = Callee->getName();
  return Allocators.contains(Name) ? "'" + Name.str() + "'" : "";
}

bool isDuplication(StringRef Kind) { return Kind.contains("dup"); }

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

/// How a note names the function whose calls repeat the construction.
std::string functionName(const FunctionDecl &Function) {
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Function)) {
    if (Method->getParent()->isLambda())
      return "";
    return Method->getParent()->getNameAsString() +
           "::" + Method->getNameAsString();
  }
  return Function.getNameAsString();
}

} // namespace

SmallStringCheck::SmallStringCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      TargetStl(*this, Options, Name), ColdFunctions(*this, Options, Name) {
  InlineBufferSize =
      readCountOption(*this, Options, Name, "InlineBufferSize", 16, 2);
  LayoutNotes = readLayoutNoteStyle(*this, Options, Name);
}

void SmallStringCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
  Options.store(Opts, "InlineBufferSize", InlineBufferSize);
  Options.store(Opts, "LayoutNotes", layoutNoteStyleName(LayoutNotes));
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
}

void SmallStringCheck::registerPPCallbacks(const SourceManager &SM,
                                           Preprocessor *Pp,
                                           Preprocessor *ModuleExpanderPP) {
  PP = Pp;
  Errors.startParsing(Pp->getDiagnostics());
  Inserter.registerPreprocessor(Pp);
}

void SmallStringCheck::registerMatchers(MatchFinder *Finder) {
  auto StringType =
      qualType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
          classTemplateSpecializationDecl(hasName("::std::basic_string"))))));
  // Templates are judged once, in their own code; instantiations are
  // skipped. The cheap conditions come first: the rest walk up the AST.
  Finder->addMatcher(varDecl(hasLocalStorage(), hasType(StringType),
                             hasInitializer(expr()), unless(parmVarDecl()),
                             unless(isImplicit()),
                             unless(isExpansionInSystemHeader()),
                             unless(alloc_tidy::matchers::isInstantiatedDecl()))
                         .bind("local"),
                     this);
  // One matcher per node kind: the finder dispatches on the kind.
  Finder->addMatcher(cxxFunctionalCastExpr(
                         hasType(StringType),
                         unless(isExpansionInSystemHeader()),
                         unless(alloc_tidy::matchers::isInInstantiatedCode()))
                         .bind("temporary"),
                     this);
  Finder->addMatcher(cxxTemporaryObjectExpr(
                         hasType(StringType),
                         unless(isExpansionInSystemHeader()),
                         unless(alloc_tidy::matchers::isInInstantiatedCode()))
                         .bind("temporary"),
                     this);
  Finder->addMatcher(
      cxxRecordDecl(isDefinition(), unless(isImplicit()),
                    has(fieldDecl(hasType(pointerType()))),
                    unless(isExpansionInSystemHeader()),
                    unless(alloc_tidy::matchers::isInstantiatedDecl()))
          .bind("record"),
      this);
}

void SmallStringCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // Code with errors has lost expressions, and with them uses.
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  if (const auto *Var = Result.Nodes.getNodeAs<VarDecl>("local"))
    return ColdFunctions.isCold(*Var) ? void() : checkLocal(*Var, Ctx);
  if (const auto *Temporary = Result.Nodes.getNodeAs<Expr>("temporary")) {
    const FunctionDecl *Function = enclosingFunction(Temporary, Ctx);
    if (Function && ColdFunctions.isCold(*Function))
      return;
    return checkTemporary(*Temporary, Ctx);
  }
  if (const auto *Record = Result.Nodes.getNodeAs<CXXRecordDecl>("record"))
    return checkRecord(*Record, Ctx);
}

std::optional<std::string>
SmallStringCheck::costNote(uint64_t Length, QualType Char, ASTContext &Ctx) {
  uint64_t CharSize = Ctx.getTypeSizeInChars(Char).getQuantity();
  StlFlavor Stl = TargetStl.resolve(PP);
  std::string Library;
  uint64_t Capacity = 0;
  if (std::optional<uint64_t> Known = stringInlineCapacity(Stl, CharSize)) {
    Capacity = *Known;
    Library = stlDisplayName(Stl).str() + " keeps at most ";
  } else {
    // Not known: only what allocates on every library counts.
    for (StlFlavor Flavor :
         {StlFlavor::LibStdCxx, StlFlavor::LibCxx, StlFlavor::Msvc})
      Capacity = std::max(Capacity,
                          stringInlineCapacity(Flavor, CharSize).value_or(0));
    Library = "no standard library keeps more than ";
  }
  if (Length <= Capacity)
    return std::nullopt;
  return "the literal has " + std::to_string(Length) + " characters; " +
         Library + std::to_string(Capacity) +
         " inline, so each construction allocates once";
}

/// Where the construction at \p Site runs again and again: the function
/// that holds it and the innermost loop that repeats it. nullopt when it
/// runs once: at namespace scope, in the initializer of a static, in main()
/// outside a loop; also for a throw (the error path) and in constexpr
/// functions (no static locals there).
static std::optional<std::pair<const FunctionDecl *, const Stmt *>>
findRepetition(const Stmt &Site, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(Site);
  const Stmt *Child = &Site;
  const Stmt *Loop = nullptr;
  const FunctionDecl *Function = nullptr;
  while (!Function) {
    Node = parentOf(Node, Ctx, /*PreferInitialization=*/true);
    if (Node.getNodeKind().isNone())
      return std::nullopt;
    if (const auto *Lambda = Node.get<LambdaExpr>()) {
      Function = Lambda->getCallOperator();
      break;
    }
    if (const auto *F = Node.get<FunctionDecl>()) {
      Function = F;
      break;
    }
    if (Node.get<Decl>()) {
      const auto *Var = Node.get<VarDecl>();
      if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var))
        return std::nullopt;
      continue;
    }
    const auto *S = Node.get<Stmt>();
    if (!S || isa<CXXThrowExpr>(S))
      return std::nullopt;
    if (!Loop && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) &&
        repeatsIn(S, Child) && !runsOnce(S, Ctx))
      Loop = S;
    Child = S;
  }
  if (Function->isConstexpr() || (!Loop && Function->isMain()))
    return std::nullopt;
  return std::make_pair(Function, Loop);
}

/// Whether \p Statement runs on every iteration of the loop, and how many
/// times when the trip count is a constant.
void SmallStringCheck::countIterations(Repetition &Where, const Stmt *Statement,
                                       ASTContext &Ctx) {
  if (!Where.Loop || !Statement)
    return;
  // A 'continue' can skip it.
  Where.EveryIteration = runsOncePerIteration(Statement, Where.Loop) &&
                         ownContinues(Where.Loop).empty();
  if (std::optional<TripCount> Count = computeTripCount(Where.Loop, Ctx);
      Where.EveryIteration && Count && Count->Value && *Count->Value > 1)
    Where.Times = Count->Value;
}

void SmallStringCheck::addRepetitionNote(const Repetition &Where) {
  if (Where.Loop) {
    if (Where.Times)
      diag(Where.Loop->getBeginLoc(),
           "this loop runs it %0 times, allocating %0 times",
           DiagnosticIDs::Note)
          << std::to_string(*Where.Times);
    else
      diag(Where.Loop->getBeginLoc(),
           "this loop %select{can run|runs}0 it on every iteration",
           DiagnosticIDs::Note)
          << (Where.EveryIteration ? 1 : 0);
    return;
  }
  std::string Name = functionName(*Where.Function);
  if (Name.empty())
    diag(Where.Function->getLocation(), "it runs once per call of the lambda",
         DiagnosticIDs::Note);
  else
    diag(Where.Function->getLocation(), "it runs once per call of '%0'",
         DiagnosticIDs::Note)
        << Name;
}

void SmallStringCheck::checkLocal(const VarDecl &Var, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  QualType Type = Var.getType();
  const ClassTemplateSpecializationDecl *String = basicString(Type);
  // A variable a macro declares is the macro's business.
  if (!String || Type->isReferenceType() || Type.isVolatileQualified() ||
      Var.isCXXForRangeDecl() || Var.isExceptionVariable() ||
      Var.isInitCapture() || isa<DecompositionDecl>(Var) ||
      Var.getLocation().isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Var.getLocation())))
    return;
  std::optional<LiteralInit> Init = literalInit(Var.getInit());
  if (!Init)
    return;
  QualType Char = charTypeOf(*String);
  std::optional<std::string> Cost = costNote(Init->Length, Char, Ctx);
  if (!Cost)
    return;
  const auto *Decl =
      parentOf(DynTypedNode::create(Var), Ctx, /*PreferInitialization=*/true)
          .get<DeclStmt>();
  if (!Decl)
    return;
  auto Found = findRepetition(*Decl, Ctx);
  if (!Found || !Found->first->getBody())
    return;
  Repetition Where;
  Where.Function = Found->first;
  Where.Loop = Found->second;

  // Every use must only read it: a static object would see the changes of
  // earlier calls, and a string moved or returned is not wasted.
  ReferenceScan Scan(&Var);
  Scan.TraverseStmt(Where.Function->getBody());
  UseClassifier Classifier(Ctx);
  const DeclRefExpr *NeedsString = nullptr;
  for (const DeclRefExpr *Ref : Scan.Refs) {
    Use U = Classifier.classify(Ref);
    if (U.Kind != UseKind::Reads)
      return;
    if (!U.ViewWorks && !NeedsString)
      NeedsString = Ref;
  }

  // The fix-it: 'static const', or a constexpr string_view.
  std::string NoFix;
  SourceLocation NoFixLoc;
  auto Refuse = [&](SourceLocation Loc, std::string Why) {
    if (NoFix.empty()) {
      NoFix = std::move(Why);
      NoFixLoc = Loc;
    }
  };
  const std::string Name = Var.getNameAsString();
  if (!Decl->isSingleDecl())
    Refuse(Var.getLocation(), "the declaration declares other variables too");
  if (Var.hasAttrs())
    Refuse(Var.getLocation(), "the declaration has attributes");
  if (Scan.NamedCapture.isValid())
    Refuse(Scan.NamedCapture, "a lambda captures '" + Name +
                                  "' by name, which it cannot do with a "
                                  "static variable");
  if (!parentOf(DynTypedNode::create(*Decl), Ctx, /*PreferInitialization=*/true)
           .get<CompoundStmt>())
    Refuse(Var.getLocation(), "the declaration is not a statement of a block");
  SourceLocation Begin = Var.getBeginLoc();
  if (Begin.isMacroID()) {
    SourceLocation Expansion;
    if (Lexer::isAtStartOfMacroExpansion(Begin, SM, LangOpts, &Expansion))
      Begin = Expansion;
    else
      Refuse(Var.getLocation(), "the declaration starts inside a macro");
  }

  // A view needs the standard traits, a view type for the characters, and
  // a type written where it can be replaced.
  StringRef Alias = standardAlias(Char);
  CharSourceRange TypeRange = Lexer::makeFileCharRange(
      CharSourceRange::getCharRange(Begin, Var.getLocation()), SM, LangOpts);
  bool ViewForm = LangOpts.CPlusPlus17 && !Alias.empty() &&
                  hasStandardArguments(*String) && !Init->FromUserLiteral &&
                  !Init->ThroughTemporary && TypeRange.isValid() &&
                  !Var.getBeginLoc().isMacroID() &&
                  !Var.getTypeSpecStartLoc().isMacroID();
  bool View = ViewForm && !NeedsString;
  std::string ViewType = ("std::" + Alias + "_view").str();

  {
    auto Diag = diag(Var.getLocation(),
                     "'%0' is a %1 built from a string literal too long for "
                     "its inline buffer, so every run of its declaration "
                     "allocates; %select{declared 'static const' it would "
                     "allocate only once|as a 'constexpr %3' it would not "
                     "allocate at all}2")
                << Name << stringTypeName(*String, Ctx) << (View ? 1 : 0)
                << ViewType;
    if (NoFix.empty() && View) {
      Diag << FixItHint::CreateReplacement(TypeRange,
                                           "constexpr " + ViewType + " ");
      Diag << Inserter.createIncludeInsertion(
          SM.getFileID(SM.getExpansionLoc(Begin)), "<string_view>");
    } else if (NoFix.empty()) {
      Diag << FixItHint::CreateInsertion(
          Begin, Type.isConstQualified() ? "static " : "static const ");
    }
  }
  diag(SM.getFileLoc(Init->Literal->getBeginLoc()), *Cost, DiagnosticIDs::Note);
  countIterations(Where, Decl, Ctx);
  addRepetitionNote(Where);
  if (ViewForm && NeedsString && NoFix.empty())
    diag(SM.getFileLoc(NeedsString->getBeginLoc()),
         "not a %0: this use needs a %1", DiagnosticIDs::Note)
        << ViewType << stringTypeName(*String, Ctx);
  if (!NoFix.empty())
    diag(NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

void SmallStringCheck::checkTemporary(const Expr &Temporary, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  SourceLocation Loc = Temporary.getBeginLoc();
  // Written by a macro's body: the macro's business.
  if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
      (Loc.isMacroID() && SM.isMacroBodyExpansion(Loc)))
    return;
  std::optional<LiteralInit> Init = literalInit(&Temporary);
  const ClassTemplateSpecializationDecl *String =
      basicString(Temporary.getType());
  if (!Init || !Init->ThroughTemporary || !String)
    return;
  std::optional<std::string> Cost =
      costNote(Init->Length, charTypeOf(*String), Ctx);
  if (!Cost)
    return;

  // Bound to a parameter of type const std::basic_string&.
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(&Temporary, Ctx, Child, Transparency::Object,
                       /*PreferInitialization=*/true);
  const FunctionDecl *Callee = nullptr;
  llvm::SmallVector<const Expr *, 4> Args;
  const Expr *Object = nullptr;
  if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
    Callee = Op->getDirectCallee();
    Args.assign(Op->arg_begin(), Op->arg_end());
    if (isa_and_nonnull<CXXMethodDecl>(Callee)) {
      if (Args.empty() || Args[0] == Child)
        return;
      Object = Args[0];
      Args.erase(Args.begin());
    }
  } else if (const auto *Call = Parent.get<CallExpr>()) {
    Callee = Call->getDirectCallee();
    Args.assign(Call->arg_begin(), Call->arg_end());
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      Object = Member->getImplicitObjectArgument();
  } else if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
    Callee = Construct->getConstructor();
    Args.assign(Construct->arg_begin(), Construct->arg_end());
  }
  unsigned Index = argumentIndex(Args, Child);
  if (!Callee || Index == Args.size() || Index >= Callee->getNumParams())
    return;
  QualType Param = Callee->getParamDecl(Index)->getType();
  if (!Param->isLValueReferenceType() ||
      !Param.getNonReferenceType().isConstQualified() ||
      !basicString(Param.getNonReferenceType()))
    return;
  auto Found = findRepetition(Temporary, Ctx);
  if (!Found)
    return;
  Repetition Where;
  Where.Function = Found->first;
  Where.Loop = Found->second;

  // The literal itself does the same where a standard overload takes a
  // pointer to characters with the same meaning: the comparisons, + and
  // +=, and the search and comparison members with the temporary first.
  auto SameString = [&](const Expr *E) {
    return E && basicString(E->getType()) == String &&
           !(literalInit(E) && literalInit(E)->ThroughTemporary);
  };
  bool Replace = false;
  if (isWithinStd(Callee)) {
    switch (Callee->getOverloadedOperator()) {
    case OO_EqualEqual:
    case OO_ExclaimEqual:
    case OO_Less:
    case OO_Greater:
    case OO_LessEqual:
    case OO_GreaterEqual:
    case OO_Plus:
    case OO_PlusEqual:
      Replace = Object ? SameString(Object)
                       : Args.size() == 2 && SameString(Args[1 - Index]);
      break;
    case OO_None: {
      static const llvm::StringSet<> Search = {"find",
                                               "rfind",
                                               "find_first_of",
                                               "find_last_of",
                                               "find_first_not_of",
                                               "find_last_not_of"};
      static const llvm::StringSet<> Single = {"compare",   "append",
                                               "assign",    "starts_with",
                                               "ends_with", "contains"};
      StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
      Replace = isa<CXXMethodDecl>(Callee) && Index == 0 &&
                SameString(Object) &&
                ((Search.contains(Name) && Args.size() <= 2) ||
                 (Single.contains(Name) && Args.size() == 1));
      break;
    }
    default:
      break;
    }
  }
  CharSourceRange TempRange, LiteralRange;
  std::string NoFix;
  if (Loc.isMacroID()) {
    NoFix = "the temporary is written in a macro argument";
  } else if (Replace) {
    TempRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Temporary.getSourceRange()), SM,
        LangOpts);
    LiteralRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Init->Argument->getSourceRange()), SM,
        LangOpts);
    if (TempRange.isInvalid() || LiteralRange.isInvalid())
      NoFix = "the temporary is written in a macro argument";
  } else {
    StringRef Alias = hasStandardArguments(*String)
                          ? standardAlias(charTypeOf(*String))
                          : StringRef();
    std::string Type = stringTypeName(*String, Ctx);
    NoFix = "a 'static const " + Type + "' needs a name of your choosing";
    if (!isWithinStd(Callee) && Callee->getIdentifier())
      NoFix += "; or '" + Callee->getNameAsString() + "' could take a " +
               (Alias.empty() ? "std::basic_string_view"
                              : ("std::" + Alias + "_view").str());
  }

  {
    auto Diag = diag(SM.getFileLoc(Loc),
                     "this temporary %0 is built from a string literal too "
                     "long for its inline buffer, so it allocates every time "
                     "it is evaluated; %select{use the literal itself|a "
                     "'static const' %0 would allocate only once}1")
                << stringTypeName(*String, Ctx) << (Replace ? 0 : 1);
    if (Replace && NoFix.empty())
      Diag << FixItHint::CreateReplacement(
          TempRange, Lexer::getSourceText(LiteralRange, SM, LangOpts));
  }
  diag(SM.getFileLoc(Init->Literal->getBeginLoc()), *Cost, DiagnosticIDs::Note);
  countIterations(Where, fullStatementOf(&Temporary, Ctx), Ctx);
  addRepetitionNote(Where);
  if (!NoFix.empty())
    diag(SM.getFileLoc(Loc), "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

void SmallStringCheck::checkRecord(const CXXRecordDecl &Record,
                                   ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Record.getLocation();
  // Class templates and their specialisations: the layout and the
  // allocations depend on the arguments.
  if (Record.isUnion() || Record.isLambda() || Record.isDependentContext() ||
      isa<ClassTemplateSpecializationDecl>(Record) || Loc.isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)) || isWithinStd(&Record) ||
      Record.getName().empty())
    return;

  std::vector<const FieldDecl *> Pointers;
  bool HasLength = false;
  for (const FieldDecl *Field : Record.fields()) {
    QualType T = Field->getType();
    // It already keeps some strings inline.
    if (hasInlineCharacters(T, 0))
      return;
    if (const auto *Pointer = T->getAs<PointerType>();
        Pointer && isStringCharacter(Pointer->getPointeeType()))
      Pointers.push_back(Field);
    else if (T->isIntegerType() && !T->isEnumeralType() &&
             !T->isBooleanType() && !T->isAnyCharacterType())
      HasLength = true;
  }
  if (Pointers.empty() || !HasLength)
    return;

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
    return; // it only borrows the characters
  const AllocationScan::Found &First = Scan.Allocations.front();
  // One string: every allocation is of the same member.
  if (llvm::any_of(Scan.Allocations, [&](const AllocationScan::Found &F) {
        return F.Field != First.Field;
      }))
    return;
  // A string class takes characters, or duplicates them.
  if (!TakesCharacters &&
      llvm::none_of(Scan.Allocations, [](const AllocationScan::Found &F) {
        return isDuplication(F.Kind);
      }))
    return;

  QualType Char = First.Field->getType()
                      ->getAs<PointerType>()
                      ->getPointeeType()
                      .getUnqualifiedType();
  std::string Buffer = Char.getAsString(Ctx.getPrintingPolicy()) + "[" +
                       std::to_string(InlineBufferSize) + "]";
  diag(Loc, "'%0' is a string class that allocates every string on the "
            "heap, however short")
      << Record.getName();
  diag(SM.getFileLoc(First.Site->getBeginLoc()),
       "the characters of '%0' are allocated here with %1", DiagnosticIDs::Note)
      << First.Field->getName() << First.Kind;
  std::string Saved = "one allocation saved for strings up to " +
                      std::to_string(InlineBufferSize - 1) + " characters";
  std::string Suffix = " with an inline buffer '" + Buffer + "'; " + Saved;
  QualType BufferType =
      Ctx.getConstantArrayType(Char, llvm::APInt(64, InlineBufferSize), nullptr,
                               ArraySizeModifier::Normal, 0);
  std::vector<std::string> Notes = fieldAddedNotes(
      Record, BufferType, "(inline buffer)", Suffix, Ctx, LayoutNotes);
  if (Notes.empty() || !StringRef(Notes.front()).ends_with(Suffix))
    diag(Loc, "an inline buffer '%0' would hold them: %1", DiagnosticIDs::Note)
        << Buffer << Saved;
  for (const std::string &Note : Notes)
    diag(Loc, "%0", DiagnosticIDs::Note) << Note;
}

} // namespace clang::tidy::alloc
