//===--- AppendConcatenationCheck.cpp -------------------------------------===//
//
// 'Out += "- " + Name + " (";' concatenates its pieces into a temporary
// string first: the temporary allocates once it outgrows the inline buffer,
// often again when the next piece joins it (operator+ makes it exactly as
// long as its first two pieces), and is freed once Out has copied it.
// 'Out.append("- ").append(Name).append(" (")' allocates nothing but Out's
// own growth, which the temporary did not spare it.
//
// Whether a temporary allocates depends on how long the pieces are at run
// time, and whether that matters on how often the code runs: a heapcount
// profile that measured the temporaries' allocations at the '+' operators
// reports the append wherever it is hot, with the saving. Without one the
// check is silent unless WithoutProfile asks for every append a loop runs
// (or anywhere, with OutsideLoops) whose pieces may outgrow the inline
// buffer.
//
//===----------------------------------------------------------------------===//

#include "checks/AppendConcatenationCheck.h"
#include "checks/Finding.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "lib/analysis/decisions/AppendSplit.h"
#include "lib/analysis/facts/Concatenations.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

AppendConcatenationCheck::AppendConcatenationCheck(StringRef Name,
                                                   ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TargetStl(*this, Options, Name),
      ColdFunctions(*this, Options, Name),
      WithoutProfile(
          readBoolOption(*this, Options, Name, "WithoutProfile", false)),
      OutsideLoops(
          readBoolOption(*this, Options, Name, "OutsideLoops", false)) {
  Profiles.read(*this, Options, Name);
}

void AppendConcatenationCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WithoutProfile", WithoutProfile);
  Options.store(Opts, "OutsideLoops", OutsideLoops);
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
  Profiles.store(Options, Opts);
}

void AppendConcatenationCheck::registerMatchers(MatchFinder *Finder) {
  // 'Indent + render()': the '+' grows the string render() returned, in the
  // room its own '+' operators left.
  Finder->addMatcher(
      cxxOperatorCallExpr(
          hasOverloadedOperatorName("+"),
          hasAnyArgument(ignoringImplicit(ignoringParens(
              callExpr(callee(functionDecl(unless(isInStdNamespace()))
                                  .bind("concatenated-onto")))))),
          unless(isExpansionInSystemHeader())),
      this);
  auto OfString = cxxMethodDecl(
      ofClass(classTemplateSpecializationDecl(hasName("::std::basic_string"))));
  auto Concatenation =
      hasArgument(0, ignoringImplicit(ignoringParens(
                         cxxOperatorCallExpr(hasOverloadedOperatorName("+")))));
  Finder->addMatcher(
      cxxOperatorCallExpr(
          hasOverloadedOperatorName("+="), callee(OfString),
          hasArgument(1, ignoringImplicit(ignoringParens(cxxOperatorCallExpr(
                             hasOverloadedOperatorName("+"))))))
          .bind("append"),
      this);
  // A concatenation that starts a new string: matched at the '+' that
  // makes it (every return and declaration of a string would cost a
  // callback each), outside system headers.
  auto StartsString = alloc_tidy::matchers::isPlusThroughCopy(
      alloc_tidy::matchers::isSpecializationOf(hasName("::std::basic_string")));
  Finder->addMatcher(returnStmt(hasReturnValue(StartsString),
                                unless(isExpansionInSystemHeader()))
                         .bind("return"),
                     this);
  Finder->addMatcher(
      declStmt(
          hasSingleDecl(varDecl(hasLocalStorage(), hasInitializer(StartsString))
                            .bind("variable")),
          unless(isExpansionInSystemHeader()))
          .bind("declaration"),
      this);
  // A concatenation assigned to a string: a new string too, moved into
  // it, which frees the memory the string had.
  Finder->addMatcher(cxxOperatorCallExpr(hasOverloadedOperatorName("="),
                                         hasArgument(1, StartsString),
                                         callee(OfString),
                                         unless(isExpansionInSystemHeader()))
                         .bind("assignment"),
                     this);
  // A concatenation passed to a function's 'const std::string &'
  // parameter: a new string too. Operators are left alone ('Out << A + B'
  // wants another fix, and each '+' of a chain is such a call).
  Finder->addMatcher(callExpr(unless(cxxOperatorCallExpr()),
                              hasAnyArgument(StartsString),
                              unless(isExpansionInSystemHeader()))
                         .bind("call"),
                     this);
  // The cheap tests first: every member call of the unit meets them.
  Finder->addMatcher(
      cxxMemberCallExpr(argumentCountIs(1),
                        alloc_tidy::matchers::callsMethodNamed({"append"}),
                        callee(OfString), Concatenation)
          .bind("append"),
      this);
}

void AppendConcatenationCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  if (const auto *Onto =
          Result.Nodes.getNodeAs<FunctionDecl>("concatenated-onto")) {
    ConcatenatedOnto.insert(Onto->getCanonicalDecl());
    return;
  }
  const auto *Append = Result.Nodes.getNodeAs<Expr>("append");
  if (!Append) {
    checkBuiltString(Result);
    return;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Append->getBeginLoc();
  if (Loc.isInvalid() || Loc.isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  std::optional<AppendedConcatenation> Facts =
      appendedConcatenation(*Append, Ctx);
  if (!Facts)
    return;
  std::optional<Repetition> Where = findRepetition(*Append, Ctx);
  if (!Where || Where->Function->isDependentContext() ||
      ColdFunctions.isCold(*Where->Function) ||
      (Where->Loop && ColdFunctions.isColdLoop(*Where->Loop)))
    return;

  // The temporaries are made at the '+' operators, and where a piece is a
  // string built only to be appended that the fix-it appends without it.
  AppendSplit Plan = planAppendSplit(*Facts, Ctx);
  std::vector<ProfileAnchor> Anchors;
  Anchors.reserve(Facts->Operators.size() + Plan.BuiltPieces.size());
  for (SourceLocation Op : Facts->Operators)
    Anchors.emplace_back(SourceRange(Op, Op), Where->Function);
  for (const Expr *Built : Plan.BuiltPieces)
    Anchors.emplace_back(Built->getSourceRange(), Where->Function);
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchors, Ctx);
  // A profile that covers the code decides, in a loop or not.
  bool Covered = Measured && Measured->Covered;
  if (Covered ? !Profiles.isHot(Measured)
              : !WithoutProfile || (!Where->Loop && !OutsideLoops))
    return;
  if (!Covered) {
    // Literals short enough for the inline buffer never allocate.
    uint64_t CharSize = Ctx.getTypeSizeInChars(Facts->Character).getQuantity();
    std::optional<uint64_t> Length = literalLength(*Facts);
    if (Length && *Length <= stringInlineCapacityOrLargest(
                                 TargetStl.resolve(PP), CharSize))
      return;
  }

  std::string Target =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(Facts->Target->getSourceRange()), SM,
          Ctx.getLangOpts())
          .str();
  Finding F;
  F.Warning.Loc = Loc;
  F.Warning.Text =
      "the " + std::to_string(Facts->Pieces.size()) + " pieces appended to '" +
      Target +
      "' are first concatenated into a temporary string, which allocates "
      "once it outgrows the inline buffer, " +
      (Where->Loop ? "on every iteration" : "on every call") +
      "; appending them one by one makes no temporary";
  if (!Plan.Replacement.empty())
    F.Warning.Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(Append->getSourceRange()),
        Plan.Replacement));
  if (Where->Loop)
    F.note(Where->Loop->getBeginLoc(),
           "this loop runs the concatenation on every iteration");
  // The target's own growth at the statement, which the pieces appended
  // apart can change.
  uint64_t TargetGrowth = 0;
  if (Covered) {
    std::vector<ProfileAnchor> AtAppend;
    AtAppend.emplace_back(SourceRange(Append->getExprLoc()), Where->Function);
    if (std::optional<Measurement> Growth =
            Profiles.measureContainer(Facts->Target->getType(), AtAppend, Ctx))
      TargetGrowth = Growth->Allocations;
  }
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, Loc, SM, [&](const Measurement &M) {
            return describeTemporaries(M, "appending the pieces one by one",
                                       Target, TargetGrowth);
          }))
    F.note(Loc, *Note);
  if (!Plan.NoFix.empty())
    F.note(Loc, "no fix-it: " + Plan.NoFix);

  if (!alloc_tidy::isInInstantiatedCode(*Append, Ctx)) {
    report(*this, F);
    return;
  }
  // In a template, what the pieces are depends on the instantiation: the
  // fix-it must be the same for every one, so the finding waits for all.
  auto [It, New] = InTemplates.try_emplace(Loc.getRawEncoding());
  TemplateFinding &Seen = It->second;
  if (New) {
    Seen.F = std::move(F);
    Seen.Template = Where->Function->getPrimaryTemplate();
  } else if (Seen.F.Warning.Fixes.size() != F.Warning.Fixes.size() ||
             (!F.Warning.Fixes.empty() &&
              Seen.F.Warning.Fixes.front().CodeToInsert !=
                  F.Warning.Fixes.front().CodeToInsert)) {
    Seen.Differs = true;
  }
  ++Seen.Instantiations;
}

void AppendConcatenationCheck::onEndOfTranslationUnit() {
  for (auto &[Key, Seen] : InTemplates) {
    unsigned Defined = 0;
    if (Seen.Template)
      for (const FunctionDecl *Spec : Seen.Template->specializations())
        Defined += Spec->doesThisDeclarationHaveABody();
    if (!Seen.F.Warning.Fixes.empty() &&
        (Seen.Differs || !Seen.Template || Defined != Seen.Instantiations)) {
      Seen.F.Warning.Fixes.clear();
      Seen.F.note(Seen.F.Warning.Loc,
                  "no fix-it: the code is a template's, and not every "
                  "instantiation of it here concatenates the same pieces");
    }
    report(*this, Seen.F);
  }
  InTemplates.clear();
  reportBuiltStrings();
  Rewritten.clear();
  Profiles.endTranslationUnit();
}

} // namespace clang::tidy::alloc
