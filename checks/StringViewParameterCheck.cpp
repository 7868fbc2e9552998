//===--- StringViewParameterCheck.cpp -------------------------------------===//
//
// checkName(Name, "abcdefghijklmnopqrstuvwxyz_0123456789") for a parameter
// 'const std::string &Allowed' builds a std::string from the characters on
// every call, allocating when they pass the inline buffer, only for the
// callee to search it. When the callee only reads the parameter in ways a
// std::string_view serves with the same meaning, and every call passes
// characters or a string, the parameter can be a view and the calls copy
// nothing.
//
// The check collects what the unit does with every function that takes a
// const std::basic_string &, records it for alloc-run's whole-program run,
// and at the end of the unit judges the functions it defines, in the main
// file or in a header (each unit that calls a header's function judges it).
// Without a profile it reports a parameter whose building calls a loop
// runs; with one, wherever they are hot. The fix-it changes every
// declaration; it needs every call of every unit (the whole program's
// records) unless only this unit can call the function.
//
//===----------------------------------------------------------------------===//

#include "checks/StringViewParameterCheck.h"
#include "checks/OptionValues.h"
#include "lib/analysis/decisions/CopiedParameters.h"
#include "lib/analysis/decisions/ViewParameterPlan.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/ParameterFills.h"
#include "lib/analysis/facts/RecordAbi.h"
#include "lib/analysis/facts/Repetition.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/StringFacts.h"
#include "lib/analysis/facts/TemporaryArguments.h"
#include "lib/analysis/facts/ViewParameters.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

namespace {

/// A function with a const std::basic_string & parameter
/// (constStringReference): one test per reference, where nested matchers ran a
/// dozen per parameter on every reference to a function.
bool takesConstString(const Decl *D) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(D);
  return F && llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
           return constStringReference(P->getType()) != nullptr;
         });
}

AST_MATCHER(DeclRefExpr, refersToConstStringTaker) {
  return takesConstString(Node.getDecl());
}

AST_MATCHER(MemberExpr, namesConstStringTaker) {
  return takesConstString(Node.getMemberDecl());
}

AST_MATCHER(FunctionDecl, takesConstStringReference) {
  return takesConstString(&Node);
}

} // namespace

StringViewParameterCheck::StringViewParameterCheck(StringRef Name,
                                                   ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TargetStl(*this, Options, Name),
      ColdFunctions(*this, Options, Name),
      OutsideLoops(readBoolOption(*this, Options, Name, "OutsideLoops", false)),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      WholeProgram(*this, Options, Name, Inserter.getStyle(),
                   areDiagsSelfContained()) {
  Profiles.read(*this, Options, Name);
}

void StringViewParameterCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OutsideLoops", OutsideLoops);
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  Profiles.store(Options, Opts);
  WholeProgram.store(Options, Opts);
}

void StringViewParameterCheck::registerPPCallbacks(
    const SourceManager &SM, Preprocessor *PP, Preprocessor *ModuleExpanderPP) {
  this->PP = PP;
  Errors.startParsing(PP->getDiagnostics());
  Inserter.registerPreprocessor(PP);
  WholeProgram.registerPreprocessor(PP);
}

void StringViewParameterCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(declRefExpr(refersToConstStringTaker()).bind("reference"),
                     this);
  Finder->addMatcher(memberExpr(namesConstStringTaker()).bind("reference"),
                     this);
  Finder->addMatcher(
      functionDecl(takesConstStringReference(), isExpansionInMainFile())
          .bind("declared"),
      this);
  // A template's call not resolved yet: its instantiations may pass
  // anything.
  // One matcher per kind: the finder then asks only those nodes, where
  // expr(anyOf(...)) was asked of every expression.
  Finder->addMatcher(unresolvedLookupExpr().bind("unresolved"), this);
  Finder->addMatcher(unresolvedMemberExpr().bind("unresolved"), this);
}

void StringViewParameterCheck::check(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (const auto *Ref = Result.Nodes.getNodeAs<Expr>("reference")) {
    const ValueDecl *D = isa<DeclRefExpr>(Ref)
                             ? cast<DeclRefExpr>(Ref)->getDecl()
                             : cast<MemberExpr>(Ref)->getMemberDecl();
    // The standard library's functions cannot change: no record of them.
    if (const auto *F = dyn_cast<FunctionDecl>(D);
        F && !Result.SourceManager->isInSystemHeader(F->getLocation()))
      Functions[F->getCanonicalDecl()].References.push_back(Ref);
    return;
  }
  if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("declared")) {
    Functions[F->getCanonicalDecl()];
    return;
  }
  const auto *Lookup = Result.Nodes.getNodeAs<OverloadExpr>("unresolved");
  if (!Lookup)
    return;
  for (const NamedDecl *D : Lookup->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D->getUnderlyingDecl());
    if (F && !Result.SourceManager->isInSystemHeader(F->getLocation()) &&
        llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
          return constStringReference(P->getType()) != nullptr;
        }))
      Functions[F->getCanonicalDecl()].Unresolved = true;
  }
}

