//===--- AppendConcatenationBuilt.cpp -------------------------------------===//
//
// alloc-append-concatenation on a concatenation that starts a new string:
// 'return "\"" + String(P, N) + "\"";', 'String S = A + B + C;' or
// 'take(A + B + C);' for a 'const String &' parameter. The
// first '+' makes a string with room for its two pieces only; each later
// one that passes its capacity makes a longer one, and a piece built as a
// string only to be concatenated is one more. Reserving the total length in a
// new string and appending the pieces allocates once. The finding needs the
// fix-it: what it saves is measured at the '+' operators and the pieces
// built for them, less the one allocation the new string keeps.
//
//===----------------------------------------------------------------------===//

#include "checks/AppendConcatenationCheck.h"
#include "checks/Finding.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/decisions/ReservedConcatenation.h"
#include "lib/analysis/facts/Concatenations.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include <map>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

namespace {

/// The text of \p Range, or empty when a macro writes part of it.
std::string writtenText(SourceRange Range, const ASTContext &Ctx) {
  if (Range.isInvalid() || Range.getBegin().isMacroID() ||
      Range.getEnd().isMacroID())
    return "";
  return sourceText(Range, Ctx);
}

/// Where a concatenation allocates: its '+' operators first (one string
/// made at each), then the pieces built as strings for it.
std::vector<ProfileAnchor>
concatenationAnchors(const AppendedConcatenation &Facts,
                     const ReservedConcatenation &Plan,
                     const FunctionDecl *Function) {
  std::vector<ProfileAnchor> Anchors;
  Anchors.reserve(Facts.Operators.size() + Plan.Temporaries.size() +
                  Plan.FromLiterals.size());
  for (SourceLocation Op : Facts.Operators)
    Anchors.emplace_back(SourceRange(Op, Op), Function);
  for (const Expr *Temporary : Plan.Temporaries)
    Anchors.emplace_back(Temporary->getSourceRange(), Function);
  for (const Expr *Built : Plan.FromLiterals)
    Anchors.emplace_back(Built->getSourceRange(), Function);
  return Anchors;
}

/// ", and 'String(P, N)' is a string built only to be concatenated", for
/// the warning of a plan with such a piece; empty otherwise.
std::string builtPieceClause(const ReservedConcatenation &Plan,
                             const ASTContext &Ctx) {
  if (Plan.Temporaries.empty())
    return "";
  return ", and '" +
         writtenText(Plan.Temporaries.front()->getSourceRange(), Ctx) +
         "' is a string built only to be concatenated";
}

/// The name a new string starts from: 'Result', in the case the function's
/// parameters' names start with.
std::string resultName(const FunctionDecl &Function) {
  bool Lower = Function.getIdentifier() &&
               islower(static_cast<unsigned char>(Function.getName()[0]));
  for (const ParmVarDecl *Param : Function.parameters())
    if (Param->getIdentifier()) {
      Lower = islower(static_cast<unsigned char>(Param->getName()[0]));
      break;
    }
  return Lower ? "result" : "Result";
}

/// Stands for the new string's name in a fix-it until every finding of the
/// function is known: names are given in the order of the source.
constexpr char NamePlaceholder = '\x01';

/// The whitespace before \p Loc on its line; empty when something else is.
std::string indentOf(SourceLocation Loc, const SourceManager &SM) {
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(At.first);
  size_t LineStart = Buffer.rfind('\n', At.second);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  StringRef Before = Buffer.slice(LineStart, At.second);
  return Before.find_first_not_of(" \t") == StringRef::npos ? Before.str() : "";
}

/// The ';' that ends \p S (a return statement's comes after its value).
SourceLocation semicolonOf(const Stmt &S, const ASTContext &Ctx) {
  if (isa<DeclStmt>(S))
    return S.getEndLoc();
  std::optional<Token> Next = Lexer::findNextToken(
      S.getEndLoc(), Ctx.getSourceManager(), Ctx.getLangOpts());
  if (!Next || !Next->is(tok::semi))
    return SourceLocation();
  return Next->getLocation();
}

/// The block \p S is a statement of; null when it is the body of an if,
/// else, loop or label.
const CompoundStmt *blockOf(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = parentsOf(S, Ctx);
  return Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
}

/// Where braces around \p S, the body of an if, else or loop written on a
/// line of its own, start: just after the ')', 'else' or 'do' before it;
/// and the indentation of that line. Invalid when something else (a
/// comment) comes between.
std::pair<SourceLocation, std::string> bodyStart(SourceLocation Loc,
                                                 const SourceManager &SM) {
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Loc);
  StringRef Before = SM.getBufferData(At.first).take_front(At.second);
  StringRef Trimmed = Before.rtrim();
  if (!Trimmed.ends_with(")") && !Trimmed.ends_with("else") &&
      !Trimmed.ends_with("do"))
    return {};
  if (!Before.drop_front(Trimmed.size()).contains('\n'))
    return {};
  SourceLocation Start =
      Loc.getLocWithOffset(-static_cast<int>(Before.size() - Trimmed.size()));
  size_t LineStart = Trimmed.rfind('\n');
  StringRef Line =
      Trimmed.drop_front(LineStart == StringRef::npos ? 0 : LineStart + 1);
  return {Start, Line.take_front(Line.find_first_not_of(" \t")).str()};
}

} // namespace

