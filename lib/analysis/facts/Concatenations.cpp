//===--- Concatenations.cpp -----------------------------------------------===//

#include "lib/analysis/facts/Concatenations.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {

namespace {

/// The character type of \p T when it is a std::basic_string.
std::optional<QualType> stringCharacter(QualType T) {
  if (const ClassTemplateSpecializationDecl *String = basicString(T))
    return charTypeOf(*String);
  return std::nullopt;
}

bool isStdFunction(const FunctionDecl *F) { return F && F->isInStdNamespace(); }

/// \p E without parentheses and the implicit nodes clang puts around a
/// temporary or an argument.
const Expr *written(const Expr *E) {
  while (true) {
    const Expr *Next = E->IgnoreImplicit();
    if (const auto *Paren = dyn_cast<ParenExpr>(Next))
      Next = Paren->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
}

PieceReads widest(PieceReads A, PieceReads B) { return std::max(A, B); }

/// The string appended to: the variable it names (itself or through '.')
/// and the member it is, if any.
struct TargetIdentity {
  const VarDecl *Root = nullptr;
  const FieldDecl *Field = nullptr;
  /// No pointer can point into the target's characters: a private local
  /// whose characters nothing keeps (charactersMayBeKept).
  bool PointersMissIt = false;
};

/// Whether \p E names an object through names, '.', '->' and 'this' only:
/// reading it calls nothing.
bool isPlainPath(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, CXXThisExpr>(E))
    return true;
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(Member->getMemberDecl()) &&
           isPlainPath(Member->getBase());
  return false;
}

/// Whether the members \p A and \p B are distinct objects wherever they
/// are: two different fields, neither in a union.
bool distinctMembers(const FieldDecl *A, const FieldDecl *B) {
  return A && B && A != B && !A->getParent()->isUnion() &&
         !B->getParent()->isUnion();
}

/// What reading the object \p E names (a plain path) reads.
PieceReads readsOfPath(const Expr *E, const TargetIdentity &Target) {
  if (!isPlainPath(E))
    return PieceReads::Unknown;
  QualType T = E->getType().getNonReferenceType();
  // A number or a character held in a variable or a member: appending to
  // a string changes no such object.
  if (T->isArithmeticType() || T->isEnumeralType())
    return PieceReads::OwnValues;
  // A pointer's own value, too; what it points to is another read
  // (pointsSomewhere).
  if (T->isPointerType())
    return PieceReads::OwnValues;
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return PieceReads::OwnValues;
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var || Var == Target.Root)
      return PieceReads::Unknown;
    if (Var->getType()->isReferenceType())
      return PieceReads::OutsideValues;
    if (Var->hasLocalStorage() || Var->getType().isConstQualified())
      return PieceReads::OwnValues; // its own, or a constant
    return PieceReads::OutsideValues;
  }
  const auto *Member = dyn_cast<MemberExpr>(E);
  if (!Member)
    return PieceReads::OutsideValues; // *this
  const auto *Field = cast<FieldDecl>(Member->getMemberDecl());
  if (Field->getType()->isReferenceType())
    return PieceReads::OutsideValues;
  if (distinctMembers(Field, Target.Field))
    return PieceReads::OwnValues;
  if (Member->isArrow())
    return PieceReads::OutsideValues;
  return readsOfPath(Member->getBase(), Target);
}

/// Whether \p E is a pointer held in a variable or a member: the characters
/// it points to may be the target's.
bool pointsSomewhere(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  return E->getType()->isPointerType() && isPlainPath(E);
}

/// Whether \p Piece reads characters through a pointer that is not a
/// literal (ConcatenationPiece::ThroughPointer).
bool readsThroughPointer(const Expr *Piece) {
  SmallVector<const Expr *, 2> Args;
  const Expr *E = Piece;
  if (builtString(Piece, Args)) {
    if (Args.empty())
      return false;
    E = Args.front();
  }
  E = E->IgnoreParenImpCasts();
  return E->getType()->isPointerType() && !isa<StringLiteral>(E);
}

