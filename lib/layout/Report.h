//===--- Report.h - layouts of many records, rendered -----------*- C++ -*-===//
//
// What alloc-layout prints: the layouts of the records of a project with the
// target they were computed for, in four formats (text after pahole, Markdown,
// JSON, one HTML page), and the difference between two JSON reports for CI
// gates. Everything here works on the plain-data model, so a report read back
// from JSON renders and diffs exactly like one computed from an AST.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_REPORT_H
#define ALLOC_TIDY_LIB_LAYOUT_REPORT_H

#include "lib/layout/LayoutModel.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <string>
#include <vector>

namespace alloc_tidy {
namespace layout {

/// The version of the JSON schema writeJson() produces (docs/layout.md).
constexpr int ReportJsonVersion = 1;

struct Report {
  /// Target triple of the translation units, e.g. "x86_64-pc-linux-gnu".
  std::string Target;
  /// C++ ABI: "itanium" or "microsoft".
  std::string Abi;
  /// Translation units the records were collected from.
  unsigned TranslationUnits = 0;
  /// Translation units that were asked for but gave no records (compile
  /// errors, no compile command, a file that is gone): a report with any is
  /// incomplete, and comparing it would report their records as removed.
  std::vector<std::string> FailedUnits;
  std::vector<RecordLayout> Records;
};

/// How renderers pick and show the summary of the most wasteful records.
struct RenderOptions {
  /// How many records the "most wasteful" lists show; 0 shows none.
  unsigned TopN = 10;
};

/// Sum of RecordLayout::PaddingBytes over the report.
uint64_t totalPaddingBytes(const Report &R);

/// Indices into R.Records of the records with padding, most padding first
/// (ties: larger reorder savings, then name and position), at most \p N.
std::vector<size_t> mostWasteful(const Report &R, unsigned N);

/// pahole-like text: one block per record, holes where they occur, a summary
/// line per record and the project's totals at the end.
void renderText(const Report &R, llvm::raw_ostream &OS,
                const RenderOptions &Options = {});
/// One table per record with padding rows called out, and a table of the
/// most wasteful records.
void renderMarkdown(const Report &R, llvm::raw_ostream &OS,
                    const RenderOptions &Options = {});
/// The JSON schema of docs/layout.md, version ReportJsonVersion.
void renderJson(const Report &R, llvm::raw_ostream &OS,
                const RenderOptions &Options = {});
/// One self-contained HTML page (inline CSS and JS, nothing fetched): a bar
/// of bytes per record and a sortable table of the most wasteful records.
void renderHtml(const Report &R, llvm::raw_ostream &OS,
                const RenderOptions &Options = {});

/// Reads a report written by renderJson(). Errors name the place in the
/// document ("records[2].fields[0].offset: expected an unsigned integer").
llvm::Expected<Report> readJsonReport(llvm::StringRef Text);

/// One record whose layout differs between two reports.
struct RecordChange {
  enum class ChangeKind { Added, Removed, Changed };
  std::string QualifiedName;
  std::string File; ///< of the new record (of the old one when removed)
  unsigned Line = 0;
  ChangeKind Kind = ChangeKind::Changed;
  /// Size, alignment and padding before and after; the missing side of an
  /// added or removed record is 0.
  uint64_t OldSize = 0, NewSize = 0;
  uint64_t OldAlign = 0, NewAlign = 0;
  uint64_t OldPadding = 0, NewPadding = 0;
  /// Field names only on one side, and fields whose type, offset or size
  /// changed, for the reader who wants to know why.
  std::vector<std::string> AddedFields, RemovedFields, ChangedFields;

  /// Bytes the record grew by (0 when it shrank or did not exist before).
  uint64_t growth() const {
    return Kind == ChangeKind::Changed && NewSize > OldSize ? NewSize - OldSize
                                                            : 0;
  }
};

struct ReportDiff {
  std::vector<RecordChange> Changes;
  uint64_t Threshold = 0;
  /// Whether some record grew by more than Threshold bytes.
  bool GrewBeyondThreshold = false;
};

/// Records whose size, alignment or padding differ, plus the added and
/// removed ones. Records match by qualified name (and by file when a name
/// occurs more than once), so a record that moves to another line is the
/// same record.
ReportDiff diffReports(const Report &Old, const Report &New,
                       uint64_t Threshold);

/// One line per change and a verdict line for CI logs.
void renderDiff(const ReportDiff &Diff, llvm::raw_ostream &OS);

} // namespace layout
} // namespace alloc_tidy

#endif
