//===--- WholeProgramOption.h - member decisions of a whole program -*- C++
//-*-===//
//
// The member checks decide a data member from the facts of every unit that
// sees it when alloc-run has them: a run over a compile database asks each
// unit to append its facts and its identity to a file
// (ALLOC_TIDY_MEMBER_FACTS_OUTPUT), and writes the decisions it makes from
// them to a file that option MemberFactsFile names, so that alloc-tidy and
// alloc-clangd decide a member as the whole-program run did, as long as the
// code is still what the decisions rest on. Option WholeProgramAccess says
// which members the whole-program assumption covers.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_WHOLEPROGRAMOPTION_H
#define ALLOC_TIDY_CHECKS_WHOLEPROGRAMOPTION_H

#include "checks/CompileErrors.h"
#include "checks/Finding.h"
#include "checks/ProjectIncludeInserter.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/decisions/MemberDecision.h"
#include "lib/analysis/decisions/MemberFactsFile.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/ParameterFills.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>

namespace clang::tidy::alloc {

/// The definitions whose parameters WholeProgramOption::recordParameters
/// records, bound as "definition": what this unit's functions do with the
/// containers other units hand them.
ast_matchers::DeclarationMatcher parameterRecordsMatcher();

class WholeProgramOption {
public:
  /// Reads options MemberFactsFile and WholeProgramAccess of \p Check (its
  /// own or the global ones) and the decisions in the file; a file that
  /// cannot be read, or an access that is not private, protected or
  /// public, is a configuration error.
  WholeProgramOption(ClangTidyCheck &Check,
                     ClangTidyCheck::OptionsView &Options, StringRef CheckName,
                     utils::IncludeSorter::IncludeStyle Style,
                     bool SelfContainedDiags);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;
  /// Also records, at the end of the main file, the identity of the unit
  /// (its files and their hashes) for alloc-run when it asked for facts,
  /// once per unit, whatever the unit holds.
  void registerPreprocessor(Preprocessor *PP);

  /// Records \p Facts for alloc-run when it asked for them, with the finding
  /// \p Render makes (given an include inserter of its own; none when the
  /// unit has nothing to say) unless the unit's verdict is silent; then
  /// decides the member with the whole program's decisions, if any, and if
  /// they still describe the code (decideWithMerged). When they are stale
  /// and the member was decided there, the decision is the unit's own, with
  /// a note that says so; or, when the unit alone stays silent, a warning
  /// of its own at \p Where.
  alloc_tidy::MemberDecision
  decide(alloc_tidy::MemberFacts &Facts,
         llvm::function_ref<std::optional<Finding>(ProjectIncludeInserter &)>
             Render,
         SourceLocation Where, const SourceManager &SM);

  /// Whether the whole program's decisions, still current, include the
  /// member of \p Facts.
  bool knows(const alloc_tidy::MemberFacts &Facts);

  /// Records, for alloc-run when it asked for facts, the reference
  /// parameters of \p Definition (a function of the main file other units
  /// can call) that it only fills or reads; once per unit, whichever check
  /// records them.
  void recordParameters(const FunctionDecl &Definition, ASTContext &Ctx);

  /// What other units recorded about their functions' reference parameters
  /// (the decisions of option MemberFactsFile, or of the run alloc-run
  /// makes again with ALLOC_TIDY_MEMBER_DECISIONS), while the code is what
  /// they rest on. A function it has no record of is written to the facts
  /// as wanted, for alloc-run to analyse the unit again once it has them.
  class ParameterLookup : public alloc_tidy::ParameterFillsElsewhere {
  public:
    const alloc_tidy::ParameterFill *find(const FunctionDecl &Callee,
                                          unsigned Index) const override;

  private:
    friend class WholeProgramOption;
    const WholeProgramOption *Owner = nullptr;
    const llvm::StringMap<alloc_tidy::ParameterFill> *Records = nullptr;
    std::string Unit;
  };
  ParameterLookup parameterLookup(const SourceManager &SM);

  /// Records, for alloc-run when it asked for facts, what this unit passes
  /// for a string parameter of a function other units can name; once per
  /// unit, function and parameter.
  void recordViewArguments(const alloc_tidy::ViewArgumentRecord &Record,
                           const SourceManager &SM);
  /// Whether alloc-run asked this unit for its facts.
  bool recordsFacts() const { return !Output.empty(); }

  /// What the whole program's records, while current, say about parameter
  /// \p Index of the function with viewParameterKey() \p Key. Without a
  /// record, the function is written to the facts as wanted, for alloc-run
  /// to analyse the unit again once it has the records.
  struct ViewRecords {
    /// Whether current records of the whole program are at hand.
    bool WholeProgram = false;
    const alloc_tidy::ViewArgumentRecord *Record = nullptr;
    bool EveryUnitCxx17 = false;
  };
  ViewRecords viewRecords(llvm::StringRef Key, unsigned Index,
                          const SourceManager &SM);

  /// Records, for alloc-run when it asked for facts, what this unit does
  /// with a constant table other units can name; once per unit and table.
  void recordConstantTable(const alloc_tidy::ConstantTableRecord &Record,
                           const SourceManager &SM);
  /// The merged record of the table with constantTableKey() \p Key, while
  /// current; without one, the table is written to the facts as wanted, for
  /// alloc-run to analyse the unit again once it has the records.
  struct TableRecords {
    bool WholeProgram = false;
    const alloc_tidy::ConstantTableRecord *Record = nullptr;
  };
  TableRecords constantTableRecords(llvm::StringRef Key,
                                    const SourceManager &SM);

private:
  /// Appends \p Line to the facts when alloc-run asked for them, once per
  /// \p Key in this process.
  void appendOnce(llvm::StringRef Key, const llvm::json::Value &Line);
  void writeUnitIdentity(const Preprocessor &PP);
  /// Appends that the unit wants the records of \p Key, once per unit.
  void writeWanted(llvm::StringRef Unit, llvm::StringRef Key) const;
  /// The files changed since the decisions were made (empty when current).
  const std::vector<std::string> &changed();

  ClangTidyCheck &Check;
  std::string CheckName;
  /// MemberFactsFile as the configuration gives it, and made absolute
  /// (checks/OptionPaths.h).
  std::string FileOption;
  std::string File;
  std::string AccessOption;
  alloc_tidy::MemberAccess Access = alloc_tidy::MemberAccess::Private;
  std::optional<alloc_tidy::MergedDecisions> Decisions;
  /// Decisions from ALLOC_TIDY_MEMBER_DECISIONS: their parameters only.
  bool ParametersOnly = false;
  std::optional<std::vector<std::string>> Changed;
  /// Where to append the facts (from the environment), and the include
  /// inserter for the findings written there: the check's own would insert
  /// each include once per file, for the first finding that asks.
  std::string Output;
  ProjectIncludeInserter OutputInserter;
  CompileErrors Errors;
};

} // namespace clang::tidy::alloc

#endif