/// What evaluating \p E reads (PieceReads).
PieceReads readsOf(const Expr *E, const TargetIdentity &Target) {
  E = E->IgnoreParens();
  if (isa<StringLiteral, CharacterLiteral, IntegerLiteral, FloatingLiteral,
          CXXBoolLiteralExpr>(E))
    return PieceReads::OwnValues;
  if (isa<DeclRefExpr, MemberExpr>(E))
    return readsOfPath(E, Target);
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue ||
        Cast->getCastKind() == CK_NoOp)
      if (isPlainPath(Cast->getSubExpr()))
        return readsOfPath(Cast->getSubExpr(), Target);
    return readsOf(Cast->getSubExpr(), Target);
  }
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
    return readsOf(Temp->getSubExpr(), Target);
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    return readsOf(Bind->getSubExpr(), Target);
  if (const auto *Full = dyn_cast<FullExpr>(E))
    return readsOf(Full->getSubExpr(), Target);
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    switch (Unary->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return readsOf(Unary->getSubExpr(), Target);
    default:
      return PieceReads::Unknown;
    }
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    if (Binary->isAssignmentOp() || Binary->isCommaOp())
      return PieceReads::Unknown;
    return widest(readsOf(Binary->getLHS(), Target),
                  readsOf(Binary->getRHS(), Target));
  }
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E))
    return widest(readsOf(Cond->getCond(), Target),
                  widest(readsOf(Cond->getTrueExpr(), Target),
                         readsOf(Cond->getFalseExpr(), Target)));
  // A standard string built from what it is given.
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (!stringCharacter(Construct->getType()))
      return PieceReads::Unknown;
    PieceReads Reads = PieceReads::OwnValues;
    for (const Expr *Arg : Construct->arguments())
      if (!isa<CXXDefaultArgExpr>(Arg)) // the allocator
        Reads = widest(Reads, pointsSomewhere(Arg) && !Target.PointersMissIt
                                  ? PieceReads::Unknown
                                  : readsOf(Arg, Target));
    return Reads;
  }
  // A const member function of a standard string (size, substr, c_str) on
  // what may be read.
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!Method || !Method->isConst() || !isStdFunction(Method))
      return PieceReads::Unknown;
    PieceReads Reads = readsOf(Call->getImplicitObjectArgument(), Target);
    for (const Expr *Arg : Call->arguments())
      Reads = widest(Reads, readsOf(Arg, Target));
    return Reads;
  }
  // A constexpr function of numbers (std::numeric_limits<T>::max()).
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(Call)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->isConstexpr() &&
        Callee->getReturnType()->isArithmeticType() &&
        llvm::all_of(Callee->parameters(), [](const ParmVarDecl *P) {
          return P->getType()->isArithmeticType();
        })) {
      PieceReads Reads = PieceReads::OwnValues;
      for (const Expr *Arg : Call->arguments())
        Reads = widest(Reads, readsOf(Arg, Target));
      return Reads;
    }
  }
  // std::to_string of what may be read.
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && !isa<CXXOperatorCallExpr>(Call)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!isStdFunction(Callee) || !Callee->getIdentifier() ||
        (Callee->getName() != "to_string" && Callee->getName() != "to_wstring"))
      return PieceReads::Unknown;
    PieceReads Reads = PieceReads::OwnValues;
    for (const Expr *Arg : Call->arguments())
      Reads = widest(Reads, readsOf(Arg, Target));
    return Reads;
  }
  return PieceReads::Unknown;
}

/// What append() takes \p Arg as, given \p Param, the parameter of the
/// standard operator+ it is bound to; nullopt for a piece that append()
/// would take differently (a conversion to the string, another character
/// type).
std::optional<PieceKind> pieceKind(const Expr *Arg, QualType Param,
                                   QualType String, QualType Char,
                                   const ASTContext &Ctx) {
  QualType Written = written(Arg)->getType();
  if (Param->isPointerType()) {
    QualType Pointee;
    const Expr *Bare = Arg->IgnoreParenImpCasts();
    if (const auto *Array = Ctx.getAsArrayType(Bare->getType()))
      Pointee = Array->getElementType();
    else if (Bare->getType()->isPointerType())
      Pointee = Bare->getType()->getPointeeType();
    if (Pointee.isNull() ||
        !Ctx.hasSameUnqualifiedType(Pointee.getUnqualifiedType(), Char))
      return std::nullopt;
    return PieceKind::Characters;
  }
  if (!Param.getNonReferenceType()->isRecordType()) {
    if (!Ctx.hasSameUnqualifiedType(Arg->IgnoreParenImpCasts()->getType(),
                                    Char))
      return std::nullopt;
    return PieceKind::Character;
  }
  if (!Ctx.hasSameUnqualifiedType(Written.getNonReferenceType(), String))
    return std::nullopt;
  return PieceKind::String;
}