void AppendConcatenationCheck::checkBuiltString(
    const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *Return = Result.Nodes.getNodeAs<ReturnStmt>("return");
  const auto *Declaration = Result.Nodes.getNodeAs<DeclStmt>("declaration");
  const auto *Variable = Result.Nodes.getNodeAs<VarDecl>("variable");
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Assignment =
      Result.Nodes.getNodeAs<CXXOperatorCallExpr>("assignment");
  const Stmt *Statement = nullptr;
  const Expr *Value = nullptr;
  const ParmVarDecl *Param = nullptr;
  if (Call) {
    // The call must be its statement: nothing around it may skip it or
    // run before it.
    ConcatenatedArgument Passed = concatenatedArgument(*Call);
    Value = Passed.Argument;
    Param = Passed.Param;
    ValueUse Use = valueUseOf(Call, Ctx);
    if (!Value || Use.Use != ValueUse::Statement)
      return;
    Statement = Use.Whole;
  } else if (Return) {
    Statement = Return;
    Value = Return->getRetValue();
  } else if (Declaration && Variable) {
    Statement = Declaration;
    Value = Variable->getInit();
  } else if (Assignment && Assignment->getNumArgs() == 2 &&
             valueUseOf(Assignment, Ctx).Use == ValueUse::Statement) {
    Statement = Assignment;
    Value = Assignment->getArg(1);
  }
  if (!Statement || !Value)
    return;
  SourceLocation Loc = Statement->getBeginLoc();
  if (Loc.isInvalid() || Loc.isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  std::optional<AppendedConcatenation> Facts = builtConcatenation(*Value, Ctx);
  if (!Facts || (Declaration && !blockOf(*Statement, Ctx)) ||
      isInInstantiatedCode(*Statement, Ctx))
    return;
  std::optional<Repetition> Where = findRepetition(*Facts->Append, Ctx);
  if (!Where || Where->Function->isDependentContext() ||
      ColdFunctions.isCold(*Where->Function) ||
      (Where->Loop && ColdFunctions.isColdLoop(*Where->Loop)))
    return;
  ReservedConcatenation Plan = planReservedConcatenation(*Facts, Ctx);
  if (Assignment) {
    if (Plan.NoFix.empty())
      reportAssignedString(*Assignment, *Facts, *Where, Plan, Ctx);
    return;
  }
  // Two pieces that are strings already: the first '+' makes the result
  // as long as both, once.
  if (!Plan.NoFix.empty() ||
      (Facts->Pieces.size() < 3 && Plan.Temporaries.empty()))
    return;
  // The pieces are read before the statement: nothing else in it may change
  // one first, unless every piece is the function's own.
  if (Call && restHasSideEffects(*Call, Value, Ctx) &&
      llvm::any_of(Facts->Pieces, [](const ConcatenationPiece &Piece) {
        return Piece.Reads != PieceReads::OwnValues;
      }))
    return;

  // What the new string is declared as, and named.
  const FunctionDecl &Function = *Where->Function;
  QualType Made = Facts->Append->getType().getUnqualifiedType();
  std::string Type;
  std::string Name;
  if (Call) {
    Type = standardStringName(Made);
    Name =
        Param->getIdentifier() ? Param->getName().str() : resultName(Function);
  } else if (Return) {
    QualType Returned = Function.getReturnType();
    const auto *Method = dyn_cast<CXXMethodDecl>(&Function);
    if ((Method && Method->getParent()->isLambda()) ||
        Returned->isReferenceType() || Returned.isConstQualified() ||
        Function.getDeclaredReturnType()->getContainedAutoType() ||
        !Ctx.hasSameType(Returned, Made))
      return;
    Type = writtenText(Function.getReturnTypeSourceRange(), Ctx);
    Name = resultName(Function);
  } else {
    QualType Declared = Variable->getType();
    if (Declared->isReferenceType() || Declared.isConstQualified() ||
        Declared->getContainedAutoType() || !Ctx.hasSameType(Declared, Made) ||
        Variable->getLocation().isMacroID())
      return;
    Type =
        writtenText(SourceRange(Declaration->getBeginLoc(),
                                Variable->getLocation().getLocWithOffset(-1)),
                    Ctx);
    Type = StringRef(Type).rtrim().str();
    Name = Variable->getName().str();
  }
  SourceLocation Semicolon = semicolonOf(*Statement, Ctx);
  if (Type.empty() || Name.empty() || Semicolon.isInvalid() ||
      Semicolon.isMacroID())
    return;

  // The '+' operators make the result and its regrowth; the pieces built as
  // strings make their own.
  std::vector<ProfileAnchor> Anchors =
      concatenationAnchors(*Facts, Plan, Where->Function);
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchors, Ctx);
  bool Covered = Measured && Measured->Covered;
  uint64_t Saved = 0;
  if (Covered) {
    // One allocation stays for each string made past the inline buffer:
    // as many as the '+' that allocated most.
    uint64_t Kept = 0;
    for (size_t I = 0; I < Facts->Operators.size(); ++I)
      if (std::optional<Measurement> AtOp =
              Profiles.measureAnything(ArrayRef(Anchors).slice(I, 1), Ctx))
        Kept = std::max(Kept, AtOp->Allocations);
    Saved = Measured->Allocations - std::min(Kept, Measured->Allocations);
    if (Saved < std::max<uint64_t>(1, Profiles.minAllocations()))
      return;
  } else {
    if (!WithoutProfile || (!Where->Loop && !OutsideLoops))
      return;
    uint64_t CharSize = Ctx.getTypeSizeInChars(Facts->Character).getQuantity();
    std::optional<uint64_t> Length = literalLength(*Facts);
    if (Length && *Length <= stringInlineCapacityOrLargest(
                                 TargetStl.resolve(PP), CharSize))
      return;
  }

  // In a block, the statements replace this one; as the body of an if,
  // else or loop, they get braces: around the lines when the body has a
  // line of its own, on one line otherwise.
  std::string Indent = indentOf(Loc, SM);
  SourceLocation From = Loc;
  // A statement that shares its line with other code stays on one line.
  std::string Open, Break = Indent.empty() ? " " : "\n" + Indent, Close;
  const CompoundStmt *Block = blockOf(*Statement, Ctx);
  if (Block && !Declaration &&
      labelFollows(*Block, Statement->getEndLoc(), SM)) {
    // A case or label after the statement could jump past the new
    // string's declaration: it gets a block of its own.
    if (Indent.empty()) {
      Open = "{ ";
      Close = " }";
    } else {
      Open = "{\n" + Indent + "  ";
      Break = "\n" + Indent + "  ";
      Close = "\n" + Indent + "}";
    }
  } else if (!Block) {
    auto [Start, Outer] = bodyStart(Loc, SM);
    if (Start.isValid() && !Indent.empty()) {
      From = Start;
      Open = " {\n" + Indent;
      Close = "\n" + Outer + "}";
    } else {
      Open = "{ ";
      Break = " ";
      Close = " }";
    }
  }
  // The name a new string gets is decided at the end of the unit.
  std::string Base = Name;
  if (!Declaration)
    Name = std::string(1, NamePlaceholder);
  std::string Text = Open + Type + " " + Name + ";" + Break + Name +
                     ".reserve(" + Plan.Length + ");" + Break + Name +
                     Plan.Appends + ";";
  if (Return)
    Text += Break + "return " + Name + ";";
  if (Call) {
    // The statement itself follows, passing the new string.
    std::string Rest = writtenText(SourceRange(Loc, Semicolon), Ctx);
    CharSourceRange Argument = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Value->getSourceRange()), SM,
        Ctx.getLangOpts());
    if (Rest.empty() || Argument.isInvalid() ||
        SM.getFileID(Argument.getBegin()) != SM.getFileID(Loc))
      return;
    unsigned Start = SM.getFileOffset(Loc);
    unsigned ArgBegin = SM.getFileOffset(Argument.getBegin()) - Start;
    unsigned ArgEnd = SM.getFileOffset(Argument.getEnd()) - Start;
    if (ArgEnd > Rest.size() || ArgBegin > ArgEnd)
      return;
    Text += Break + Rest.substr(0, ArgBegin) + Name + Rest.substr(ArgEnd);
  }
  Text += Close;

  std::string Built = builtPieceClause(Plan, Ctx);
  Finding F;
  F.Warning.Loc = Loc;
  F.Warning.Text =
      "the " + std::to_string(Facts->Pieces.size()) + " pieces of " +
      (Call     ? (Param->getIdentifier()
                       ? "the argument for '" + Param->getName().str() + "'"
                       : std::string("the argument"))
       : Return ? std::string("the string returned")
                : "'" + Name + "'") +
      " are concatenated with '+', which makes a new string whenever the "
      "result outgrows the one the '+' before made" +
      Built +
      "; reserving their total length and appending them allocates "
      "once";
  F.Warning.Fixes.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(From, Semicolon), Text));
  if (!Rewritten.insert(Statement).second)
    return;
  if (Where->Loop)
    F.note(Where->Loop->getBeginLoc(),
           "this loop runs the concatenation on every iteration");
  std::string BoundNote;
  size_t NoteIndex = F.Notes.size();
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, Loc, SM, [&](const Measurement &M) {
            if (Return)
              BoundNote = describeRegrowth(
                  M, Saved, "reserving and appending the pieces", true);
            return describeRegrowth(M, Saved,
                                    "reserving and appending the pieces");
          }))
    F.note(Loc, *Note);
  PendingStrings.push_back({std::move(F), &Function, Declaration ? "" : Base,
                            Loc, std::move(BoundNote), NoteIndex});
  PendingContext = &Ctx;
}

