//===--- WholeProgramOption.cpp -------------------------------------------===//

#include "checks/WholeProgramOption.h"
#include "checks/OptionPaths.h"
#include "checks/OptionValues.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <cstdlib>
#include <functional>
#include <mutex>

namespace clang::tidy::alloc {

using namespace alloc_tidy;

WholeProgramOption::WholeProgramOption(ClangTidyCheck &Check,
                                       ClangTidyCheck::OptionsView &Options,
                                       StringRef CheckName,
                                       utils::IncludeSorter::IncludeStyle Style,
                                       bool SelfContainedDiags)
    : Check(Check), CheckName(CheckName.str()),
      FileOption(Options.getLocalOrGlobal("MemberFactsFile", "")),
      File(readPathOption(Check, Options, CheckName, "MemberFactsFile")),
      AccessOption(Options.getLocalOrGlobal("WholeProgramAccess", "private")),
      OutputInserter(Style, SelfContainedDiags) {
  if (std::optional<MemberAccess> Parsed =
          memberAccessNamed(StringRef(AccessOption).trim()))
    Access = *Parsed;
  else
    Check.configurationDiag("invalid value '%0' for %1; expected private, "
                            "protected or public (using private)",
                            DiagnosticIDs::Error)
        << AccessOption
        << optionName(Options, CheckName, "WholeProgramAccess", AccessOption);
  if (const char *Out = std::getenv("ALLOC_TIDY_MEMBER_FACTS_OUTPUT"))
    Output = Out;
  std::string From = File;
  // alloc-run's second analysis of a unit that wanted other units'
  // parameter records: the members stay decided as in the first.
  if (const char *Run = std::getenv("ALLOC_TIDY_MEMBER_DECISIONS");
      From.empty() && Run && *Run) {
    From = Run;
    ParametersOnly = true;
  }
  if (From.empty())
    return;
  if (llvm::Expected<MergedDecisions> Read = readMemberDecisions(From))
    Decisions = std::move(*Read);
  else
    Check.configurationDiag("%0", DiagnosticIDs::Error)
        << llvm::toString(Read.takeError());
}

void WholeProgramOption::store(ClangTidyCheck::OptionsView &Options,
                               ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "MemberFactsFile", FileOption);
  Options.store(Opts, "WholeProgramAccess", memberAccessName(Access));
}

namespace {
/// Calls back at the end of the main file, when every file of the unit is
/// known.
class AtEndOfMainFile : public PPCallbacks {
public:
  explicit AtEndOfMainFile(std::function<void()> Then)
      : Then(std::move(Then)) {}
  void EndOfMainFile() override { Then(); }

private:
  std::function<void()> Then;
};
} // namespace

void WholeProgramOption::registerPreprocessor(Preprocessor *PP) {
  OutputInserter.registerPreprocessor(PP);
  Errors.startParsing(PP->getDiagnostics());
  if (!Output.empty())
    PP->addPPCallbacks(std::make_unique<AtEndOfMainFile>(
        [this, PP] { writeUnitIdentity(*PP); }));
}

const std::vector<std::string> &WholeProgramOption::changed() {
  if (!Changed)
    Changed = Decisions ? changedFiles(*Decisions) : std::vector<std::string>();
  return *Changed;
}

bool WholeProgramOption::knows(const MemberFacts &Facts) {
  if (!Decisions || ParametersOnly)
    return false;
  const MemberDecisions &Members = Decisions->Members;
  return changed().empty() && Members.count(Facts.key());
}

/// "trim.cpp changed" or "trim.cpp, main.cpp and 3 other files changed".
static std::string describeChanges(llvm::ArrayRef<std::string> Changed) {
  std::string Text;
  for (size_t I = 0; I < Changed.size() && I < 2; ++I)
    Text += (I ? " and " : "") + llvm::sys::path::filename(Changed[I]).str();
  if (Changed.size() > 2)
    Text = llvm::sys::path::filename(Changed[0]).str() + ", " +
           llvm::sys::path::filename(Changed[1]).str() + " and " +
           std::to_string(Changed.size() - 2) + " other files";
  return Text + (Changed.size() == 1 ? " has" : " have") +
         " changed since alloc-run made it";
}