/// Adds the pieces of \p E, a concatenation of strings of type \p String,
/// to \p Out; false when one cannot be appended as it is.
bool addPieces(const Expr *E, QualType Param, QualType String, QualType Char,
               const TargetIdentity &Target, AppendedConcatenation &Out,
               const ASTContext &Ctx) {
  const auto *Plus = dyn_cast<CXXOperatorCallExpr>(written(E));
  if (Plus && Plus->getOperator() == OO_Plus && Plus->getNumArgs() == 2 &&
      isStdFunction(Plus->getDirectCallee()) &&
      Ctx.hasSameUnqualifiedType(Plus->getType(), String)) {
    const FunctionDecl *Callee = Plus->getDirectCallee();
    if (Callee->getNumParams() != 2)
      return false;
    if (!addPieces(Plus->getArg(0), Callee->getParamDecl(0)->getType(), String,
                   Char, Target, Out, Ctx))
      return false;
    Out.Operators.push_back(Plus->getOperatorLoc());
    return addPieces(Plus->getArg(1), Callee->getParamDecl(1)->getType(),
                     String, Char, Target, Out, Ctx);
  }
  std::optional<PieceKind> Kind = pieceKind(E, Param, String, Char, Ctx);
  if (!Kind)
    return false;
  ConcatenationPiece Piece;
  Piece.Written = E;
  Piece.Kind = *Kind;
  Piece.Reads = *Kind == PieceKind::Characters && pointsSomewhere(E) &&
                        !Target.PointersMissIt
                    ? PieceReads::Unknown
                    : readsOf(E, Target);
  Piece.ThroughPointer = readsThroughPointer(E);
  Out.Pieces.push_back(Piece);
  return true;
}

/// Whether reference \p Ref to a local hands the variable to something that
/// can keep it: its address taken, a reference bound to it, a lambda's
/// capture, a non-const reference parameter, an initializer list.
bool handsOver(const DeclRefExpr *Ref, ASTContext &Ctx) {
  if (Ref->refersToEnclosingVariableOrCapture())
    return true;
  const Expr *Child = nullptr;
  DynTypedNode Parent = meaningfulParent(Ref, Ctx, Child, Transparency::Object);
  if (const auto *Unary = Parent.get<UnaryOperator>())
    return Unary->getOpcode() == UO_AddrOf;
  if (const auto *Var = Parent.get<VarDecl>())
    return Var->getType()->isReferenceType();
  if (Parent.get<InitListExpr>() || Parent.get<LambdaExpr>())
    return true;
  auto NonConstReference = [](QualType T) {
    return T->isRValueReferenceType() ||
           (T->isLValueReferenceType() &&
            !T.getNonReferenceType().isConstQualified());
  };
  if (const auto *Call = Parent.get<CallExpr>()) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    unsigned First = 0;
    if (isa<CXXOperatorCallExpr>(Call) &&
        isa_and_nonnull<CXXMethodDecl>(Callee)) {
      if (Call->getArg(0) == Child)
        return false; // the object of a member operator
      First = 1;
    }
    for (unsigned I = First; I < Call->getNumArgs(); ++I) {
      if (Call->getArg(I) != Child)
        continue;
      if (!Callee || I - First >= Callee->getNumParams())
        return true;
      return NonConstReference(Callee->getParamDecl(I - First)->getType());
    }
    return false; // the callee or the object of a member call
  }
  if (const auto *Construct = Parent.get<CXXConstructExpr>()) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    // A copy or a move ('return Out;') keeps no reference to it.
    if (Ctor->isCopyOrMoveConstructor())
      return false;
    for (unsigned I = 0; I < Construct->getNumArgs(); ++I)
      if (Construct->getArg(I) == Child)
        return I >= Ctor->getNumParams() ||
               NonConstReference(Ctor->getParamDecl(I)->getType());
  }
  return false;
}

} // namespace

bool isPrivateLocal(const Expr *Target, const Expr &Append, ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->hasLocalStorage() || Var->getType()->isReferenceType() ||
      Ref->refersToEnclosingVariableOrCapture())
    return false;
  const FunctionDecl *Function = enclosingFunction(&Append, Ctx);
  if (!Function || !Function->getBody())
    return false;
  bool HandedOver = false;
  forEachReferenceTo(Var, Function->getBody(), [&](const DeclRefExpr *Use) {
    HandedOver = HandedOver || handsOver(Use, Ctx);
  });
  return !HandedOver;
}

