//===--- ContainerInLoopCheck.cpp -----------------------------------------===//
//
// A vector or string declared in a loop body starts empty on every iteration
// and allocates again as it is filled. Declared before the loop and cleared
// where it was declared, it keeps the capacity it grew to.
//
// The check follows every use of such a variable in the loop body. A use
// that hands its buffer over (a move, a swap, an assignment from another
// container) makes hoisting useless; one the analysis cannot follow (a
// non-const reference, its address) may do the same. Either keeps the check
// silent. The fix-it is offered only when the hoisted declaration means the
// same thing before the loop and nothing observable changes.
//
//===----------------------------------------------------------------------===//

#include "checks/ContainerInLoopCheck.h"
#include "checks/CompileErrors.h"
#include "checks/OptionValues.h"
#include "checks/ProfileEvidenceLog.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "lib/analysis/decisions/HoistPlan.h"
#include "lib/analysis/decisions/StaticRank.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/Guards.h"
#include "lib/analysis/facts/LoopContainerFills.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/TripCount.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <optional>
#include <string>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {
namespace {

const char DefaultVectorLikeClasses[] =
    "::boost::container::vector;::boost::container::small_vector;"
    "::llvm::SmallVector;::absl::InlinedVector";

/// How \p Call, which callRepeatedByLoop found, runs \p Function again and
/// again: "is run again and again by the call at line 87 (in a loop, or
/// recursive)" (in another file: "at parse.cpp:87").
std::string repeatedCallPhrase(const CallExpr &Call,
                               const FunctionDecl &Function,
                               const SourceManager &SM) {
  SourceLocation Loc = SM.getExpansionLoc(Call.getBeginLoc());
  std::string Line = std::to_string(SM.getExpansionLineNumber(Loc));
  bool SameFile = SM.getFileID(Loc) ==
                  SM.getFileID(SM.getExpansionLoc(Function.getLocation()));
  return "is run again and again by the call at " +
         (SameFile ? "line " + Line
                   : llvm::sys::path::filename(SM.getFilename(Loc)).str() +
                         ":" + Line) +
         " (in a loop, or recursive)";
}

} // namespace

ContainerInLoopCheck::ContainerInLoopCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      VectorLikeClasses(utils::options::parseStringList(
          Options.get("VectorLikeClasses", DefaultVectorLikeClasses))),
      ColdFunctions(*this, Options, Name),
      UnboundedStrings(
          readBoolOption(*this, Options, Name, "UnboundedStrings", false)),
      RareFills(readBoolOption(*this, Options, Name, "RareFills", false)),
      WholeProgram(*this, Options, Name, utils::IncludeSorter::IS_LLVM,
                   areDiagsSelfContained()) {
  Profiles.read(*this, Options, Name);
}

void ContainerInLoopCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "VectorLikeClasses",
                utils::options::serializeStringList(VectorLikeClasses));
  Options.store(Opts, "UnboundedStrings", UnboundedStrings);
  Options.store(Opts, "RareFills", RareFills);
  ColdFunctions.store(Options, Opts);
  Profiles.store(Options, Opts);
  WholeProgram.store(Options, Opts);
}

void ContainerInLoopCheck::registerMatchers(MatchFinder *Finder) {
  std::vector<StringRef> Names = {"::std::vector", "::std::basic_string"};
  Names.insert(Names.end(), VectorLikeClasses.begin(), VectorLikeClasses.end());
  auto ContainerType =
      alloc_tidy::matchers::isSpecializationOf(hasAnyName(Names));
  // Only non-dependent code: a pattern is judged once, for all its
  // instantiations, and instantiations are skipped. The cheap tests come
  // first: every variable and parameter of the unit meets them.
  Finder->addMatcher(varDecl(alloc_tidy::matchers::isLocalOfType(ContainerType),
                             unless(isImplicit()),
                             unless(alloc_tidy::matchers::isInstantiatedDecl()))
                         .bind("var"),
                     this);
  // What this unit's functions do with the containers handed to them, for
  // the whole-program run that asked for the records (none otherwise).
  if (WholeProgram.recordsFacts())
    Finder->addMatcher(parameterRecordsMatcher(), this);
  // Once per unit, whatever its code: with a profile, what the code at its
  // sites does (alloc-run --explain).
  Finder->addMatcher(translationUnitDecl().bind("unit"), this);
}

