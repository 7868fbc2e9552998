//===--- WholeProgramOption.cpp -------------------------------------------===//

#include "checks/WholeProgramOption.h"
#include <cstdlib>

namespace clang::tidy::alloc {

using namespace alloc_tidy;

WholeProgramOption::WholeProgramOption(ClangTidyCheck &Check,
                                       ClangTidyCheck::OptionsView &Options,
                                       utils::IncludeSorter::IncludeStyle Style,
                                       bool SelfContainedDiags)
    : Check(Check), File(Options.getLocalOrGlobal("MemberFactsFile", "")),
      OutputInserter(Style, SelfContainedDiags) {
  if (const char *Out = std::getenv("ALLOC_TIDY_MEMBER_FACTS_OUTPUT"))
    Output = Out;
  if (File.empty())
    return;
  if (llvm::Expected<MemberDecisions> Read = readMemberDecisions(File))
    Decisions = std::move(*Read);
  else
    Check.configurationDiag("%0", DiagnosticIDs::Error)
        << llvm::toString(Read.takeError());
}

void WholeProgramOption::store(ClangTidyCheck::OptionsView &Options,
                               ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "MemberFactsFile", File);
}

void WholeProgramOption::registerPreprocessor(Preprocessor *PP) {
  OutputInserter.registerPreprocessor(PP);
}

MemberDecision WholeProgramOption::decide(
    MemberFacts &Facts,
    llvm::function_ref<std::optional<Finding>(utils::IncludeInserter &)> Render,
    const SourceManager &SM) {
  if (!Output.empty()) {
    if (Facts.Local != MemberAction::Silent)
      if (std::optional<Finding> Rendered = Render(OutputInserter))
        Facts.Finding = findingToJson(Facts.Check, *Rendered, SM);
    if (llvm::Error E = appendMemberFacts(Output, Facts))
      Check.configurationDiag("cannot write member facts to '%0': %1",
                              DiagnosticIDs::Error)
          << Output << llvm::toString(std::move(E));
  }
  return decideWithMerged(Facts, Decisions ? &*Decisions : nullptr);
}

} // namespace clang::tidy::alloc
