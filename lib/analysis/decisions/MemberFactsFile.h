//===--- MemberFactsFile.h - member facts and decisions on disk -*- C++
//-*-===//
//
// The checks append their facts to a JSON-lines file that alloc-run names
// (one object per line: a member's facts, a unit's identity, or the compile
// database's); alloc-tidy --merge-member-facts decides from them and writes
// the decisions, with the content hash of every file they rest on, to the
// file that option MemberFactsFile names. A reader can then tell when the
// code has changed since (stale facts) and decide from its own unit instead.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_MEMBERFACTSFILE_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_MEMBERFACTSFILE_H

#include "lib/analysis/decisions/MemberDecision.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <utility>
#include <vector>

namespace alloc_tidy {

llvm::json::Value toJson(const MemberFacts &Facts);
llvm::json::Value toJson(const UnitIdentity &Unit);
llvm::json::Value toJson(const DatabaseIdentity &Database);
llvm::Expected<MemberFacts> memberFactsFromJson(const llvm::json::Value &V);
/// A parameter's record, a facts line and an entry of the decisions alike.
llvm::json::Value toJson(const ParameterFill &Parameter);
llvm::Expected<ParameterFill> parameterFillFromJson(const llvm::json::Value &V);
/// A unit's record of a string parameter, a facts line and an entry of the
/// decisions alike.
llvm::json::Value toJson(const ViewArgumentRecord &Record);
llvm::Expected<ViewArgumentRecord>
viewArgumentFromJson(const llvm::json::Value &V);
/// A unit's record of a constant table, a facts line and an entry of the
/// decisions (merged) alike.
llvm::json::Value toJson(const ConstantTableRecord &Record);
llvm::Expected<ConstantTableRecord>
constantTableFromJson(const llvm::json::Value &V);
/// The facts line that says a unit looked for the records of
/// \p Function (parameterKey) and had none.
llvm::json::Value wantedParameterLine(llvm::StringRef Unit,
                                      llvm::StringRef Function);

/// Reads a facts file (one JSON object per line) into \p Into.
llvm::Error readFactsLines(llvm::StringRef Path, FactsStream &Into);

/// Appends \p Line (a JSON object) to \p Path (created if missing) with a
/// single write(), so that units analysed in parallel into the same file do
/// not interleave.
llvm::Error appendFactsLine(llvm::StringRef Path,
                            const llvm::json::Value &Line);

/// The whole program's decisions, as read from a MemberFactsFile, with what
/// they rest on.
struct MergedDecisions {
  MemberDecisions Members;
  /// The fill-only parameters, by "function#index".
  llvm::StringMap<ParameterFill> Parameters;
  /// What every unit passes for a string parameter, by "function#index".
  llvm::StringMap<ViewArgumentRecord> ViewArguments;
  /// The constant tables of external linkage, merged, by constantTableKey().
  llvm::StringMap<ConstantTableRecord> ConstantTables;
  /// Whether every unit is compiled as C++17 or later.
  bool EveryUnitCxx17 = false;
  /// The compile database and the files of every unit, each with the
  /// SHA-256 of its text when the decisions were made.
  std::string DatabasePath, DatabaseSha256;
  std::vector<std::pair<std::string, std::string>> Files;
};

/// Reads a file written from decideAll(); errors name the file and what is
/// wrong with it.
llvm::Expected<MergedDecisions> readMemberDecisions(llvm::StringRef Path);

/// The files of \p Decisions (its compile database included) whose text is
/// not what it was when the decisions were made, or that are gone: the
/// decisions are stale when there is any. Hashes are computed once per
/// process for a file whose size and time stamp stay the same.
std::vector<std::string> changedFiles(const MergedDecisions &Decisions);

} // namespace alloc_tidy

#endif
