//===- Diff.h - heapcount diff: compare two reports ------------*- C++ -*-===//
//
//   heapcount diff [--format text|markdown|json] [--max-allocs-increase N]
//                  [--max-increase P%] [--min-decrease QUANTITY=P%]...
//                  [--scope NAME]... [--allow-different-programs]
//                  BEFORE.json AFTER.json
//
// Compares two JSON reports of the same program, per named scope and in
// total (allocations, frees, bytes, peak live bytes), and checks budgets on
// the change. Exit status: 0 within the budgets, 1 over one, 2 for input
// that cannot be compared (see docs/heapcount.md, "Comparing runs").
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_DIFF_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_DIFF_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace heapcount {

/// The quantities compared, in the order of the output.
enum class Quantity { Allocs, Frees, Bytes, Peak };

/// What a report says about one scope (or the total).
struct ScopeCounts {
  std::uint64_t Allocs = 0;
  std::uint64_t Frees = 0;
  std::uint64_t Bytes = 0;
  std::uint64_t Peak = 0;
  bool Present = false;
  /// Only the total has a peak.
  bool HasPeak = false;
  std::uint64_t get(Quantity Q) const;
};

/// The parts of a report that diff reads.
struct DiffReport {
  std::string Path;
  std::string Platform;
  std::string Program;
  std::vector<std::string> Arguments;
  std::string Version; // heapcount's
  std::string End;
  std::string Exception;
  /// Why the library counted nothing (counting.problem); empty when it did.
  std::string Problem;
  ScopeCounts Total;
  std::map<std::string, ScopeCounts> Scopes;
  int Signal = 0;
  bool HasRun = false;
  bool Started = true;
};

/// Reads \p Json (from \p Path) strictly (DiffReport.cpp); false with
/// \p Error saying why when it is not a heapcount report of format version
/// 1 with counts from 0 to 2^63 - 1.
bool readDiffReport(const std::string &Path, const std::string &Json,
                    DiffReport &Report, std::string &Error);

struct DiffOptions {
  std::string Format = "text";
  std::uint64_t MaxAllocsIncrease = 0;
  double MaxIncreasePercent = 0;
  /// --min-decrease QUANTITY=P%: the quantity (allocs, bytes or peak) must
  /// drop by at least P percent; one per quantity, in the order given.
  std::vector<std::pair<Quantity, double>> MinDecrease;
  std::vector<std::string> Scopes; // empty: the total
  std::string BeforePath, AfterPath;
  bool HaveMaxAllocsIncrease = false;
  bool HaveMaxIncreasePercent = false;
  bool AllowDifferentPrograms = false;
};

/// Why \p Before and \p After cannot be compared (empty when they can):
/// a crashed run, counting never started, another program or platform.
std::string whyNotComparable(const DiffReport &Before, const DiffReport &After,
                             const DiffOptions &Options);

/// The comparison and the budgets' verdict, rendered in Options.Format;
/// \p Exceeded gets one line per budget exceeded.
std::string renderDiff(const DiffReport &Before, const DiffReport &After,
                       const DiffOptions &Options,
                       std::vector<std::string> &Exceeded);

/// `heapcount diff ARGS...` (the arguments after "diff"); returns the exit
/// status.
int runDiff(const std::vector<std::string> &Args);

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_DIFF_H
