//===--- TemporaryArgumentCheck.cpp ---------------------------------------===//
//
// expect({"name", "type"}, X) with a const std::vector<std::string> &
// parameter builds a vector and its strings, passes them by reference and
// frees them, on every call; so does log("a message longer than the inline
// buffer") for a const std::string &. When the argument is built from
// constants only, one 'static const' object built the first time the
// statement runs holds the same value for every call, and the callee, which
// can only read it, cannot tell the difference.
//
// Without a profile the check reports such an argument only inside a loop
// (or anywhere, with OutsideLoops); a heapcount profile that measured the
// argument's allocations reports it wherever it is hot. The fix-it declares
// the object, named after the parameter, right before the statement.
//
//===----------------------------------------------------------------------===//

#include "checks/TemporaryArgumentCheck.h"
#include "checks/OptionValues.h"
#include "checks/ProfileEvidenceLog.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "lib/analysis/decisions/StaticRank.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/StringFacts.h"
#include "lib/analysis/facts/TemporaryArguments.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <cctype>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

TemporaryArgumentCheck::TemporaryArgumentCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TargetStl(*this, Options, Name),
      ColdFunctions(*this, Options, Name),
      OutsideLoops(readBoolOption(*this, Options, Name, "OutsideLoops", false)),
      AllocationsBeside(
          readCountOption(*this, Options, Name, "AllocationsBeside", 4)) {
  Profiles.read(*this, Options, Name);
}

void TemporaryArgumentCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OutsideLoops", OutsideLoops);
  Options.store(Opts, "AllocationsBeside", AllocationsBeside);
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
  Profiles.store(Options, Opts);
}

void TemporaryArgumentCheck::registerMatchers(MatchFinder *Finder) {
  // The standard classes, and the program's classes that hold them, are
  // filtered by the analysis; instantiations are skipped in check() (an
  // ancestor matcher would build the parent map).
  Finder->addMatcher(
      materializeTemporaryExpr(
          hasType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
              cxxRecordDecl(anyOf(isInStdNamespace(), has(fieldDecl()))))))))
          .bind("temporary"),
      this);
}

/// Whether \p Function is, or is nested in, an instantiation of a template:
/// code of a template is judged nowhere (its instantiations may differ).
static bool isInInstantiation(const FunctionDecl &Function) {
  for (const DeclContext *DC = &Function; DC; DC = DC->getParent()) {
    if (const auto *F = dyn_cast<FunctionDecl>(DC);
        F && F->getTemplateInstantiationPattern())
      return true;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC);
        Spec && !Spec->isExplicitSpecialization())
      return true;
  }
  return false;
}

/// "3 constant elements", "37 constant characters".
static std::string builtFrom(const ConstantTemporaryArgument &Facts) {
  uint64_t N = Facts.Size.value_or(0);
  std::string Size = std::to_string(N);
  if (Facts.IsString)
    return Size + (N == 1 ? " constant character" : " constant characters");
  return Size + (N == 1 ? " constant element" : " constant elements");
}

bool TemporaryArgumentCheck::stringAllocates(uint64_t Length,
                                             uint64_t CharSize) const {
  return Length >
         stringInlineCapacityOrLargest(TargetStl.resolve(PP), CharSize);
}

std::optional<Repetition>
TemporaryArgumentCheck::repeatedPlace(const MaterializeTemporaryExpr &Temporary,
                                      const FunctionDecl &Callee,
                                      ASTContext &Ctx) {
  std::optional<Repetition> Where = findRepetition(Temporary, Ctx);
  if (!Where || isInInstantiation(*Where->Function) ||
      Where->Function->isDependentContext() ||
      ColdFunctions.isCold(*Where->Function) ||
      ColdFunctions.isColdCall(Callee) ||
      (Where->Loop && ColdFunctions.isColdLoop(*Where->Loop)))
    return std::nullopt;
  return Where;
}

void TemporaryArgumentCheck::noteLoop(Repetition &Where,
                                      const MaterializeTemporaryExpr &Temporary,
                                      ASTContext &Ctx) {
  countIterations(Where, blockStatementOf(&Temporary, Ctx), Ctx);
  if (Where.Times)
    diag(Where.Loop->getBeginLoc(),
         "this loop runs it %0 times, allocating each time",
         DiagnosticIDs::Note)
        << std::to_string(*Where.Times);
  else
    diag(Where.Loop->getBeginLoc(),
         "this loop %select{can run|runs}0 it on every iteration",
         DiagnosticIDs::Note)
        << (Where.EveryIteration ? 1 : 0);
}