MemberDecision WholeProgramOption::decide(
    MemberFacts &Facts,
    llvm::function_ref<std::optional<Finding>(ProjectIncludeInserter &)> Render,
    SourceLocation Where, const SourceManager &SM) {
  Facts.WholeProgramAccess = Access;
  if (!Output.empty()) {
    if (Facts.Local != MemberAction::Silent)
      if (std::optional<Finding> Rendered = Render(OutputInserter))
        Facts.Finding = findingToJson(Facts.Check, *Rendered, SM);
    if (llvm::Error E = appendFactsLine(Output, toJson(Facts)))
      Check.configurationDiag("cannot write member facts to '%0': %1",
                              DiagnosticIDs::Error)
          << Output << llvm::toString(std::move(E));
  }
  if (!Decisions || ParametersOnly)
    return decideWithMerged(Facts, nullptr);
  const MemberDecisions &Members = Decisions->Members;
  if (changed().empty())
    return decideWithMerged(Facts, &Members);
  // The code is no longer what the decisions rest on: this unit decides
  // alone, and says so where the whole program's decision would differ.
  MemberDecision Own = decideWithMerged(Facts, nullptr);
  if (decideWithMerged(Facts, &Members).Action == Own.Action)
    return Own;
  std::string Stale = "the whole-program decision on '" + Facts.Member +
                      "' in '" + File + "' is stale (" +
                      describeChanges(changed()) +
                      "); this translation unit decides it alone: run "
                      "alloc-run again";
  if (Own.Action == MemberAction::Silent)
    Check.diag(Where, "%0", DiagnosticIDs::Warning) << Stale;
  else
    Own.Notes.push_back(std::move(Stale));
  return Own;
}

void WholeProgramOption::writeUnitIdentity(const Preprocessor &PP) {
  // Every member check asks; the unit is written once per process.
  static std::mutex Lock;
  static llvm::StringSet<> Written;
  UnitIdentity Unit = unitIdentityOf(PP.getSourceManager(),
                                     !Errors.occurred(PP.getDiagnostics()));
  Unit.Cxx17 = PP.getLangOpts().CPlusPlus17;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Written.insert(Output + "\n" + Unit.Unit).second)
      return;
  }
  if (llvm::Error E = appendFactsLine(Output, toJson(Unit)))
    Check.configurationDiag("cannot write member facts to '%0': %1",
                            DiagnosticIDs::Error)
        << Output << llvm::toString(std::move(E));
}

ast_matchers::DeclarationMatcher parameterRecordsMatcher() {
  using namespace ast_matchers;
  return functionDecl(isDefinition(), isExpansionInMainFile(),
                      hasAnyParameter(hasType(qualType(
                          anyOf(lValueReferenceType(), pointerType())))),
                      unless(alloc_tidy::matchers::isInstantiatedDecl()))
      .bind("definition");
}

void WholeProgramOption::recordParameters(const FunctionDecl &Definition,
                                          ASTContext &Ctx) {
  if (Output.empty())
    return;
  std::string Key = parameterKey(Definition);
  if (Key.empty())
    return;
  // Several checks record them; the unit's file once.
  static std::mutex Lock;
  static llvm::StringSet<> Recorded;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    const SourceManager &SM = Ctx.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    std::string Unit = Main ? realPathOf(Main->getName()) : "";
    if (!Recorded.insert(Output + "\n" + Unit + "\n" + Key).second)
      return;
  }
  for (const ParameterFill &P : parameterFillFacts(Definition, Ctx))
    if (llvm::Error E = appendFactsLine(Output, toJson(P)))
      Check.configurationDiag("cannot write member facts to '%0': %1",
                              DiagnosticIDs::Error)
          << Output << llvm::toString(std::move(E));
}

