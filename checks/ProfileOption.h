//===--- ProfileOption.h - options ProfileFile, ProfileCoverage -*- C++ -*-===//
//
// alloc-small-vector sizes a vector it cannot bound from a heapcount profile
// (docs/heapcount.md, "Profiles"). These options name the profile and how
// much of it an inline buffer must cover; this reads them, loads the
// profile, finds its sites in a source file (saying once per file when the
// file has changed since), and writes the notes that back a capacity chosen
// from it. lib/analysis/ProfileSites.h attributes the sites.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_PROFILEOPTION_H
#define ALLOC_TIDY_CHECKS_PROFILEOPTION_H

#include "checks/Finding.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/HeapProfile.h"
#include "lib/analysis/ProfileSites.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::alloc {

class ProfileOption {
public:
  /// Reads options ProfileFile, ProfileCoverage and ProfileMinAllocations of
  /// \p Check and loads the profile. A coverage outside (0, 1] or a profile
  /// that cannot be read is reported as a configuration error.
  void read(ClangTidyCheck &Check, ClangTidyCheck::OptionsView &Options,
            StringRef CheckName);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;

  /// Whether a profile was loaded.
  bool loaded() const { return Profile.has_value(); }
  /// The share of the allocations a capacity must serve.
  double coverage() const { return Coverage; }
  /// The fewest allocations a capacity must save to be worth it.
  uint64_t minAllocations() const { return MinAllocations; }

  /// The profile's sites in \p File, or null when it has none there or the
  /// file is not the one profiled (a warning, once per file).
  const std::vector<alloc_tidy::ProfileSite> *sitesIn(FileID File,
                                                      const SourceManager &SM);
  /// Forgets the files of the translation unit that ended.
  void endTranslationUnit() { SitesByFile.clear(); }

  /// The evidence of \p Capacity chosen as \p Chosen from \p Sites: each
  /// site's counts, what the capacity leaves to the heap (said at \p Decl),
  /// and the sites left out because their element is not \p ElementBytes
  /// long.
  void addNotes(Finding &F, llvm::ArrayRef<alloc_tidy::SiteMatch> Sites,
                llvm::ArrayRef<alloc_tidy::SiteMatch> Mismatched,
                const alloc_tidy::CapacityChoice &Chosen, uint64_t Capacity,
                SourceLocation Decl, uint64_t ElementBytes) const;

private:
  const ClangTidyCheck *Check = nullptr;
  std::string CheckName;
  std::string File;
  std::string CoverageText;
  double Coverage = 0.9;
  uint64_t MinAllocations = 100;
  std::optional<alloc_tidy::HeapProfile> Profile;
  llvm::DenseMap<FileID, const std::vector<alloc_tidy::ProfileSite> *>
      SitesByFile;
};

} // namespace clang::tidy::alloc

#endif