void AppendConcatenationCheck::reportAssignedString(
    const CXXOperatorCallExpr &Assignment, const AppendedConcatenation &Facts,
    const Repetition &Where, const ReservedConcatenation &Plan,
    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The string keeps its memory only when the loop assigns it again: it is
  // declared before the loop, is its own (nothing else can read it while
  // the pieces are appended), and no piece reads it.
  const Expr *Target = Assignment.getArg(0);
  const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Where.Loop || Ref->getBeginLoc().isMacroID() ||
      !isPrivateLocal(Target, Assignment, Ctx) ||
      !Ctx.hasSameUnqualifiedType(Var->getType(), Facts.Append->getType()) ||
      !SM.isBeforeInTranslationUnit(Var->getLocation(),
                                    Where.Loop->getBeginLoc()))
    return;
  bool ThroughPointer = false;
  for (const ConcatenationPiece &Piece : Facts.Pieces) {
    bool Reads = false;
    forEachReferenceTo(Var, Piece.Written,
                       [&](const DeclRefExpr *) { Reads = true; });
    if (Reads)
      return;
    ThroughPointer = ThroughPointer || Piece.ThroughPointer;
  }
  // A piece read through a pointer must not point into the string, which
  // the original statement replaced only after every piece was read.
  const FunctionDecl *Function = Where.Function;
  if (ThroughPointer && (!Function->getBody() ||
                         charactersMayBeKept(*Var, *Function->getBody(), Ctx)))
    return;

  std::vector<ProfileAnchor> Anchors =
      concatenationAnchors(Facts, Plan, Where.Function);
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchors, Ctx);
  if (Measured && Measured->Covered) {
    if (!Profiles.isHot(Measured) ||
        Measured->Allocations <
            std::max<uint64_t>(1, Profiles.minAllocations()))
      return;
  } else {
    if (!WithoutProfile)
      return;
    uint64_t CharSize = Ctx.getTypeSizeInChars(Facts.Character).getQuantity();
    std::optional<uint64_t> Length = literalLength(Facts);
    if (Length && *Length <= stringInlineCapacityOrLargest(
                                 TargetStl.resolve(PP), CharSize))
      return;
  }
  if (!Rewritten.insert(&Assignment).second)
    return;

  // assign() and append() take the same arguments: the first piece
  // replaces the string's characters in the memory it has.
  std::string Name = Var->getName().str();
  std::string Appends = Plan.Appends;
  Appends.replace(0, StringRef(".append(").size(), ".assign(");
  std::string Built = builtPieceClause(Plan, Ctx);
  Finding F;
  F.Warning.Loc = Assignment.getBeginLoc();
  F.Warning.Text =
      "the " + std::to_string(Facts.Pieces.size()) + " pieces assigned to '" +
      Name +
      "' are concatenated with '+', which makes a new string whenever the "
      "result outgrows the one the '+' before made" +
      Built + "; assigning and appending them one by one reuses the memory '" +
      Name + "' has from the iterations before";
  F.Warning.Fixes.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Assignment.getSourceRange()),
      Name + Appends));
  F.note(Where.Loop->getBeginLoc(),
         "this loop runs the concatenation on every iteration");
  if (std::optional<std::string> Note = Profiles.measuredNote(
          Measured, F.Warning.Loc, SM, [&](const Measurement &M) {
            return describeReusedConcatenation(M, Name);
          }))
    F.note(F.Warning.Loc, *Note);
  report(*this, F);
}

