//===--- ResetByAssignmentCheck.cpp ---------------------------------------===//
//
// 'Brackets = std::stack<int>();' empties a container by assigning a new
// one. On libstdc++ the new deque allocates its 64-byte map and first block,
// and the move assignment builds one more empty deque for the object it
// gives up: four allocations to reach a state that clear() (a deque), or
// popping the adaptor empty, reaches with none, keeping the memory the
// container already has. 'Text = Text.substr(N);' likewise builds the
// substring as a new string, where Text.assign(Text, N) copies it into the
// memory Text has.
//
// Without a profile the check reports such an assignment only inside a
// loop (or anywhere, with OutsideLoops); a heapcount profile that measured
// its allocations reports it wherever it is hot, with the saving.
//
//===----------------------------------------------------------------------===//

#include "checks/ResetByAssignmentCheck.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/FreshAssignments.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/SubstringAssignments.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

ResetByAssignmentCheck::ResetByAssignmentCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TargetStl(*this, Options, Name),
      ColdFunctions(*this, Options, Name),
      OutsideLoops(
          readBoolOption(*this, Options, Name, "OutsideLoops", false)) {
  Profiles.read(*this, Options, Name);
}

void ResetByAssignmentCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OutsideLoops", OutsideLoops);
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
  Profiles.store(Options, Opts);
}

