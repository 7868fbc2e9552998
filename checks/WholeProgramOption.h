//===--- WholeProgramOption.h - member decisions of a whole program -*- C++
//-*-===//
//
// The member checks decide a data member from the facts of every unit that
// sees it when alloc-run has them: a run over a compile database asks each
// unit to append its facts to a file (ALLOC_TIDY_MEMBER_FACTS_OUTPUT), and
// writes the decisions it makes from them to a file that option
// MemberFactsFile names, so that alloc-tidy and alloc-clangd decide a member
// as the whole-program run did.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_WHOLEPROGRAMOPTION_H
#define ALLOC_TIDY_CHECKS_WHOLEPROGRAMOPTION_H

#include "checks/Finding.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/utils/IncludeInserter.h"
#include "lib/analysis/MemberFacts.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>

namespace clang::tidy::alloc {

class WholeProgramOption {
public:
  /// Reads option MemberFactsFile of \p Check (its own or the global one)
  /// and the decisions in it; a file that cannot be read is a configuration
  /// error.
  WholeProgramOption(ClangTidyCheck &Check,
                     ClangTidyCheck::OptionsView &Options,
                     utils::IncludeSorter::IncludeStyle Style,
                     bool SelfContainedDiags);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;
  void registerPreprocessor(Preprocessor *PP);

  /// Records \p Facts for alloc-run when it asked for them, with the finding
  /// \p Render makes (given an include inserter of its own; none when the
  /// unit has nothing to say) unless the unit's verdict is silent; then
  /// decides the member with the whole program's decisions, if any
  /// (decideWithMerged).
  alloc_tidy::MemberDecision
  decide(alloc_tidy::MemberFacts &Facts,
         llvm::function_ref<std::optional<Finding>(utils::IncludeInserter &)>
             Render,
         const SourceManager &SM);

  /// Whether the whole program's decisions include the member of \p Facts.
  bool knows(const alloc_tidy::MemberFacts &Facts) const {
    return Decisions && Decisions->count(Facts.key());
  }

private:
  ClangTidyCheck &Check;
  std::string CheckName;
  std::string File;
  std::optional<alloc_tidy::MemberDecisions> Decisions;
  /// Where to append the facts (from the environment), and the include
  /// inserter for the findings written there: the check's own would insert
  /// each include once per file, for the first finding that asks.
  std::string Output;
  utils::IncludeInserter OutputInserter;
};

} // namespace clang::tidy::alloc

#endif