void StringViewParameterCheck::onEndOfTranslationUnit() {
  if (Ctx && !Errors.occurred(Ctx->getDiagnostics()))
    for (const auto &[F, U] : Functions)
      judge(*F, U);
  Functions.clear();
  Profiles.endTranslationUnit();
  Ctx = nullptr;
}

std::vector<StringViewParameterCheck::Site>
StringViewParameterCheck::buildingSites(const ViewParameterCalls &Calls,
                                        const FunctionDecl &Callee) {
  std::vector<Site> Sites;
  // A function that reports an error: its calls are the error path.
  if (ColdFunctions.isColdCall(Callee))
    return Sites;
  for (const Expr *Argument : Calls.Building) {
    std::optional<Repetition> Where = findRepetition(*Argument, *Ctx);
    if (!Where || ColdFunctions.isCold(*Where->Function))
      continue;
    // Right before the loop is left (return f("..."), or a break after
    // it): once per run of the loop.
    bool InLoop = Where->Loop && !ColdFunctions.isColdLoop(*Where->Loop) &&
                  !leavesLoopAfter(*Argument, *Where->Loop, *Ctx);
    Sites.push_back({Argument, Where->Function, InLoop});
  }
  return Sites;
}

void StringViewParameterCheck::judge(const FunctionDecl &F, const Uses &U) {
  ASTContext &C = *Ctx;
  const SourceManager &SM = C.getSourceManager();
  std::string Key = viewParameterKey(F);
  const FunctionDecl *Definition = F.getDefinition();
  bool Candidate =
      C.getLangOpts().CPlusPlus17 && Definition &&
      Definition->doesThisDeclarationHaveABody() &&
      !SM.isInSystemHeader(SM.getExpansionLoc(Definition->getLocation())) &&
      !Definition->getLocation().isMacroID() &&
      viewFunctionSilence(*Definition).empty();
  for (unsigned Index = 0; Index < F.getNumParams(); ++Index) {
    const ClassTemplateSpecializationDecl *String =
        constStringReference(F.getParamDecl(Index)->getType());
    if (!String)
      continue;
    uint64_t CharSize = C.getTypeSizeInChars(charTypeOf(*String)).getQuantity();
    ViewParameterCalls Calls = viewParameterCalls(
        Index, U.References,
        stringInlineCapacityOrLargest(TargetStl.resolve(PP), CharSize), C);
    if (U.Unresolved && Calls.Fits) {
      Calls.Fits = false;
      Calls.Why = "a template calls it through a lookup resolved only when "
                  "instantiated";
    }
    std::vector<Site> Sites = buildingSites(Calls, F);
    if (!Key.empty() && WholeProgram.recordsFacts()) {
      ViewArgumentRecord Record{
          Key, declarationFiles(F, SM), {}, Index, Calls.Fits};
      for (const Site &S : Sites) {
        if (std::optional<CodeSpan> Span =
                codeSpanOf(S.Argument->getSourceRange(), SM))
          Record.Building.push_back(std::move(*Span));
        Record.BuildingInLoop = Record.BuildingInLoop || S.InLoop;
      }
      WholeProgram.recordViewArguments(Record, SM);
    }
    // A parameter whose one use copies it into storage that outlives the
    // call is alloc-copied-parameter's: a view would still copy the
    // characters there, while taken by value and moved, the temporary built
    // from them becomes the stored string, and so does a std::string one.
    if (Candidate && viewParameterSilence(*Definition, Index, C).empty() &&
        !parameterCopy(*Definition, Index, C).Silent.empty())
      report(*Definition, Index, Calls, Sites);
  }
}

