//===--- StringFacts.cpp --------------------------------------------------===//

#include "lib/analysis/facts/StringFacts.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace alloc_tidy {

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

bool hasStandardArguments(const ClassTemplateSpecializationDecl &String) {
  const TemplateArgumentList &Args = String.getTemplateArgs();
  for (unsigned I = 1; I < Args.size(); ++I) {
    if (Args[I].getKind() != TemplateArgument::Type)
      return false;
    const auto *Arg = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        Args[I].getAsType()->getAsCXXRecordDecl());
    llvm::StringRef Expected = I == 1 ? "char_traits" : "allocator";
    if (!Arg || !Arg->getIdentifier() || Arg->getName() != Expected ||
        !isWithinStd(Arg))
      return false;
  }
  return true;
}

llvm::StringRef standardAlias(QualType Char) {
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

std::string stringTypeName(const ClassTemplateSpecializationDecl &String,
                           const ASTContext &Ctx) {
  llvm::StringRef Alias = standardAlias(charTypeOf(String));
  if (!Alias.empty() && hasStandardArguments(String))
    return ("std::" + Alias).str();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  String.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return Name;
}

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

bool isConstCharPointer(QualType T, QualType Char) {
  const auto *Pointer = T->getAs<PointerType>();
  if (!Pointer)
    return false;
  QualType Pointee = Pointer->getPointeeType();
  return Pointee.isConstQualified() &&
         Pointee.getCanonicalType().getUnqualifiedType() ==
             Char.getCanonicalType().getUnqualifiedType();
}

uint64_t lengthToFirstNull(const StringLiteral &Literal) {
  for (unsigned I = 0; I < Literal.getLength(); ++I)
    if (Literal.getCodeUnit(I) == 0)
      return I;
  return Literal.getLength();
}

const CXXConstructExpr *builtString(const Expr *E,
                                    SmallVectorImpl<const Expr *> &Args) {
  E = E->IgnoreImplicit();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  const auto *Construct = dyn_cast<CXXConstructExpr>(E);
  if (!Construct || Construct->isElidable() ||
      Construct->getConstructor()->isCopyOrMoveConstructor())
    return nullptr;
  for (const Expr *Arg : Construct->arguments())
    if (!isa<CXXDefaultArgExpr>(Arg))
      Args.push_back(Arg);
  return Construct;
}

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

bool isStringViewMember(llvm::StringRef Name) {
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

bool isStringViewOperator(OverloadedOperatorKind Op) {
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

} // namespace alloc_tidy