bool charactersMayBeKept(const VarDecl &Var, const Stmt &Body,
                         ASTContext &Ctx) {
  static constexpr llvm::StringLiteral Accessors[] = {
      "c_str", "data",    "begin", "end",   "cbegin", "cend", "rbegin",
      "rend",  "crbegin", "crend", "front", "back",   "at"};
  bool Kept = false;
  forEachReferenceTo(&Var, &Body, [&](const DeclRefExpr *Ref) {
    if (Kept)
      return;
    const Expr *Child = nullptr;
    DynTypedNode Parent =
        meaningfulParent(Ref, Ctx, Child, Transparency::Object);
    const Expr *Access = nullptr;
    if (const auto *Member = Parent.get<MemberExpr>()) {
      // S.c_str(): the call is the member expression's parent.
      const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
      if (!Method)
        return;
      bool Converts = isa<CXXConversionDecl>(Method);
      if (!Converts && (!Method->getIdentifier() ||
                        !llvm::is_contained(Accessors, Method->getName())))
        return;
      const Expr *MemberChild = nullptr;
      DynTypedNode Call =
          meaningfulParent(Member, Ctx, MemberChild, Transparency::Value);
      Access = Call.get<CXXMemberCallExpr>();
    } else if (const auto *Op = Parent.get<CXXOperatorCallExpr>()) {
      if (Op->getOperator() == OO_Subscript && Op->getArg(0) == Child)
        Access = Op;
    }
    if (!Access)
      return;
    // What takes the pointer, iterator or reference.
    const Expr *AccessChild = nullptr;
    DynTypedNode User =
        meaningfulParent(Access, Ctx, AccessChild, Transparency::Value);
    const auto *Call = User.get<CallExpr>();
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    bool Argument =
        Call && llvm::is_contained(Call->arguments(), AccessChild) &&
        (!isa<CXXMemberCallExpr>(Call) ||
         cast<CXXMemberCallExpr>(Call)->getImplicitObjectArgument() !=
             AccessChild);
    Kept = !Argument || !Callee || !isWithinStd(Callee);
  });
  return Kept;
}

std::optional<AppendedConcatenation> appendedConcatenation(const Expr &Append,
                                                           ASTContext &Ctx) {
  const Expr *Target = nullptr;
  const Expr *Argument = nullptr;
  const CXXMethodDecl *Method = nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&Append)) {
    if (Op->getOperator() != OO_PlusEqual || Op->getNumArgs() != 2)
      return std::nullopt;
    Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    Target = Op->getArg(0);
    Argument = Op->getArg(1);
  } else if (const auto *Call = dyn_cast<CXXMemberCallExpr>(&Append)) {
    Method = Call->getMethodDecl();
    if (!Method || !Method->getIdentifier() || Method->getName() != "append" ||
        Call->getNumArgs() != 1)
      return std::nullopt;
    Target = Call->getImplicitObjectArgument();
    Argument = Call->getArg(0);
  }
  if (!Method || !Target || Method->getNumParams() != 1)
    return std::nullopt;
  std::optional<QualType> Char =
      stringCharacter(Method->getThisType()->getPointeeType());
  QualType String =
      Method->getThisType()->getPointeeType().getUnqualifiedType();
  // The overload that takes a whole string: the argument is one.
  if (!Char || !stringCharacter(Method->getParamDecl(0)->getType()))
    return std::nullopt;

  AppendedConcatenation Facts;
  Facts.Append = &Append;
  Facts.Target = Target;
  Facts.TargetRoot = rootVariable(Target);
  Facts.Character = *Char;
  TargetIdentity Identity;
  Identity.Root = Facts.TargetRoot;
  if (const auto *Member = dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts()))
    Identity.Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (!addPieces(Argument, Method->getParamDecl(0)->getType(), String, *Char,
                 Identity, Facts, Ctx) ||
      Facts.Operators.empty())
    return std::nullopt;
  Facts.TargetIsPrivate = isPrivateLocal(Target, Append, Ctx);
  // A piece read through a pointer may read the target's characters,
  // unless the target is a local of its own whose characters nothing keeps.
  bool Pointed = llvm::any_of(Facts.Pieces, [](const ConcatenationPiece &P) {
    return P.ThroughPointer && P.Reads == PieceReads::Unknown;
  });
  const FunctionDecl *Function = Pointed && Facts.TargetIsPrivate
                                     ? enclosingFunction(&Append, Ctx)
                                     : nullptr;
  if (Function && Function->getBody() && Facts.TargetRoot &&
      !charactersMayBeKept(*Facts.TargetRoot, *Function->getBody(), Ctx)) {
    Identity.PointersMissIt = true;
    AppendedConcatenation Again = Facts;
    Again.Pieces.clear();
    Again.Operators.clear();
    if (addPieces(Argument, Method->getParamDecl(0)->getType(), String, *Char,
                  Identity, Again, Ctx))
      Facts = std::move(Again);
  }
  return Facts;
}

