//===--- MemberDecision.h - a data member decided from its facts -*- C++
//-*-===//
//
// What to do with a data member (fix, warn, stay silent, and why) from the
// facts of one unit, or of every unit of a compile database taken to be the
// whole program. The decision across units combines what each unit saw:
// growth in one unit and an element reference handed out in another keep
// the member, and only members that no code outside the database can name
// (up to option WholeProgramAccess) are decided there at all.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_MEMBERDECISION_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_MEMBERDECISION_H

#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/facts/ParameterFills.h"
#include "lib/analysis/facts/TableLookups.h"
#include "lib/analysis/facts/ViewParameters.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// What to do with a member, and why.
struct MemberDecision {
  std::string Why;
  /// The finding to report for Fix or Warn, from the first unit (in the
  /// order given) that rendered one.
  llvm::json::Value Finding = nullptr;
  /// Notes the finding gets at the member: what the decision assumes.
  std::vector<std::string> Notes;
  /// The largest Bound of the units' facts.
  uint64_t Bound = 0;
  MemberAction Action = MemberAction::Silent;
  /// How many units' facts it rests on.
  unsigned Units = 0;
};

/// The decision from one unit's facts alone: a member is decided there only
/// when the unit provably sees every piece of code that can name it.
MemberDecision decideInOneUnit(const MemberFacts &Facts);

/// The decision from the facts of every unit of a compile database that sees
/// the member, taken to be the whole program; nothing when the member is not
/// decided across units (code outside the database may name it: its access
/// is wider than the units' WholeProgramAccess), and each unit decides it
/// alone. Every unit's code must allow the change, every function of the
/// class must be defined in some unit, and no element reference that one
/// unit hands out may meet growth in another. A unit that sees every piece
/// of code that can name the member decides it alone: the others cannot
/// touch it. The finding is that of the unit with the largest Bound among
/// those whose own verdict is the decision's.
std::optional<MemberDecision>
decideAcrossUnits(llvm::ArrayRef<MemberFacts> Facts);

/// "across the N translation units of the compile database that see it,
/// its constructors give it at most M elements": what the Bound of \p D
/// rests on.
std::string boundNote(const MemberDecision &D);

/// Decisions by member key, as a merged facts file holds them.
using MemberDecisions = llvm::StringMap<MemberDecision>;

/// The decision in a single-unit run that has the whole program's decisions
/// (\p Merged, from the MemberFactsFile option; may be null): the merged
/// decision for the member, except that the unit's own "silent" wins (facts
/// written before a change must never bring a fix the unit contradicts) and
/// a unit whose own code allows only a warning gets no fix. A member the
/// merged decisions do not know is decided from the unit alone.
MemberDecision decideWithMerged(const MemberFacts &Facts,
                                const MemberDecisions *Merged);

/// Why a decision across the units of a database cannot be made: the facts
/// of some of its units are missing (a shard's facts not given), or some
/// units had errors.
class IncompleteFactsError : public llvm::ErrorInfo<IncompleteFactsError> {
public:
  static char ID;
  /// The units without facts, and those whose facts are partial (errors).
  std::vector<std::string> Missing, WithErrors;
  unsigned DatabaseUnits = 0;

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
};

/// All the facts a run, or the shards of one, recorded.
struct FactsStream {
  std::vector<DatabaseIdentity> Databases;
  std::vector<UnitIdentity> Units;
  std::vector<MemberFacts> Members;
  /// The fill-only reference parameters of functions other units call.
  std::vector<ParameterFill> Parameters;
  /// The functions (parameterKey) whose records a unit looked for and did
  /// not have, by unit: alloc-run analyses those units again with the
  /// decisions when another unit recorded them.
  std::vector<std::pair<std::string, std::string>> Wanted;
  /// What each unit passes for the string parameters of the functions it
  /// names (ViewParameters.h).
  std::vector<ViewArgumentRecord> ViewArguments;
  /// What each unit does with the constant tables it declares.
  std::vector<ConstantTableRecord> ConstantTables;
};

/// Decides every member in \p Facts (grouped by key) across the units of
/// the compile database and serialises the result: {"version", "database",
/// "files", "members": [{key, check, member, file, offset, line, action,
/// why, units, finding, notes}], "parameters": [{function, index, fills,
/// growth}], "view-arguments": [{function, index, fits, files}],
/// "constant-tables": [{table, function, why, defines, reported, fits}],
/// "every-unit-cxx17"}: a constant table fits when one unit defines it and
/// it fits in every unit that declares it; a view argument fits when it fits in
/// every unit that recorded it, and its files are all of theirs. A parameter
/// recorded differently by two units (two definitions of one name) is left out.
/// An IncompleteFactsError when the facts of a unit of the database are missing
/// or partial; another error when the facts name no database or several.
llvm::Expected<llvm::json::Value> decideAll(const FactsStream &Facts);

} // namespace alloc_tidy

#endif