/// Whether a declaration can go before \p Loop: a loop of the user's own
/// code that OpenMP does not run on several threads (each iteration would
/// then need its own copy).
static bool canHoldDeclarations(const Stmt *Loop, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation LoopLoc = Loop->getBeginLoc();
  if (LoopLoc.isMacroID() || SM.isInSystemHeader(SM.getExpansionLoc(LoopLoc)))
    return false;
  DynTypedNode LoopParent =
      parentOf(DynTypedNode::create(*Loop), Ctx, /*PreferInitialization=*/true);
  return !LoopParent.get<CapturedStmt>() && !LoopParent.get<CapturedDecl>() &&
         !LoopParent.get<OMPExecutableDirective>();
}

void ContainerInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>("unit")) {
    Profiles.explainSites(Ctx);
    return;
  }
  // Code with errors has lost expressions (an unfinished 'v.swap(' is
  // dropped), so a use that keeps the buffer could go unseen.
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  if (const auto *Definition =
          Result.Nodes.getNodeAs<FunctionDecl>("definition")) {
    WholeProgram.recordParameters(*Definition, Ctx);
    return;
  }
  const auto *Var = Result.Nodes.getNodeAs<VarDecl>("var");
  // Code that only runs to report an error is not worth a change.
  if (ColdFunctions.isCold(*Var))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  QualType Type = Var->getType();
  // A variable a macro declares is the macro's business.
  if (Type.isConstQualified() || Type.isVolatileQualified() ||
      Var->isCXXForRangeDecl() || Var->getLocation().isMacroID())
    return;
  // Only a declaration statement can be moved before a loop (a condition's
  // variable cannot).
  const DeclStmt *Decl = nullptr;
  for (const DynTypedNode &Parent : alloc_tidy::parentsOf(*Var, Ctx))
    if (!Decl)
      Decl = Parent.get<DeclStmt>();
  if (!Decl)
    return;

  // The innermost loop, whose body (not its header) declares the variable.
  const Stmt *Loop = enclosingLoop(Decl, Ctx);
  if (!Loop || !isInLoopBody(Decl, Loop, Ctx))
    return;
  SourceLocation LoopLoc = Loop->getBeginLoc();
  if (!canHoldDeclarations(Loop, Ctx))
    return;
  // A loop over the command line runs a handful of times per run.
  // Declared in a block that then returns or breaks out: it is built once
  // per run of the loop, and nothing is there to keep.
  if (!isDefaultConstructed(Var) || runsAtMostOnce(Loop, Ctx) ||
      leavesLoopAfter(*Decl, *Loop, Ctx) || ColdFunctions.isColdLoop(*Loop))
    return;
  std::optional<LoopContainerShape> S = loopContainerShape(Var, Ctx);
  if (!S)
    return;
  WholeProgramOption::ParameterLookup Elsewhere =
      WholeProgram.parameterLookup(SM);
  LoopContainerUses Uses =
      judgeLoopContainerUses(Var, Loop, *S, UnboundedStrings, Ctx, &Elsewhere);
  // A string of unknown length mostly stays in its inline buffer; a profile
  // can show that this one does not.
  bool OnlyIfMeasured = false;
  if (Uses.Escape.empty() && Uses.Fills.empty() && S->IsString &&
      !UnboundedStrings && Profiles.loaded()) {
    Uses = judgeLoopContainerUses(Var, Loop, *S, /*UnboundedStrings=*/true, Ctx,
                                  &Elsewhere);
    OnlyIfMeasured = true;
  }
  if (!Uses.Escape.empty() || Uses.Fills.empty())
    return;
  // Filled only past two or more conditions (nested ifs, a chain of
  // `continue` filters): usually empty, and an empty container allocates
  // nothing.
  if (!RareFills && llvm::all_of(Uses.Fills, [&](const ContainerFill &F) {
        return alloc_tidy::conditionsSkipping(*F.Site, *loopBody(Loop), Decl,
                                              Ctx) >= 2;
      }))
    return;

  // heapcount sees the growth at the fills.
  std::optional<Measurement> Measured =
      Profiles.measureContainer(Type, fillCode(Uses.Fills, Ctx), Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  if (OnlyIfMeasured && (!Measured || Measured->Allocations == 0))
    return;

  // Hoisted above the outermost loop that can hold it: hoisted only above
  // an inner loop, it would be constructed again on every iteration of the
  // outer one, and an inner loop entered once per outer iteration would
  // reuse nothing.
  const Stmt *Target = Loop;
  HoistPlan Plan = planHoist(Var, Decl, Loop, S->Element, Ctx);
  if (Plan.NoFix.empty())
    for (const Stmt *Outer = enclosingLoop(Loop, Ctx); Outer;
         Outer = enclosingLoop(Outer, Ctx)) {
      if (!isInLoopBody(Loop, Outer, Ctx) || !canHoldDeclarations(Outer, Ctx))
        break;
      HoistPlan Wider = planHoist(Var, Decl, Outer, S->Element, Ctx);
      if (!Wider.NoFix.empty())
        break;
      Target = Outer;
      Plan = std::move(Wider);
    }
  StringRef Name = Var->getName();
  {
    auto Diag = diag(Var->getLocation(),
                     "'%0' is constructed and filled on every iteration, "
                     "allocating each time; declared before the loop and "
                     "cleared here, it would keep its capacity")
                << Name;
    if (Plan.NoFix.empty())
      Diag << FixItHint::CreateInsertion(Target->getBeginLoc(), Plan.Hoisted)
           << FixItHint::CreateReplacement(Plan.DeclRange,
                                           (Name + ".clear();").str());
  }

  // Each call of a function that runs the loop again and again starts the
  // container empty: the profile's count of calls is missing for an
  // estimate.
  const FunctionDecl *LoopFunction = enclosingFunction(Target, Ctx);
  const CallExpr *Repeated =
      Measured && Measured->Allocations > 0 && LoopFunction
          ? alloc_tidy::callRepeatedByLoop(*LoopFunction, Ctx)
          : nullptr;
  if (std::optional<std::string> Note = Profiles.measuredNote(
          Measured, Var->getLocation(), SM, [&](const Measurement &M) {
            if (!Repeated)
              return describeHoist(Name, M);
            return describeHoistPerCall(
                Name, M, LoopFunction->getName(),
                repeatedCallPhrase(*Repeated, *LoopFunction, SM));
          }))
    diag(Var->getLocation(), "%0", DiagnosticIDs::Note) << *Note;
  logStaticRank(getID(), Var->getLocation(), estimateStatically(*Loop, Ctx),
                SM);

  // The cost, when every iteration surely allocates and the count is known.
  bool EveryIteration =
      ownContinues(Loop).empty() &&
      llvm::any_of(Uses.Fills, [&](const ContainerFill &F) {
        return F.Definite &&
               runsOncePerIteration(fullStatementOf(F.Site, Ctx), Loop);
      });
  if (std::optional<TripCount> Count =
          EveryIteration ? computeTripCount(Loop, Ctx) : std::nullopt;
      Count && Count->Value)
    diag(LoopLoc,
         "this loop runs %0 times, so '%1' allocates at least %0 times; "
         "declared before it, '%1' allocates only when it outgrows its "
         "capacity",
         DiagnosticIDs::Note)
        << std::to_string(*Count->Value) << Name;
  if (Target != Loop)
    diag(Target->getBeginLoc(),
         "declared before this outer loop, '%0' keeps its capacity across "
         "its iterations too",
         DiagnosticIDs::Note)
        << Name;
  if (!Plan.NoFix.empty())
    diag(Plan.NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << Plan.NoFix;
}

} // namespace clang::tidy::alloc
