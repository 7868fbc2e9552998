//===--- ProfileEvidenceLog.h - which profile sites a finding measured -*- C++
//-*-===//
//
// alloc-run --explain says, for each of the profile's busiest sites, which
// finding removes it. The diagnostics do not name the sites a finding
// measured (its notes give one figure), so a check that measures a finding
// also appends a line to the file ALLOC_TIDY_PROFILE_EVIDENCE names, when
// alloc-run sets it: the check, the warning's file and offset, and the
// sites; and what the code at each profiled site of the unit does
// (lib/analysis/profile/SiteCode.h). Without the variable nothing is written.
// The same file carries each finding's static rank, for a run without a
// profile.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_PROFILEEVIDENCELOG_H
#define ALLOC_TIDY_CHECKS_PROFILEEVIDENCELOG_H

#include "lib/analysis/decisions/StaticRank.h"
#include "lib/analysis/profile/ProfileSites.h"
#include "lib/analysis/profile/SiteCode.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy::alloc {

/// The environment variable alloc-run sets to a file per unit.
inline constexpr const char *ProfileEvidenceEnv = "ALLOC_TIDY_PROFILE_EVIDENCE";

/// Appends one JSON line: {"check", "file", "offset", "sites": [[file,
/// line, column, allocations], ...]} for the finding of \p Check at
/// \p Warning that measured \p Sites. Errors are ignored: the evidence only
/// explains, it never changes a finding.
void logMeasuredSites(llvm::StringRef Check, SourceLocation Warning,
                      llvm::ArrayRef<alloc_tidy::SiteMatch> Sites,
                      const SourceManager &SM);

/// Whether alloc-run asked for the evidence (the variable is set).
bool profileEvidenceWanted();

/// Appends {"site": [file, line, column], "reason": ..., "memory": ...}:
/// what the code at a profile site does, for the sites no finding removes,
/// and what its memory is for ("growth", "unneeded" or "result";
/// lib/analysis/profile/SiteCode.h).
void logSiteReason(llvm::StringRef File, unsigned Line, unsigned Column,
                   const alloc_tidy::SiteCode &Code);

/// Appends {"profiledFiles": [path, ...]}: the files of the profiles that
/// this unit saw, at whose sites the code was looked at; once per unit.
void logProfiledFiles(llvm::ArrayRef<std::string> Paths);

/// Appends {"check", "file", "offset", "staticRank", "why"}: the static
/// estimate of the finding of \p Check at \p Warning, which ranks it when
/// no profile measured it (docs/ci.md, "Ranking without a profile").
void logStaticRank(llvm::StringRef Check, SourceLocation Warning,
                   const alloc_tidy::StaticEstimate &Estimate,
                   const SourceManager &SM);

} // namespace clang::tidy::alloc

#endif
