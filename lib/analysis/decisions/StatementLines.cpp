//===--- StatementLines.cpp - statements as whole lines of text ----------===//

#include "lib/analysis/decisions/StatementLines.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace alloc_tidy {

/// The text before \p Loc on its line when it is only blanks; nullopt when
/// code comes first.
std::optional<StringRef> indentBefore(SourceLocation Loc,
                                      const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(File);
  size_t Start = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  if (Offset < Start)
    Start = Offset;
  StringRef Indent = Buffer.slice(Start, Offset);
  if (Indent.find_first_not_of(" \t") != StringRef::npos)
    return std::nullopt;
  return Indent;
}

/// The location just past the end of \p S, its ';' included, and its line,
/// when only blanks or a line comment follow on that line; invalid
/// otherwise.
SourceLocation endOfStatementLine(const Stmt *S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // An 'if' ends where its last branch does; an expression before its ';'.
  const Stmt *Leaf = S;
  while (const auto *If = dyn_cast<IfStmt>(Leaf))
    Leaf = If->getElse() ? If->getElse() : If->getThen();
  SourceLocation End;
  if (isa<Expr>(Leaf)) {
    std::optional<Token> Semi =
        Lexer::findNextToken(Leaf->getEndLoc(), SM, Ctx.getLangOpts());
    if (!Semi || !Semi->is(tok::semi))
      return {};
    End = Semi->getEndLoc();
  } else {
    End =
        Lexer::getLocForEndOfToken(Leaf->getEndLoc(), 0, SM, Ctx.getLangOpts());
  }
  if (End.isInvalid() || End.isMacroID())
    return {};
  auto [File, Offset] = SM.getDecomposedLoc(End);
  StringRef Buffer = SM.getBufferData(File);
  size_t Newline = Buffer.find('\n', Offset);
  if (Newline == StringRef::npos)
    return {};
  // A line comment after the statement goes with it.
  StringRef Rest = Buffer.slice(Offset, Newline).trim(" \t\r");
  if (!Rest.empty() && !Rest.starts_with("//"))
    return {};
  return End.getLocWithOffset(Newline + 1 - Offset);
}

/// The first character after \p Loc that is not a blank or a line break.
SourceLocation nextNonBlank(SourceLocation Loc, const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(File);
  size_t Next = Buffer.find_first_not_of(" \t\r\n", Offset);
  if (Next == StringRef::npos)
    Next = Buffer.size();
  return Loc.getLocWithOffset(Next - Offset);
}

} // namespace alloc_tidy