WholeProgramOption::ParameterLookup
WholeProgramOption::parameterLookup(const SourceManager &SM) {
  ParameterLookup Lookup;
  Lookup.Owner = this;
  const MergedDecisions *Current = Decisions ? &*Decisions : nullptr;
  if (Current && changed().empty())
    Lookup.Records = &Current->Parameters;
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    Lookup.Unit = realPathOf(Main->getName());
  return Lookup;
}

const ParameterFill *
WholeProgramOption::ParameterLookup::find(const FunctionDecl &Callee,
                                          unsigned Index) const {
  std::string Key = parameterKey(Callee);
  if (Key.empty())
    return nullptr;
  if (Records) {
    auto It = Records->find(Key + "#" + std::to_string(Index));
    if (It != Records->end())
      return &It->second;
  }
  Owner->writeWanted(Unit, Key);
  return nullptr;
}

void WholeProgramOption::writeWanted(StringRef Unit, StringRef Key) const {
  if (Output.empty() || Unit.empty())
    return;
  // Once per unit and function, whichever check asks.
  static std::mutex Lock;
  static llvm::StringSet<> Written;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Written.insert((Output + "\n" + Unit + "\n" + Key).str()).second)
      return;
  }
  if (llvm::Error E = appendFactsLine(Output, wantedParameterLine(Unit, Key)))
    Check.configurationDiag("cannot write member facts to '%0': %1",
                            DiagnosticIDs::Error)
        << Output << llvm::toString(std::move(E));
}

/// The real path of the main file of \p SM, or empty.
static std::string mainFileOf(const SourceManager &SM) {
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  return Main ? realPathOf(Main->getName()) : "";
}

void WholeProgramOption::recordViewArguments(const ViewArgumentRecord &Record,
                                             const SourceManager &SM) {
  appendOnce(("view\n" + mainFileOf(SM) + "\n" + Record.Function + "#" +
              Twine(Record.Index))
                 .str(),
             toJson(Record));
}

void WholeProgramOption::appendOnce(StringRef Key,
                                    const llvm::json::Value &Line) {
  if (Output.empty())
    return;
  // Several checks, and a header's code met in each unit, record alike.
  static std::mutex Lock;
  static llvm::StringSet<> Recorded;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Recorded.insert((Output + "\n" + Key).str()).second)
      return;
  }
  if (llvm::Error E = appendFactsLine(Output, Line))
    Check.configurationDiag("cannot write member facts to '%0': %1",
                            DiagnosticIDs::Error)
        << Output << llvm::toString(std::move(E));
}

WholeProgramOption::ViewRecords
WholeProgramOption::viewRecords(StringRef Key, unsigned Index,
                                const SourceManager &SM) {
  ViewRecords Records;
  const MergedDecisions *Current = Decisions ? &*Decisions : nullptr;
  if (Current && changed().empty()) {
    Records.WholeProgram = true;
    Records.EveryUnitCxx17 = Current->EveryUnitCxx17;
    auto It = Current->ViewArguments.find((Key + "#" + Twine(Index)).str());
    if (It != Current->ViewArguments.end())
      Records.Record = &It->second;
  }
  if (!Records.Record)
    writeWanted(mainFileOf(SM), Key);
  return Records;
}

void WholeProgramOption::recordConstantTable(
    const alloc_tidy::ConstantTableRecord &Record, const SourceManager &SM) {
  appendOnce("table\n" + mainFileOf(SM) + "\n" + Record.Table, toJson(Record));
}

WholeProgramOption::TableRecords
WholeProgramOption::constantTableRecords(StringRef Key,
                                         const SourceManager &SM) {
  TableRecords Records;
  const MergedDecisions *Current = Decisions ? &*Decisions : nullptr;
  if (Current && changed().empty()) {
    Records.WholeProgram = true;
    auto It = Current->ConstantTables.find(Key);
    if (It != Current->ConstantTables.end())
      Records.Record = &It->second;
  }
  if (!Records.Record)
    writeWanted(mainFileOf(SM), ("table:" + Key).str());
  return Records;
}

} // namespace clang::tidy::alloc
