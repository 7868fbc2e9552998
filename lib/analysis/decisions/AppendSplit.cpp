//===--- AppendSplit.cpp --------------------------------------------------===//

#include "lib/analysis/decisions/AppendSplit.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// The source text of \p E, or empty when it is not one stretch of a file
/// (a macro's expansion).
std::string textOf(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return "";
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts(), &Invalid);
  return Invalid ? "" : Text.str();
}

/// Whether \p E can be the object of '.append(...)' as it is written: a
/// name, a member access, a call or a subscript bind tighter than '.'.
bool isPostfix(const Expr *E) {
  E = E->IgnoreImplicit();
  return isa<DeclRefExpr, MemberExpr, ParenExpr, CallExpr, ArraySubscriptExpr>(
             E) &&
         !isa<CXXOperatorCallExpr>(E);
}

/// The arguments of the append() that adds \p Piece without the string it
/// builds: the literal of 'std::string("...")', the arguments of
/// 'std::string(P)', 'std::string(P, N)' or 'std::string(N, C)'; empty when
/// \p Piece is appended as it is written.
std::string builtPieceArguments(const ConcatenationPiece &Piece,
                                const ASTContext &Ctx) {
  if (Piece.Kind != PieceKind::String)
    return "";
  if (std::optional<LiteralInit> Init = literalInit(Piece.Written)) {
    // "..."s keeps its null characters only as a string.
    if (Init->FromUserLiteral || !Init->Argument)
      return "";
    return textOf(Init->Argument, Ctx);
  }
  SmallVector<const Expr *, 2> Args;
  if (!builtString(Piece.Written, Args) || Args.empty() || Args.size() > 2)
    return "";
  QualType First = Args[0]->getType();
  bool FromPointer = First->isPointerType() &&
                     (Args.size() == 1 || Args[1]->getType()->isIntegerType());
  bool Repeated = Args.size() == 2 && First->isIntegerType() &&
                  !First->isAnyCharacterType();
  if (!FromPointer && !Repeated)
    return "";
  std::string Text;
  for (const Expr *Arg : Args) {
    std::string Written = textOf(Arg, Ctx);
    if (Written.empty())
      return "";
    Text += (Text.empty() ? "" : ", ") + Written;
  }
  return Text;
}

} // namespace

AppendSplit planAppendSplit(const AppendedConcatenation &Facts,
                            const ASTContext &Ctx) {
  AppendSplit Plan;
  // The first piece is read before anything is appended, as before.
  for (size_t I = 1; I < Facts.Pieces.size(); ++I) {
    PieceReads Reads = Facts.Pieces[I].Reads;
    if (Reads == PieceReads::Unknown ||
        (Reads == PieceReads::OutsideValues && !Facts.TargetIsPrivate)) {
      Plan.NoFix = "'" + textOf(Facts.Pieces[I].Written, Ctx) +
                   "' would be read after the pieces before it are "
                   "appended, and it may read the string appended to";
      return Plan;
    }
  }
  std::string Target = textOf(Facts.Target, Ctx);
  if (Target.empty()) {
    Plan.NoFix = "the string appended to is written by a macro";
    return Plan;
  }
  std::string Text = isPostfix(Facts.Target) ? Target : "(" + Target + ")";
  for (const ConcatenationPiece &Piece : Facts.Pieces) {
    std::string Written = textOf(Piece.Written, Ctx);
    if (Written.empty()) {
      Plan.NoFix = "a piece is written by a macro";
      Plan.BuiltPieces.clear();
      return Plan;
    }
    std::string Built = builtPieceArguments(Piece, Ctx);
    if (!Built.empty())
      Plan.BuiltPieces.push_back(Piece.Written);
    Text += Piece.Kind == PieceKind::Character ? ".append(1, " : ".append(";
    Text.append(Built.empty() ? Written : Built).append(")");
  }
  Plan.Replacement = std::move(Text);
  return Plan;
}

} // namespace alloc_tidy
