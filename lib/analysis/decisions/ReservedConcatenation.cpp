//===--- ReservedConcatenation.cpp ----------------------------------------===//

#include "lib/analysis/decisions/ReservedConcatenation.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// The source text of \p E, or empty when it is not one stretch of a file.
std::string textOf(const Expr *E, const ASTContext &Ctx) {
  if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return "";
  bool Invalid = false;
  StringRef Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts(), &Invalid);
  return Invalid ? "" : Text.str();
}

/// \p Text as the object of a member call: parenthesized unless \p E binds
/// tighter than '.'.
std::string asObject(const Expr *E, const std::string &Text) {
  const Expr *Bare = E->IgnoreImplicit();
  if (isa<DeclRefExpr, MemberExpr, ParenExpr, CXXThisExpr>(Bare))
    return Text;
  return "(" + Text + ")";
}

/// What one piece adds to the plan.
struct PieceText {
  std::string Length; ///< empty when the length is Constant
  uint64_t Constant = 0;
  std::string Arguments;
  bool Temporary = false;
  /// A string built from a literal, which the plan appends itself.
  bool FromLiteral = false;
};

std::optional<PieceText> pieceText(const ConcatenationPiece &Piece,
                                   QualType Character, const ASTContext &Ctx,
                                   std::string &NoFix) {
  std::string Written = textOf(Piece.Written, Ctx);
  if (Written.empty()) {
    NoFix = "a piece is written by a macro";
    return std::nullopt;
  }
  PieceText Out;
  const Expr *Bare = Piece.Written->IgnoreParenImpCasts();
  switch (Piece.Kind) {
  case PieceKind::Character:
    Out.Constant = 1;
    Out.Arguments = "1, " + Written;
    return Out;
  case PieceKind::Characters:
    if (const auto *Literal = dyn_cast<StringLiteral>(Bare)) {
      Out.Constant = lengthToFirstNull(*Literal);
      Out.Arguments = Written;
      return Out;
    }
    if (!isRereadable(Piece.Written))
      break;
    Out.Length = "std::char_traits<" +
                 Character.getAsString(Ctx.getPrintingPolicy()) + ">::length(" +
                 Written + ")";
    Out.Arguments = Written;
    return Out;
  case PieceKind::String: {
    if (std::optional<LiteralInit> Init = literalInit(Piece.Written)) {
      Out.Constant = Init->Length;
      // String("...") appends the literal itself; "..."s keeps its
      // null characters only as a string.
      std::string Literal = Init->FromUserLiteral || !Init->Argument
                                ? ""
                                : textOf(Init->Argument, Ctx);
      Out.Arguments = Literal.empty() ? Written : Literal;
      Out.FromLiteral = !Literal.empty();
      return Out;
    }
    if (isRereadable(Piece.Written)) {
      Out.Length = asObject(Piece.Written, Written) + ".size()";
      Out.Arguments = Written;
      return Out;
    }
    SmallVector<const Expr *, 2> Args;
    const CXXConstructExpr *Built = builtString(Piece.Written, Args);
    if (!Built || Args.empty() || Args.size() > 2 ||
        !llvm::all_of(Args, isRereadable))
      break;
    std::vector<std::string> Texts;
    for (const Expr *Arg : Args) {
      Texts.push_back(textOf(Arg, Ctx));
      if (Texts.back().empty()) {
        NoFix = "a piece is written by a macro";
        return std::nullopt;
      }
    }
    QualType First = Args[0]->getType();
    auto Counted = [&](unsigned Count) {
      // A count that is more than a name is parenthesized in the sum.
      bool Simple = isa<DeclRefExpr, MemberExpr, IntegerLiteral>(
          Args[Count]->IgnoreParenImpCasts());
      Out.Length = Simple ? Texts[Count] : "(" + Texts[Count] + ")";
      Out.Arguments = Texts[0] + ", " + Texts[1];
    };
    if (Args.size() == 1 && First->isPointerType()) {
      Out.Length = "std::char_traits<" +
                   Character.getAsString(Ctx.getPrintingPolicy()) +
                   ">::length(" + Texts[0] + ")";
      Out.Arguments = Texts[0];
    } else if (Args.size() == 2 && First->isPointerType() &&
               Args[1]->getType()->isIntegerType()) {
      Counted(1); // (pointer, count)
    } else if (Args.size() == 2 && First->isIntegerType() &&
               !First->isAnyCharacterType()) {
      Counted(0); // (count, character)
    } else {
      break;
    }
    Out.Temporary = true;
    return Out;
  }
  }
  NoFix = "the length of '" + Written +
          "' is known only by evaluating it, and the length must be "
          "reserved before the pieces are appended";
  return std::nullopt;
}

} // namespace

bool isRereadable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<StringLiteral, CharacterLiteral, IntegerLiteral, FloatingLiteral,
          CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, CXXThisExpr,
          UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = Ref->getDecl();
    if (isa<EnumConstantDecl>(D))
      return true;
    const auto *Var = dyn_cast<VarDecl>(D);
    return Var && !Var->getType().isVolatileQualified();
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(Member->getMemberDecl()) &&
           !Member->getType().isVolatileQualified() &&
           isRereadable(Member->getBase());
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return isRereadable(Cast->getSubExpr());
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return !Unary->isIncrementDecrementOp() &&
           isRereadable(Unary->getSubExpr());
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    return !Binary->isAssignmentOp() && !Binary->isCommaOp() &&
           isRereadable(Binary->getLHS()) && isRereadable(Binary->getRHS());
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E))
    return isRereadable(Cond->getCond()) && isRereadable(Cond->getTrueExpr()) &&
           isRereadable(Cond->getFalseExpr());
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return isRereadable(Subscript->getBase()) &&
           isRereadable(Subscript->getIdx());
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!Method || !Method->getIdentifier() || Call->getNumArgs() != 0 ||
        !basicString(Method->getThisType()->getPointeeType()))
      return false;
    StringRef Name = Method->getName();
    return (Name == "size" || Name == "length" || Name == "data" ||
            Name == "c_str") &&
           isRereadable(Call->getImplicitObjectArgument());
  }
  return false;
}

ReservedConcatenation
planReservedConcatenation(const AppendedConcatenation &Facts,
                          const ASTContext &Ctx) {
  ReservedConcatenation Plan;
  uint64_t Constant = 0;
  for (const ConcatenationPiece &Piece : Facts.Pieces) {
    std::optional<PieceText> Text =
        pieceText(Piece, Facts.Character, Ctx, Plan.NoFix);
    if (!Text) {
      Plan.Length.clear();
      Plan.Appends.clear();
      Plan.Temporaries.clear();
      Plan.FromLiterals.clear();
      return Plan;
    }
    Constant += Text->Constant;
    if (!Text->Length.empty())
      Plan.Length += (Plan.Length.empty() ? "" : " + ") + Text->Length;
    Plan.Appends += ".append(" + Text->Arguments + ")";
    if (Text->Temporary)
      Plan.Temporaries.push_back(Piece.Written);
    if (Text->FromLiteral)
      Plan.FromLiterals.push_back(Piece.Written);
  }
  if (Constant != 0 || Plan.Length.empty())
    Plan.Length +=
        (Plan.Length.empty() ? "" : " + ") + std::to_string(Constant);
  return Plan;
}

} // namespace alloc_tidy
