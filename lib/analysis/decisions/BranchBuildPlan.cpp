//===--- BranchBuildPlan.cpp - build a local inside its one branch --------===//

#include "lib/analysis/decisions/BranchBuildPlan.h"
#include "lib/analysis/decisions/StatementLines.h"
#include "lib/analysis/facts/CodeEffects.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// \p Text, which starts a line, with the \p From indentation of each line
/// after its first replaced by \p To.
std::string reindent(StringRef Text, StringRef From, StringRef To) {
  auto [First, Rest] = Text.split('\n');
  std::string Out = (First + "\n").str();
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    if (Line.starts_with(From))
      Out += (To + Line.drop_front(From.size())).str();
    else
      Out += Line.str();
    Out += '\n';
    Rest = Next;
  }
  return Out;
}

/// Why moving the code past \p Between, the statements that stand between
/// it and the 'if', could change what it does, or empty: one of them can
/// change what it reads, declares a name it uses, or is a label to jump to.
std::string whyNotPast(llvm::ArrayRef<const Stmt *> Between,
                       const QuietCode &Code) {
  for (const Stmt *S : Between) {
    if (isa<LabelStmt, SwitchCase>(S))
      return "a label stands between the code that builds it and the 'if'";
    if (!whyCanChangeWhatItReads(S, Code).empty())
      return "a statement between the code that builds it and the 'if' can "
             "change what that code reads";
    if (const auto *Declaration = dyn_cast<DeclStmt>(S))
      for (const Decl *D : Declaration->decls())
        if (const auto *Named = dyn_cast<NamedDecl>(D);
            Named && Named->getIdentifier() &&
            Code.Names.contains(Named->getName()))
          return "a declaration between the code that builds it and the "
                 "'if' takes the name '" +
                 Named->getNameAsString() + "', which that code uses";
  }
  return "";
}

} // namespace

BranchBuildPlan planBranchBuild(const VarDecl &Var,
                                const BranchOnlyLocal &Local, ASTContext &Ctx) {
  BranchBuildPlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  const IfStmt *If = Local.If;
  if (If->getInit() || If->getConditionVariable() || If->isConstexpr() ||
      If->isConsteval()) {
    Plan.NoFix = "the 'if' declares a variable or is evaluated at compile "
                 "time";
    return Plan;
  }
  QuietCode Code(Var);
  if (!Code.expr(Var.getInit())) {
    Plan.NoFix = "its initializer may do more than build it: " + Code.Why;
    return Plan;
  }
  for (const Stmt *Builder : Local.Builders)
    if (!Code.stmt(Builder)) {
      Plan.NoFix = "the code that builds it may do more: " + Code.Why;
      return Plan;
    }
  if (std::string Why = whyNotPast(Local.Between, Code); !Why.empty()) {
    Plan.NoFix = Why;
    return Plan;
  }
  if (std::string Why = whyCanChangeWhatItReads(If->getCond(), Code);
      !Why.empty()) {
    Plan.NoFix = Why;
    return Plan;
  }
  if (const auto *Function = dyn_cast<FunctionDecl>(Var.getDeclContext());
      Function && Function->getBody() &&
      (callsAFunction(If->getCond()) ||
       llvm::any_of(Local.Between, callsAFunction)) &&
      readsAnAliasedLocal(Code, Function->getBody(), Ctx)) {
    Plan.NoFix = "the code reads a local that another name can change, and "
                 "a call before the branch could";
    return Plan;
  }
  if (keepsAPointerOut(Var, Local.Branch, Ctx)) {
    Plan.NoFix = "the branch keeps a pointer, a reference or a view of it "
                 "that could outlive the branch";
    return Plan;
  }
  const Stmt *Target = Local.Branch;
  if (const auto *Block = dyn_cast<CompoundStmt>(Target))
    Target = Block->body_front();
  std::vector<const Stmt *> Pieces{Local.Declaration};
  Pieces.insert(Pieces.end(), Local.Builders.begin(), Local.Builders.end());
  std::vector<SourceLocation> Checked;
  Checked.reserve(3 + 2 * Pieces.size());
  Checked.insert(Checked.end(), {If->getBeginLoc(), Local.Branch->getEndLoc(),
                                 Target->getBeginLoc()});
  for (const Stmt *Piece : Pieces) {
    Checked.push_back(Piece->getBeginLoc());
    Checked.push_back(Piece->getEndLoc());
  }
  for (SourceLocation Loc : Checked)
    if (Loc.isInvalid() || Loc.isMacroID() ||
        SM.getFileID(Loc) != SM.getFileID(If->getBeginLoc())) {
      Plan.NoFix = "the code is in a macro";
      return Plan;
    }
  std::optional<StringRef> To = indentBefore(Target->getBeginLoc(), SM);
  if (!To) {
    Plan.NoFix = "a statement shares its line with other code";
    return Plan;
  }
  // Each piece moves as whole lines; its removal runs to the next code, so
  // that the line left behind keeps its own indentation (a bare removal of
  // whole lines lets clang's edit merging take a blank next to it too).
  std::string Moved;
  for (const Stmt *Piece : Pieces) {
    std::optional<StringRef> From = indentBefore(Piece->getBeginLoc(), SM);
    SourceLocation End = endOfStatementLine(Piece, Ctx);
    if (!From || End.isInvalid()) {
      Plan.NoFix = "a statement shares its line with other code";
      return Plan;
    }
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(Piece->getBeginLoc(), End), SM,
        Ctx.getLangOpts());
    Moved += (*To + reindent(Text, *From, *To)).str();
    Plan.Edits.push_back({CharSourceRange::getCharRange(Piece->getBeginLoc(),
                                                        nextNonBlank(End, SM)),
                          ""});
  }
  SourceLocation InsertAt =
      Target->getBeginLoc().getLocWithOffset(-int(To->size()));
  if (isa<CompoundStmt>(Local.Branch)) {
    Plan.Edits.push_back(
        {CharSourceRange::getCharRange(InsertAt, InsertAt), Moved});
    return Plan;
  }
  // One statement: braces around it and the moved code.
  SourceLocation BranchEnd = endOfStatementLine(Local.Branch, Ctx);
  std::optional<StringRef> IfIndent = indentBefore(If->getBeginLoc(), SM);
  SourceLocation Opens =
      Local.Branch == If->getThen() ? If->getRParenLoc() : If->getElseLoc();
  if (BranchEnd.isInvalid() || !IfIndent || Opens.isInvalid() ||
      Opens.isMacroID()) {
    Plan.NoFix = "a statement shares its line with other code";
    return Plan;
  }
  SourceLocation AfterOpens =
      Lexer::getLocForEndOfToken(Opens, 0, SM, Ctx.getLangOpts());
  Plan.Edits.push_back(
      {CharSourceRange::getCharRange(AfterOpens, AfterOpens), " {"});
  Plan.Edits.push_back(
      {CharSourceRange::getCharRange(InsertAt, InsertAt), Moved});
  Plan.Edits.push_back({CharSourceRange::getCharRange(BranchEnd, BranchEnd),
                        (*IfIndent + "}\n").str()});
  return Plan;
}

} // namespace alloc_tidy
