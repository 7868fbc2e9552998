//===--- SubstringAssignments.cpp - a string cut to a part of itself ------===//

#include "lib/analysis/facts/SubstringAssignments.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace alloc_tidy {

/// \p E as the file spells it (a macro's name for the whole of a macro's
/// expansion); empty when no stretch of the file spells it.
static std::string writtenText(const Expr &E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E.getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Range.isInvalid())
    return "";
  return Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
}

std::optional<SubstringAssignment>
selfSubstringAssignment(const CXXOperatorCallExpr &Assign, ASTContext &Ctx) {
  if (!isCopyOrMoveAssignment(Assign))
    return std::nullopt;
  const ClassTemplateSpecializationDecl *String =
      basicString(Assign.getArg(0)->getType());
  if (!String)
    return std::nullopt;
  const auto *Substr =
      dyn_cast<CXXMemberCallExpr>(Assign.getArg(1)->IgnoreImplicit());
  const CXXMethodDecl *Callee = Substr ? Substr->getMethodDecl() : nullptr;
  if (!Callee || !Callee->getIdentifier() || Callee->getName() != "substr" ||
      Callee->getParent()->getCanonicalDecl() != String->getCanonicalDecl())
    return std::nullopt;
  SubstringAssignment Facts;
  Facts.Assign = &Assign;
  Facts.Target = Assign.getArg(0);
  Facts.Substr = Substr;
  if (!sameObject(Facts.Target, Substr->getImplicitObjectArgument()))
    return std::nullopt;
  const Expr *Named = Facts.Target->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Named))
    Facts.Object = Ref->getDecl();
  else
    Facts.Object = cast<MemberExpr>(Named)->getMemberDecl();
  for (const Expr *Arg : Substr->arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      break;
    Facts.Arguments.push_back(writtenText(*Arg, Ctx));
  }
  if (Facts.Arguments.empty())
    return std::nullopt;
  Facts.TargetText = sourceText(Named->getSourceRange(), Ctx);
  return Facts;
}

std::string assignReplacement(const SubstringAssignment &Facts,
                              const LangOptions &LangOpts) {
  if (Facts.TargetText.empty())
    return "";
  std::string Call = Facts.TargetText + ".assign(" + Facts.TargetText;
  for (const std::string &Arg : Facts.Arguments) {
    if (Arg.empty())
      return "";
    Call += ", " + Arg;
  }
  if (Facts.Arguments.size() == 1 && !LangOpts.CPlusPlus14)
    Call += ", " + Facts.TargetText + ".npos";
  return Call + ")";
}

} // namespace alloc_tidy
