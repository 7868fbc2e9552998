//===--- ProfileOption.h - the heapcount profiles the checks read -*- C++
//-*-===//
//
// Every check that proposes a change to a container reads the same heapcount
// profiles (docs/profile-triage.md): option ProfileFile (one for all checks,
// or one check's own; several files separated by ';') names them, and
// alloc-run's --profile (ALLOC_TIDY_PROFILE_FILES) overrides it. A finding
// whose code the profiles measured gets the measured figure and saving in a
// note; with MinProfiledAllocations, one whose code a profile covers but
// which made fewer allocations is silent. alloc-small-vector also sizes an
// inline buffer from the sites (ProfileCoverage, ProfileMinAllocations).
// The profiles are read once per process and shared by the checks.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_PROFILEOPTION_H
#define ALLOC_TIDY_CHECKS_PROFILEOPTION_H

#include "checks/Finding.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/profile/HeapProfile.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "lib/analysis/profile/ProfileSites.h"
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::alloc {

class ProfileOption {
public:
  /// Reads options ProfileFile, MinProfiledAllocations and ProfileCoverage
  /// (the check's own or the global ones) and ProfileMinAllocations of
  /// \p Check, and loads the profiles. A coverage outside (0, 1], a count
  /// that is not one or a profile that cannot be read is reported as a
  /// configuration error.
  void read(ClangTidyCheck &Check, ClangTidyCheck::OptionsView &Options,
            StringRef CheckName);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;

  /// Whether a profile was loaded.
  bool loaded() const { return Profiles && !Profiles->empty(); }
  /// The allocations of the profiled runs, added up; 0 without a profile.
  uint64_t runAllocations() const {
    return Profiles ? Profiles->allocations() : 0;
  }
  /// The share of the allocations a capacity must serve.
  double coverage() const { return Coverage; }
  /// The fewest allocations a capacity must save to be worth it.
  uint64_t minAllocations() const { return MinAllocations; }

  /// The fewest allocations a finding's code must have made when a profile
  /// covers it; 0 reports every finding.
  uint64_t minProfiledAllocations() const { return MinProfiledAllocations; }

  /// How the profiles saw \p File; null without a profile or a file. When
  /// every profile saw another version of it, a warning without a location
  /// says so, once per unit and file among the checks.
  const alloc_tidy::ProfileSet::FileView *viewOf(FileID File,
                                                 const SourceManager &SM);
  /// The profiles' sites in \p File, or null when they have none there or
  /// the file is not the one profiled (viewOf()).
  const std::vector<alloc_tidy::ProfileSite> *sitesIn(FileID File,
                                                      const SourceManager &SM);
  /// What the profiles measured at \p Code of a container of type \p T;
  /// nullopt without a profile or for a type heapcount does not profile.
  std::optional<alloc_tidy::Measurement>
  measureContainer(QualType T, llvm::ArrayRef<alloc_tidy::ProfileAnchor> Code,
                   const ASTContext &Ctx);
  /// Every allocation the profiles measured at \p Code; nullopt without a
  /// profile.
  std::optional<alloc_tidy::Measurement>
  measureAnything(llvm::ArrayRef<alloc_tidy::ProfileAnchor> Code,
                  const ASTContext &Ctx);
  /// What the profiles measured at \p Code that is no container's growth.
  alloc_tidy::Measurement
  measureAllocations(llvm::ArrayRef<alloc_tidy::ProfileAnchor> Code,
                     const ASTContext &Ctx);
  /// Whether the finding measured as \p M is cold (MinProfiledAllocations).
  bool isCold(const alloc_tidy::Measurement &M) const {
    return alloc_tidy::isCold(M, MinProfiledAllocations);
  }
  /// Whether a profile covers the code measured as \p M and found it hot
  /// enough to report outside a loop: at least ProfileMinAllocations (and
  /// one) allocations.
  bool isHot(const std::optional<alloc_tidy::Measurement> &M) const {
    return M && M->Covered &&
           M->Allocations >= std::max<uint64_t>(1, MinAllocations);
  }
  /// The note of a finding measured as \p M: \p Describe's sentence when a
  /// profile covers its code, the note that the profiles are stale when
  /// every one of them saw another version of it; nullopt otherwise.
  /// The sites measured are logged for alloc-run --explain with \p At,
  /// where the note goes (ProfileEvidenceLog.h).
  std::optional<std::string>
  measuredNote(const std::optional<alloc_tidy::Measurement> &M,
               SourceLocation At, const SourceManager &SM,
               llvm::function_ref<std::string(const alloc_tidy::Measurement &)>
                   Describe) const;
  /// For alloc-run --explain: what the code at each profiled site of the
  /// unit's files does (lib/analysis/profile/SiteCode.h), logged once per unit
  /// whichever check calls it first; nothing unless alloc-run asked.
  void explainSites(ASTContext &Ctx);
  /// Forgets the files of the translation unit that ended.
  void endTranslationUnit() { Views.clear(); }

  /// The evidence of \p Capacity chosen as \p Chosen from \p Sites: each
  /// site's counts, what the capacity leaves to the heap (said at \p Decl),
  /// and the sites left out because their element is not \p ElementBytes
  /// long.
  void addNotes(Finding &F, llvm::ArrayRef<alloc_tidy::SiteMatch> Sites,
                llvm::ArrayRef<alloc_tidy::SiteMatch> Mismatched,
                const alloc_tidy::CapacityChoice &Chosen, uint64_t Capacity,
                SourceLocation Decl, uint64_t ElementBytes) const;

private:
  ClangTidyCheck *Check = nullptr;
  std::string CheckName;
  std::string File;
  std::string CoverageText;
  double Coverage = 0.9;
  uint64_t MinAllocations = 100;
  uint64_t MinProfiledAllocations = 0;
  std::shared_ptr<const alloc_tidy::ProfileSet> Profiles;
  /// By file of the unit; null when the file has no path.
  std::map<FileID, std::unique_ptr<alloc_tidy::ProfileSet::FileView>> Views;
  /// The unit explainSites() was last called for.
  const ASTContext *Explained = nullptr;
};

} // namespace clang::tidy::alloc

#endif