void AppendConcatenationCheck::reportBuiltStrings() {
  if (PendingStrings.empty())
    return;
  ASTContext &Ctx = *PendingContext;
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::stable_sort(PendingStrings,
                    [&](const PendingString &A, const PendingString &B) {
                      return SM.isBeforeInTranslationUnit(A.Loc, B.Loc);
                    });
  // Two new strings of one function never share a name, whichever blocks
  // they are in.
  std::map<const FunctionDecl *, llvm::StringSet<>> Given;
  for (PendingString &Pending : PendingStrings) {
    if (!Pending.Base.empty()) {
      llvm::StringSet<> &Taken = Given[Pending.Function];
      std::string Name =
          freeLocalName(Pending.Base, *Pending.Function, Ctx, Taken);
      if (Name.empty())
        continue;
      Taken.insert(Name);
      for (FixItHint &Fix : Pending.F.Warning.Fixes)
        for (size_t At = Fix.CodeToInsert.find(NamePlaceholder);
             At != std::string::npos;
             At = Fix.CodeToInsert.find(NamePlaceholder, At))
          Fix.CodeToInsert.replace(At, 1, Name);
    }
    if (!Pending.BoundNote.empty() &&
        ConcatenatedOnto.count(Pending.Function->getCanonicalDecl()) &&
        Pending.NoteIndex < Pending.F.Notes.size())
      Pending.F.Notes[Pending.NoteIndex].Text = Pending.BoundNote;
    report(*this, Pending.F);
  }
  PendingStrings.clear();
  ConcatenatedOnto.clear();
}

} // namespace clang::tidy::alloc
