//===--- TypeSpelling.cpp - where a declaration spells its type -----------===//

#include "checks/TypeSpelling.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::alloc {

TypeLoc namedTypeLoc(TypeLoc TL) {
  TL = TL.getUnqualifiedLoc();
#if CLANG_VERSION_MAJOR < 22
  if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>())
    TL = Elaborated.getNamedTypeLoc().getUnqualifiedLoc();
#endif
  return TL;
}

std::string spelledArguments(TypeLoc Spelled, const ASTContext &Ctx) {
  auto Spec = namedTypeLoc(Spelled).getAs<TemplateSpecializationTypeLoc>();
  if (!Spec)
    return "";
  return Lexer::getSourceText(
             CharSourceRange::getCharRange(
                 Spec.getLAngleLoc().getLocWithOffset(1), Spec.getRAngleLoc()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .trim()
      .str();
}

std::optional<CharSourceRange> templateNameRange(TypeLoc Spelled) {
  TypeLoc Outer = Spelled.getUnqualifiedLoc();
  TypeLoc Named = namedTypeLoc(Spelled);
  SourceLocation NameLoc;
  if (auto Spec = Named.getAs<TemplateSpecializationTypeLoc>())
    NameLoc = Spec.getTemplateNameLoc();
  else if (auto Deduced = Named.getAs<DeducedTemplateSpecializationTypeLoc>())
    NameLoc = Deduced.getTemplateNameLoc();
  else
    return std::nullopt;
  SourceLocation Begin = Outer.getBeginLoc();
  if (Begin.isInvalid() || Begin.isMacroID() || NameLoc.isMacroID())
    return std::nullopt;
  return CharSourceRange::getTokenRange(Begin, NameLoc);
}

std::optional<CharSourceRange> templateTypeRange(TypeLoc Spelled) {
  std::optional<CharSourceRange> Name = templateNameRange(Spelled);
  auto Spec = namedTypeLoc(Spelled).getAs<TemplateSpecializationTypeLoc>();
  if (!Name || !Spec || Spec.getRAngleLoc().isInvalid() ||
      Spec.getRAngleLoc().isMacroID())
    return std::nullopt;
  return CharSourceRange::getTokenRange(Name->getBegin(), Spec.getRAngleLoc());
}

TypeLoc spelledDeclType(const ValueDecl &D, const TypedefNameDecl *&Alias) {
  Alias = nullptr;
  TypeLoc TL;
  if (const auto *DD = dyn_cast<DeclaratorDecl>(&D);
      DD && DD->getTypeSourceInfo())
    TL = DD->getTypeSourceInfo()->getTypeLoc();
  if (TL && TL.getType()->getContainedAutoType()) {
    const auto *Var = dyn_cast<VarDecl>(&D);
    const Expr *Init =
        Var && Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr;
    TL = TypeLoc();
    if (const auto *Temp = dyn_cast_or_null<CXXTemporaryObjectExpr>(Init))
      TL = Temp->getTypeSourceInfo()->getTypeLoc();
    else if (const auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(Init))
      TL = Cast->getTypeInfoAsWritten()->getTypeLoc();
  }
  if (!TL)
    return TL;
  if (auto AliasLoc = namedTypeLoc(TL).getAs<TypedefTypeLoc>()) {
    Alias = AliasLoc.getTypePtr()->getDecl()->getCanonicalDecl();
    return Alias->getTypeSourceInfo()->getTypeLoc();
  }
  return TL;
}

std::optional<NoRewrite> whyTypeNotRewritable(const DeclaratorDecl &D,
                                              TypeLoc Spelled) {
  if (!Spelled || !templateNameRange(Spelled)) {
    TypeLoc Named = Spelled ? namedTypeLoc(Spelled) : TypeLoc();
    if (Named && Named.getAs<TypedefTypeLoc>())
      return NoRewrite{
          D.getLocation(),
          "the type is spelled through the alias '" +
              Named.getType()
                  ->getAs<TypedefType>()
                  ->getDecl()
                  ->getName()
                  .str() +
              "'; change it where it is declared if every user of the "
              "alias can take it"};
    return NoRewrite{D.getLocation(),
                     "the declaration does not spell the type"};
  }
  if (const DeclaratorDecl *Other = declaratorSharingType(
          D, [](const DeclaratorDecl &) { return false; }))
    return NoRewrite{
        Other->getLocation(),
        "'" + Other->getNameAsString() +
            "' is declared with the same type; declare it separately"};
  return std::nullopt;
}

const DeclaratorDecl *declaratorSharingType(
    const DeclaratorDecl &D,
    llvm::function_ref<bool(const DeclaratorDecl &)> ChangesToo) {
  for (const Decl *Sibling : D.getDeclContext()->decls()) {
    const auto *Other = dyn_cast<DeclaratorDecl>(Sibling);
    if (Other && Other != &D &&
        Other->getTypeSpecStartLoc() == D.getTypeSpecStartLoc() &&
        !ChangesToo(*Other))
      return Other;
  }
  return nullptr;
}

std::string spelledElementType(QualType Element, TypeLoc Spelled,
                               const ASTContext &Ctx) {
  TypeLoc Named = Spelled ? namedTypeLoc(Spelled) : TypeLoc();
  if (auto Spec = Named ? Named.getAs<TemplateSpecializationTypeLoc>()
                        : TemplateSpecializationTypeLoc();
      Spec && Spec.getNumArgs() == 1) {
    // The text between the angle brackets, not the argument's own range: a
    // type's range leaves out its leading qualifiers ('const T *' would be
    // 'T *').
    std::string Written = spelledArguments(Spelled, Ctx);
    if (!Written.empty())
      return Written;
  }
  return Element.getAsString(Ctx.getPrintingPolicy());
}

} // namespace clang::tidy::alloc