void TemporaryArgumentCheck::reportRebuiltString(
    const MaterializeTemporaryExpr &Temporary,
    const RebuiltStringArgument &Facts, ASTContext &Ctx) {
  std::optional<Repetition> Where =
      repeatedPlace(Temporary, *Facts.Call.Callee, Ctx);
  if (!Where)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  ProfileAnchor Anchor{Facts.Argument->getSourceRange(), Where->Function};
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchor, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  bool MeasuredHot =
      Measured && Measured->Covered &&
      Measured->Allocations >= std::max<uint64_t>(1, Profiles.minAllocations());
  if (Where->Loop && leavesLoopAfter(*Facts.Argument, *Where->Loop, Ctx))
    Where->Loop = nullptr;
  if (!Where->Loop && !OutsideLoops && !MeasuredHot)
    return;
  StaticEstimate Estimate = estimateStatically(Temporary, Ctx);
  if (!MeasuredHot &&
      isCrowdedSaving(Temporary, *Where, AllocationsBeside, Estimate, Ctx))
    return;

  std::string Source = spellSource(Facts, Ctx);
  std::string NoFix = Facts.NoFix;
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Facts.Argument->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (NoFix.empty() && (Source.empty() || Range.isInvalid()))
    NoFix = "the argument is written by a macro";
  std::string Named = Source.empty() ? "the string" : "'" + Source + "'";
  std::string Type = stringTypeName(*basicString(Temporary.getType()), Ctx);
  SourceLocation At = SM.getFileLoc(Facts.Argument->getBeginLoc());
  {
    auto Diag = diag(At, "the temporary %0 passed to '%1' copies %2 through "
                         "%3() %select{on every iteration|on every call}4, "
                         "allocating each time it is longer than the inline "
                         "buffer; %2 itself binds the parameter without a "
                         "copy")
                << Type << Facts.Call.Callee->getNameAsString() << Named
                << Facts.Accessor << (Where->Loop ? 0 : 1);
    if (NoFix.empty())
      Diag << FixItHint::CreateReplacement(Range, Source);
  }
  logStaticRank(getID(), At, Estimate, SM);
  if (Where->Loop)
    noteLoop(*Where, Temporary, Ctx);
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, At, SM, [&](const Measurement &M) {
            return describeStringCopies(Named, M,
                                        "passing " + Named + " itself");
          }))
    diag(At, "%0", DiagnosticIDs::Note) << *Note;
  if (!NoFix.empty())
    diag(At, "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

void TemporaryArgumentCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  const auto *Temporary =
      Result.Nodes.getNodeAs<MaterializeTemporaryExpr>("temporary");
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Temporary->getBeginLoc();
  // Written by a macro's body, or in a system header: not the user's to fix.
  if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)) ||
      (Loc.isMacroID() && SM.isMacroBodyExpansion(Loc)))
    return;
  if (std::optional<RebuiltStringArgument> Rebuilt =
          rebuiltStringArgument(*Temporary, Ctx)) {
    reportRebuiltString(*Temporary, *Rebuilt, Ctx);
    return;
  }
  std::optional<ConstantTemporaryArgument> Facts =
      constantTemporaryArgument(*Temporary, Ctx);
  if (!Facts || !Facts->Size || *Facts->Size == 0)
    return;
  if (Facts->IsString && !stringAllocates(*Facts->Size, Facts->CharSize))
    return;
  // "--format", "-o": a command-line option, looked up while the arguments
  // are parsed, once per run.
  if (Facts->IsString)
    if (std::optional<LiteralInit> Init = literalInit(Facts->Construction);
        Init && Init->Literal && Init->Literal->isOrdinary()) {
      StringRef Text = Init->Literal->getString();
      if (Text.size() >= 2 && Text[0] == '-' &&
          (isalpha(static_cast<unsigned char>(Text[1])) ||
           (Text[1] == '-' && Text.size() >= 3 &&
            isalpha(static_cast<unsigned char>(Text[2])))))
        return;
    }
  // std::string("...") written out is alloc-small-string's finding.
  if (Facts->IsString && Facts->Spelled && !Facts->Holder)
    return;
  std::optional<Repetition> Where =
      repeatedPlace(*Temporary, *Facts->Call.Callee, Ctx);
  if (!Where)
    return;

  std::string Parameter =
      Facts->Call.Callee->getParamDecl(Facts->Call.Index)->getNameAsString();
  std::string What = Parameter.empty() ? std::string("the temporary argument")
                                       : "the argument for '" + Parameter + "'";
  // A class of the program allocates in its constructor, which the profile
  // names with the argument as its caller.
  llvm::SmallVector<ProfileAnchor, 2> Anchors = {
      {Facts->Argument->getSourceRange(), Where->Function}};
  if (Facts->HolderConstructor)
    Anchors.push_back({Facts->HolderConstructor->getSourceRange(),
                       Facts->HolderConstructor,
                       Facts->Argument->getSourceRange()});
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchors, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  // Built once, the object still makes one construction's allocations: a
  // vector or string allocates once per construction, which counts them;
  // for a node-based container, each site counts at least once.
  uint64_t Kept = Measured ? Measured->Sites.size() : 0;
  QualType Built = Facts->Holder ? Facts->Holder->getType() : Facts->Parameter;
  if (Measured && Measured->Allocations > 0)
    if (std::optional<Measurement> Own =
            Profiles.measureContainer(Built, Anchors, Ctx);
        Own && Own->Allocations > 0)
      Kept = (Measured->Allocations + Own->Allocations - 1) / Own->Allocations;
  // Built once in each process that runs the code.
  uint64_t KeptInAll = Measured ? keptInEachProcess(*Measured, Kept) : 0;
  uint64_t Saved = Measured && Measured->Allocations > KeptInAll
                       ? Measured->Allocations - KeptInAll
                       : 0;
  bool MeasuredHot = Measured && Measured->Covered &&
                     Saved >= std::max<uint64_t>(1, Profiles.minAllocations());
  // Built right before leaving the loop (return f({...}), or a break after
  // it): once per run of the loop, as in a function without one.
  if (Where->Loop && leavesLoopAfter(*Facts->Argument, *Where->Loop, Ctx))
    Where->Loop = nullptr;
  if (!Where->Loop && !OutsideLoops && !MeasuredHot)
    return;
  StaticEstimate Estimate = estimateStatically(*Temporary, Ctx);
  if (!MeasuredHot &&
      isCrowdedSaving(*Temporary, *Where, AllocationsBeside, Estimate, Ctx))
    return;

  StaticArgumentPlan Plan = planStaticArgument(
      *Facts, *Where->Function, NamesTaken[Where->Function], Ctx);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  const auto *String =
      Facts->IsString ? basicString(Facts->Parameter) : nullptr;
  std::string Type = String ? stringTypeName(*String, Ctx)
                            : Facts->Parameter.getAsString(Policy);
  std::string Callee = Facts->Call.Callee->getNameAsString();
  // An argument of a macro is reported where it is written.
  SourceLocation At = SM.getFileLoc(Facts->Argument->getBeginLoc());
  {
    auto Diag =
        diag(At,
             "the temporary %0 passed to '%1' is built from %2 "
             "%select{on every iteration|on every call}3, allocating each "
             "time; a 'static const' object built once would serve every call")
        << Type << Callee << builtFrom(*Facts) << (Where->Loop ? 0 : 1);
    if (Plan.NoFix.empty())
      Diag << FixItHint::CreateInsertion(Plan.InsertAt, Plan.Declaration)
           << FixItHint::CreateReplacement(Plan.ArgumentRange, Plan.Name);
  }
  logStaticRank(getID(), At, Estimate, SM);
  if (Facts->Holder)
    diag(Facts->Holder->getLocation(),
         "'%0' holds them in its member '%1', which allocates when it is built",
         DiagnosticIDs::Note)
        << Type << Facts->Holder->getName();
  if (Where->Loop)
    noteLoop(*Where, *Temporary, Ctx);
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, At, SM, [&](const Measurement &M) {
            return describeBuiltOnce(
                What, M, "a 'static const' object built once", Kept);
          }))
    diag(At, "%0", DiagnosticIDs::Note) << *Note;
  if (!Plan.NoFix.empty())
    diag(At, "no fix-it: %0", DiagnosticIDs::Note) << Plan.NoFix;
}

} // namespace clang::tidy::alloc