void ResetByAssignmentCheck::registerMatchers(MatchFinder *Finder) {
  auto DequeBacked = classTemplateSpecializationDecl(
      hasAnyName("::std::deque", "::std::stack", "::std::queue"));
  Finder->addMatcher(
      cxxOperatorCallExpr(hasOverloadedOperatorName("="),
                          callee(cxxMethodDecl(ofClass(DequeBacked))),
                          unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("assign"),
      this);
  Finder->addMatcher(
      cxxOperatorCallExpr(
          hasOverloadedOperatorName("="),
          callee(cxxMethodDecl(ofClass(classTemplateSpecializationDecl(
              hasName("::std::basic_string"))))),
          hasArgument(1, ignoringImplicit(cxxMemberCallExpr(
                             callee(cxxMethodDecl(hasName("substr")))))),
          unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("substr-assign"),
      this);
}

/// Why the assignment gets no replacement; empty when it does.
static std::string whyNoFix(const FreshAssignment &Facts) {
  if (!Facts.IsStatement)
    return "the assignment is part of a larger expression, where no "
           "statement can take its place";
  if (!Facts.TargetIsPlain || Facts.TargetText.empty())
    return "'" + Facts.TargetText +
           "' is reached through a call or a macro; naming it again could "
           "reach another object";
  // The assignment destroys the old elements front to back; popping a
  // stack destroys them top (back) first.
  if (Facts.Shape == FreshShape::Stack &&
      Facts.Element.isDestructedType() != QualType::DK_none)
    return "popping the stack destroys its elements from the top, the "
           "assignment from the bottom: their destructors would run in the "
           "other order";
  return "";
}

std::optional<ResetByAssignmentCheck::Occasion>
ResetByAssignmentCheck::occasionOf(const CXXOperatorCallExpr &Assign,
                                   ASTContext &Ctx) {
  std::optional<Repetition> Where = findRepetition(Assign, Ctx);
  if (!Where || Where->Function->isDependentContext() ||
      ColdFunctions.isCold(*Where->Function) ||
      (Where->Loop && ColdFunctions.isColdLoop(*Where->Loop)))
    return std::nullopt;
  ProfileAnchor Anchor{Assign.getSourceRange(), Where->Function};
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchor, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return std::nullopt;
  if (!Where->Loop && !OutsideLoops && !Profiles.isHot(Measured))
    return std::nullopt;
  return Occasion{*Where, Measured};
}

void ResetByAssignmentCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  const auto *Assign = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("assign");
  if (!Assign)
    Assign = Result.Nodes.getNodeAs<CXXOperatorCallExpr>("substr-assign");
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Assign->getBeginLoc();
  if (Loc.isInvalid() || Loc.isMacroID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return;
  if (Result.Nodes.getNodeAs<CXXOperatorCallExpr>("substr-assign")) {
    if (std::optional<SubstringAssignment> Facts =
            selfSubstringAssignment(*Assign, Ctx))
      reportSubstring(*Facts, Ctx);
    return;
  }
  // Only libstdc++'s deque allocates when it is built empty.
  if (TargetStl.resolve(PP) != StlFlavor::LibStdCxx)
    return;
  std::optional<FreshAssignment> Facts = freshDequeAssignment(*Assign, Ctx);
  if (!Facts)
    return;
  std::optional<Occasion> When = occasionOf(*Assign, Ctx);
  if (!When)
    return;
  const Repetition *Where = &When->Where;
  const std::optional<Measurement> &Measured = When->Measured;

  bool Deque = Facts->Shape == FreshShape::Deque;
  std::string NoFix = whyNoFix(*Facts);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  std::string Type =
      Facts->Target->getType().getUnqualifiedType().getAsString(Policy);
  {
    auto Diag =
        diag(Loc, "assigning a new %0 to '%1' allocates "
                  "%select{on every iteration|on every call}2: on "
                  "libstdc++ a new deque allocates its map and first "
                  "block, and the move assignment another pair; "
                  "%select{clear()|popping it empty}3 allocates nothing "
                  "and keeps the memory it has")
        << Type << Facts->TargetText << (Where->Loop ? 0 : 1)
        << (Deque ? 0 : 1);
    if (NoFix.empty()) {
      std::string Replacement = Deque ? Facts->TargetText + ".clear()"
                                      : "while (!" + Facts->TargetText +
                                            ".empty()) " + Facts->TargetText +
                                            ".pop()";
      Diag << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Facts->Statement->getSourceRange()),
          Replacement);
    }
  }
  if (Where->Loop)
    diag(Where->Loop->getBeginLoc(),
         "this loop runs the assignment on every iteration",
         DiagnosticIDs::Note);
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, Loc, SM, [&](const Measurement &M) {
            return describeNoAllocation(Facts->TargetText, M,
                                        Deque ? "clear()" : "popping it empty");
          }))
    diag(Loc, "%0", DiagnosticIDs::Note) << *Note;
  if (!NoFix.empty())
    diag(Loc, "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

void ResetByAssignmentCheck::reportSubstring(const SubstringAssignment &Facts,
                                             ASTContext &Ctx) {
  std::optional<Occasion> When = occasionOf(*Facts.Assign, Ctx);
  if (!When)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // Without a profile, a loop that cuts a string it keeps across iterations
  // is consuming a text, whose rest is long; a string declared in the
  // iteration is cut once in its life, like code outside a loop, and
  // mostly holds one short piece.
  bool Profiled = When->Measured && When->Measured->Covered;
  const Stmt *Loop = When->Where.Loop;
  if (!Profiled && !OutsideLoops && Loop && isa<VarDecl>(Facts.Object) &&
      SM.isPointWithin(Facts.Object->getLocation(), Loop->getBeginLoc(),
                       Loop->getEndLoc()))
    return;
  SourceLocation Loc = Facts.Assign->getBeginLoc();
  std::string Replacement = assignReplacement(Facts, getLangOpts());
  std::string NoFix;
  // assign() keeps the capacity the assignment gives up; code that asks
  // for it would see another value. A local is asked in its function; a
  // member or a global anywhere in the unit.
  const auto *Var = dyn_cast<VarDecl>(Facts.Object);
  bool Local = Var && Var->hasLocalStorage();
  if (Replacement.empty())
    NoFix = "a macro writes part of the assignment";
  else if (Local ? capacityRead(Facts.Object, When->Where.Function->getBody())
                 : capacityRead(Facts.Object, Ctx))
    NoFix = "the code asks for '" + Facts.TargetText +
            "'.capacity(), which assign() leaves as it was";
  {
    auto Diag = diag(Loc, "assigning to '%0' a substring of itself allocates "
                          "%select{on every iteration|on every call}1 once "
                          "the substring passes the inline buffer: it is "
                          "built as a new string; assign() copies it into "
                          "the memory '%0' has")
                << Facts.TargetText << (When->Where.Loop ? 0 : 1);
    if (NoFix.empty())
      Diag << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Facts.Assign->getSourceRange()),
          Replacement);
  }
  if (When->Where.Loop)
    diag(When->Where.Loop->getBeginLoc(),
         "this loop runs the assignment on every iteration",
         DiagnosticIDs::Note);
  if (std::optional<std::string> Note = Profiles.measuredNote(
          When->Measured, Loc, SM, [&](const Measurement &M) {
            return describeNoAllocation(Facts.TargetText + ".substr()", M,
                                        "assign()");
          }))
    diag(Loc, "%0", DiagnosticIDs::Note) << *Note;
  if (!NoFix.empty())
    diag(Loc, "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

} // namespace clang::tidy::alloc