const Expr *carriedValue(const Expr *E) {
  while (true) {
    const Expr *Next = written(E);
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(Next);
        Construct && Construct->isElidable() && Construct->getNumArgs() == 1)
      Next = Construct->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
}

std::optional<AppendedConcatenation> builtConcatenation(const Expr &Chain,
                                                        ASTContext &Ctx) {
  const auto *Plus = dyn_cast<CXXOperatorCallExpr>(carriedValue(&Chain));
  if (!Plus || Plus->getOperator() != OO_Plus ||
      !isStdFunction(Plus->getDirectCallee()))
    return std::nullopt;
  QualType String = Plus->getType().getUnqualifiedType();
  std::optional<QualType> Char = stringCharacter(String);
  if (!Char)
    return std::nullopt;
  AppendedConcatenation Facts;
  Facts.Append = Plus;
  Facts.Character = *Char;
  Facts.TargetIsPrivate = true;
  // The result's own type: every piece is bound to a parameter of the
  // operator+ calls, which addPieces reads.
  if (!addPieces(Plus, String, String, *Char, TargetIdentity(), Facts, Ctx) ||
      Facts.Operators.empty())
    return std::nullopt;
  return Facts;
}

std::string standardStringName(QualType String) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      String->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() != 3)
    return "";
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  QualType Char = Args[0].getAsType().getCanonicalType();
  for (unsigned I : {1u, 2u}) {
    const auto *Default = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        Args[I].getAsType()->getAsCXXRecordDecl());
    if (!Default || !isWithinStd(Default) ||
        Default->getName() != (I == 1 ? "char_traits" : "allocator") ||
        Default->getTemplateArgs().size() != 1 ||
        Default->getTemplateArgs()[0].getAsType().getCanonicalType() != Char)
      return "";
  }
  if (Char->isSpecificBuiltinType(BuiltinType::Char_S) ||
      Char->isSpecificBuiltinType(BuiltinType::Char_U))
    return "std::string";
  if (Char->isWideCharType())
    return "std::wstring";
  if (Char->isChar8Type())
    return "std::u8string";
  if (Char->isChar16Type())
    return "std::u16string";
  if (Char->isChar32Type())
    return "std::u32string";
  return "";
}

ConcatenatedArgument concatenatedArgument(const CallExpr &Call) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee)
    return {};
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
      Method && isWithinStd(Method->getParent()) &&
      Method->getParent()->getName() == "basic_string")
    return {};
  ConcatenatedArgument Found;
  unsigned Count = std::min(Call.getNumArgs(), Callee->getNumParams());
  for (unsigned I = 0; I < Count; ++I) {
    const auto *Plus =
        dyn_cast<CXXOperatorCallExpr>(carriedValue(Call.getArg(I)));
    if (!Plus || Plus->getOperator() != OO_Plus)
      continue;
    const ParmVarDecl *Param = Callee->getParamDecl(I);
    const auto *Reference = Param->getType()->getAs<LValueReferenceType>();
    if (!Reference || !Reference->getPointeeType().isConstQualified() ||
        Reference->getPointeeType().getCanonicalType().getUnqualifiedType() !=
            Plus->getType().getCanonicalType().getUnqualifiedType())
      continue;
    if (Found.Argument)
      return {};
    Found = {Call.getArg(I), Param};
  }
  return Found;
}

bool restHasSideEffects(const CallExpr &Call, const Expr *Argument,
                        const ASTContext &Ctx) {
  if (Call.getCallee()->HasSideEffects(Ctx))
    return true;
  for (const Expr *Arg : Call.arguments())
    if (Arg != Argument && Arg->HasSideEffects(Ctx))
      return true;
  return false;
}

std::optional<uint64_t> literalLength(const AppendedConcatenation &Facts) {
  uint64_t Length = 0;
  for (const ConcatenationPiece &Piece : Facts.Pieces) {
    // std::string("ab") or "ab"s: the string's own characters.
    if (std::optional<LiteralInit> Init = literalInit(Piece.Written)) {
      Length += Init->Length;
      continue;
    }
    // A pointer to characters is read up to its first null character.
    const Expr *E = written(Piece.Written)->IgnoreParenImpCasts();
    if (const auto *Literal = dyn_cast<StringLiteral>(E))
      Length += lengthToFirstNull(*Literal);
    else if (isa<CharacterLiteral>(E))
      Length += 1;
    else
      return std::nullopt;
  }
  return Length;
}

} // namespace alloc_tidy
