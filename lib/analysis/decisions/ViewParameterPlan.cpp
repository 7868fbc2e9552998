//===--- ViewParameterPlan.cpp --------------------------------------------===//

#include "lib/analysis/decisions/ViewParameterPlan.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {

std::string viewCallersVerdict(const ViewParameterCalls &Here,
                               const ViewCallersElsewhere &Elsewhere) {
  if (!Here.Fits)
    return Here.Why;
  if (Elsewhere.OnlyThisUnit) {
    // A function of internal linkage declared in a header: every unit that
    // includes it has its own, with calls this one does not see.
    for (const std::string &File : Elsewhere.DeclarationFiles)
      if (File != Elsewhere.MainFile)
        return "it is declared in '" + File +
               "', which other units may include with calls of their own";
    return "";
  }
  if (!Elsewhere.WholeProgram)
    return "other units may call it with what a view does not take; run "
           "alloc-run over the compile database, whose records of every unit "
           "decide";
  if (!Elsewhere.Everywhere)
    return "the records of the other units do not name it";
  if (!Elsewhere.Everywhere->Fits)
    return "a call in another unit passes what a view does not take, or takes "
           "its address";
  if (!Elsewhere.EveryUnitHasViews)
    return "a unit of the program is compiled before C++17, without "
           "std::basic_string_view";
  for (const std::string &File : Elsewhere.Everywhere->DeclarationFiles)
    if (!llvm::is_contained(Elsewhere.DeclarationFiles, File))
      return "another unit declares it in '" + File +
             "', which this unit does not see";
  return "";
}

/// The view of the string a declaration spells as \p Written (the type under
/// const &), whose characters are \p Char.
static std::string viewTypeFor(QualType Written, QualType Char,
                               llvm::StringRef WrittenText) {
  if (const auto *Alias = Written->getAs<TypedefType>();
      Alias && !isWithinStd(Alias->getDecl()))
    return "std::basic_string_view<" + WrittenText.str() + "::value_type>";
  llvm::StringRef Standard = standardAlias(Char);
  if (!Standard.empty())
    return "std::" + Standard.str() + "_view";
  return "std::basic_string_view<" + Char.getUnqualifiedType().getAsString() +
         ">";
}

ViewParameterPlan planViewParameter(const FunctionDecl &F, unsigned Index,
                                    ASTContext &Ctx) {
  ViewParameterPlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *Decl : F.redecls()) {
    if (Index >= Decl->getNumParams())
      return {"a declaration has another number of parameters"};
    const ParmVarDecl *Param = Decl->getParamDecl(Index);
    const ClassTemplateSpecializationDecl *String =
        constStringReference(Param->getType());
    const TypeSourceInfo *Written = Param->getTypeSourceInfo();
    auto Reference =
        Written ? Written->getTypeLoc().getAsAdjusted<LValueReferenceTypeLoc>()
                : LValueReferenceTypeLoc();
    if (!String || !Reference)
      return {"a declaration spells the reference through an alias"};
    SourceLocation Begin = Param->getBeginLoc();
    SourceLocation Sigil = Reference.getSigilLoc();
    SourceRange Pointee =
        Reference.getPointeeLoc().getUnqualifiedLoc().getSourceRange();
    if (Begin.isMacroID() || Sigil.isMacroID() || Pointee.isInvalid() ||
        Pointee.getBegin().isMacroID() || Pointee.getEnd().isMacroID())
      return {"a declaration of the parameter is written by a macro"};
    if (SM.isInSystemHeader(Begin))
      return {"a declaration is in a system header"};
    std::string Type =
        viewTypeFor(Reference.getPointeeLoc().getType().getUnqualifiedType(),
                    charTypeOf(*String), sourceText(Pointee, Ctx));
    if (Decl == F.getCanonicalDecl() || Plan.ViewType.empty())
      Plan.ViewType = Type;
    SourceLocation After = Sigil.getLocWithOffset(1);
    const char *Next = SM.getCharacterData(After);
    if (Next && isAsciiIdentifierContinue(*Next))
      Type += ' ';
    Plan.Edits.push_back({CharSourceRange::getCharRange(Begin, After), Type});
    FileID File = SM.getFileID(Begin);
    if (!llvm::is_contained(Plan.Files, File))
      Plan.Files.push_back(File);
  }
  return Plan;
}

} // namespace alloc_tidy