void StringViewParameterCheck::report(const FunctionDecl &Definition,
                                      unsigned Index,
                                      const ViewParameterCalls &Calls,
                                      llvm::ArrayRef<Site> Sites) {
  ASTContext &C = *Ctx;
  SourceManager &SM = C.getSourceManager();
  std::string Key = viewParameterKey(Definition);
  // Only this unit can call a function of internal linkage.
  if (Sites.empty() && (Key.empty() || ColdFunctions.isColdCall(Definition)))
    return;
  WholeProgramOption::ViewRecords Records;
  if (!Key.empty())
    Records = WholeProgram.viewRecords(Key, Index, SM);
  // The calls of other units that build a string, as their records say.
  std::vector<SourceRange> Elsewhere;
  if (Records.Record)
    for (const CodeSpan &Span : Records.Record->Building) {
      if (llvm::any_of(Sites, [&](const Site &S) {
            return codeSpanOf(S.Argument->getSourceRange(), SM) == Span;
          }))
        continue;
      if (SourceRange Range = rangeOf(Span, SM); Range.isValid())
        Elsewhere.push_back(Range);
    }
  if (Sites.empty() && Elsewhere.empty())
    return;
  std::vector<ProfileAnchor> Anchors;
  for (const Site &S : Sites)
    Anchors.emplace_back(S.Argument->getSourceRange(), S.Function);
  for (SourceRange Range : Elsewhere)
    Anchors.emplace_back(Range, nullptr);
  std::optional<Measurement> Measured = Profiles.measureAnything(Anchors, C);
  if (Measured && Profiles.isCold(*Measured))
    return;
  bool InLoop = llvm::any_of(Sites, [](const Site &S) { return S.InLoop; }) ||
                (!Elsewhere.empty() && Records.Record->BuildingInLoop);
  if (!InLoop && !OutsideLoops && !Profiles.isHot(Measured))
    return;

  const ParmVarDecl *Param = Definition.getParamDecl(Index);
  const ClassTemplateSpecializationDecl *String =
      constStringReference(Param->getType());
  ViewCallersElsewhere Callers;
  Callers.DeclarationFiles = declarationFiles(Definition, SM);
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    Callers.MainFile = realPathOf(Main->getName());
  Callers.OnlyThisUnit = Key.empty();
  Callers.WholeProgram = Records.WholeProgram;
  Callers.Everywhere = Records.Record;
  Callers.EveryUnitHasViews = Records.EveryUnitCxx17;
  std::string NoFix = viewCallersVerdict(Calls, Callers);
  if (NoFix.empty())
    NoFix = libraryFunctionReason(Definition, C);
  if (NoFix.empty())
    NoFix = publicFunctionReason(Definition, C);
  ViewParameterPlan Plan = planViewParameter(Definition, Index, C);
  if (NoFix.empty())
    NoFix = Plan.NoFix;
  std::string ViewType = Plan.ViewType;
  if (ViewType.empty()) {
    StringRef Alias = standardAlias(charTypeOf(*String));
    ViewType = Alias.empty() ? std::string("std::basic_string_view")
                             : ("std::" + Alias + "_view").str();
  }

  uint64_t CharSize = C.getTypeSizeInChars(charTypeOf(*String)).getQuantity();
  uint64_t Capacity =
      stringInlineCapacityOrLargest(TargetStl.resolve(PP), CharSize);
  SourceLocation At = SM.getFileLoc(Param->getLocation());
  auto Count = static_cast<unsigned>(Sites.size() + Elsewhere.size());
  std::string Name = Param->getNameAsString();
  {
    auto Diag =
        diag(At, "'%0' only reads '%1', yet %select{a call builds|%3 calls "
                 "build}2 a %4 from characters for it on every call, "
                 "allocating past %5 characters; a '%6' parameter would take "
                 "the characters without a copy")
        << Definition.getName() << Name << (Count == 1 ? 0 : 1) << Count
        << stringTypeName(*String, C) << static_cast<unsigned>(Capacity)
        << ViewType;
    if (NoFix.empty()) {
      for (const TextEdit &Edit : Plan.Edits)
        Diag << FixItHint::CreateReplacement(Edit.Range, Edit.Text);
      for (FileID File : Plan.Files)
        Diag << Inserter.createIncludeInsertion(File, "<string_view>");
    }
  }
  for (const Site &S : Sites.take_front(3))
    diag(SM.getFileLoc(S.Argument->getBeginLoc()),
         "the string is built here%select{| on every iteration of a loop}0",
         DiagnosticIDs::Note)
        << (S.InLoop ? 1 : 0);
  for (SourceRange Range : llvm::ArrayRef(Elsewhere).take_front(
           Sites.size() < 3 ? 3 - Sites.size() : 0))
    diag(Range.getBegin(), "the string is built here, in another unit",
         DiagnosticIDs::Note);
  SourceLocation First =
      Sites.empty() ? Elsewhere.front().getBegin()
                    : SM.getFileLoc(Sites.front().Argument->getBeginLoc());
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, First, SM, [&](const Measurement &M) {
            return describeNoAllocation(Name, M,
                                        "a '" + ViewType + "' parameter");
          }))
    diag(First, "%0", DiagnosticIDs::Note) << *Note;
  if (!NoFix.empty())
    diag(At, "no fix-it: %0", DiagnosticIDs::Note) << NoFix;
}

} // namespace clang::tidy::alloc
