//===--- TypeSpelling.cpp - where a declaration spells its type -----------===//

#include "checks/TypeSpelling.h"
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

} // namespace clang::tidy::alloc
