//===--- LastUseCopyCheck.cpp ---------------------------------------------===//
//
// for (...) { std::string Line = ...; ...; Lines.push_back(Line); } copies
// Line's characters into a new buffer for the vector, then frees Line's own
// buffer at the end of the iteration: two allocations where one would do.
// When nothing reads Line after the copy, std::move(Line) hands its buffer
// to the vector. The check reports such a copy (a push into a standard
// container, a copy construction or assignment, a by-value argument) of a
// local whose copy allocates where a heapcount profile shows the statement
// is hot; with WithoutProfile, also where a loop repeats it with a fresh
// local (and with OutsideLoops, anywhere). The fix-it writes std::move.
//
//===----------------------------------------------------------------------===//

#include "checks/LastUseCopyCheck.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/decisions/LastUseCopies.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

LastUseCopyCheck::LastUseCopyCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      ColdFunctions(*this, Options, Name),
      WithoutProfile(
          readBoolOption(*this, Options, Name, "WithoutProfile", false)),
      OutsideLoops(
          readBoolOption(*this, Options, Name, "OutsideLoops", false)) {
  Profiles.read(*this, Options, Name);
}

void LastUseCopyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "WithoutProfile", WithoutProfile);
  Options.store(Opts, "OutsideLoops", OutsideLoops);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  ColdFunctions.store(Options, Opts);
  Profiles.store(Options, Opts);
}

void LastUseCopyCheck::registerPPCallbacks(const SourceManager &SM,
                                           Preprocessor *PP,
                                           Preprocessor *ModuleExpanderPP) {
  Errors.startParsing(PP->getDiagnostics());
  Inserter.registerPreprocessor(PP);
}

void LastUseCopyCheck::registerMatchers(MatchFinder *Finder) {
  using namespace alloc_tidy::matchers;
  // The cheap tests first: every construction, assignment and member call
  // of the unit meets them.
  Finder->addMatcher(cxxConstructExpr(constructsByCopy(),
                                      hasArgument(0, namesLocalVariable()),
                                      unless(isExpansionInSystemHeader()))
                         .bind("copy"),
                     this);
  Finder->addMatcher(cxxOperatorCallExpr(callsCopyAssignment(),
                                         hasArgument(1, namesLocalVariable()),
                                         unless(isExpansionInSystemHeader()))
                         .bind("copy"),
                     this);
  Finder->addMatcher(cxxMemberCallExpr(hasAnyArgument(namesLocalVariable()),
                                       unless(isExpansionInSystemHeader()))
                         .bind("copy"),
                     this);
}

void LastUseCopyCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *E = Result.Nodes.getNodeAs<Expr>("copy");
  std::optional<LocalCopy> Copy = copiedLocal(*E, Ctx);
  if (!Copy || Copy->Use->getBeginLoc().isMacroID())
    return;
  std::optional<Repetition> Where = findRepetition(*E, Ctx);
  if (!Where || Where->Function->isDependentContext() ||
      Where->Function->getTemplateInstantiationPattern() ||
      ColdFunctions.isCold(*Where->Function))
    return;
  std::string Why = whyNotLastUse(*Copy, Ctx);
  if (!Why.empty())
    return;
  ProfileAnchor Anchor{E->getSourceRange(), Where->Function};
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchor, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  bool MeasuredHot = Profiles.isHot(Measured);
  if (!MeasuredHot && !(WithoutProfile && (Where->Loop || OutsideLoops)))
    return;

  const std::string Name = Copy->Var->getNameAsString();
  SourceLocation At = Copy->Use->getBeginLoc();
  {
    auto Diag = diag(At, "'%0' is copied by %1 on its last use%select{ on "
                         "every iteration|}2; std::move would hand its "
                         "buffer over instead of allocating a copy")
                << Name << Copy->By << (Where->Loop ? 0 : 1);
    Diag << FixItHint::CreateReplacement(Copy->Use->getSourceRange(),
                                         "std::move(" + Name + ")");
    Diag << Inserter.createIncludeInsertion(
        SM.getFileID(SM.getExpansionLoc(At)), "<utility>");
  }
  if (Where->Loop) {
    countIterations(*Where, blockStatementOf(E, Ctx), Ctx);
    diag(Where->Loop->getBeginLoc(),
         "this loop %select{can run|runs}0 it on every iteration, with a "
         "new '%1'",
         DiagnosticIDs::Note)
        << (Where->EveryIteration ? 1 : 0) << Name;
  }
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, At, SM, [&](const Measurement &M) {
            return describeStatement(M);
          }))
    diag(At, "%0", DiagnosticIDs::Note) << *Note;
}

} // namespace clang::tidy::alloc
