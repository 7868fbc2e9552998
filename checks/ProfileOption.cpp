//===--- ProfileOption.cpp - options ProfileFile and ProfileCoverage ------===//

#include "checks/ProfileOption.h"
#include "checks/OptionValues.h"
#include "clang/Basic/SourceManager.h"

using namespace alloc_tidy;

namespace clang::tidy::alloc {

/// "1 element", "3 elements".
static std::string elements(uint64_t N) {
  return std::to_string(N) + (N == 1 ? " element" : " elements");
}

void ProfileOption::read(ClangTidyCheck &Check,
                         ClangTidyCheck::OptionsView &Options,
                         StringRef CheckName) {
  this->Check = &Check;
  this->CheckName = CheckName.str();
  File = Options.get("ProfileFile", "").str();
  CoverageText = Options.get("ProfileCoverage", "0.9").str();
  MinAllocations =
      readCountOption(Check, Options, CheckName, "ProfileMinAllocations", 100);
  if (StringRef(CoverageText).trim().getAsDouble(Coverage) ||
      !(Coverage > 0 && Coverage <= 1)) {
    Check.configurationDiag("invalid value '%0' for %1.ProfileCoverage: "
                            "expected the share of allocations to cover, "
                            "above 0 and at most 1 (such as 0.9); using 0.9",
                            DiagnosticIDs::Error)
        << CoverageText << CheckName;
    Coverage = 0.9;
  }
  if (File.empty())
    return;
  llvm::Expected<HeapProfile> Loaded = HeapProfile::load(File);
  if (Loaded)
    Profile = std::move(*Loaded);
  else
    Check.configurationDiag("cannot read the heapcount profile '%0' "
                            "(%1.ProfileFile): %2; profile-guided sizes are "
                            "off",
                            DiagnosticIDs::Error)
        << File << CheckName << llvm::toString(Loaded.takeError());
}

void ProfileOption::store(ClangTidyCheck::OptionsView &Options,
                          ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "ProfileFile", File);
  Options.store(Opts, "ProfileCoverage", CoverageText);
  Options.store(Opts, "ProfileMinAllocations",
                static_cast<unsigned>(MinAllocations));
}

const std::vector<ProfileSite> *
ProfileOption::sitesIn(FileID FileInUnit, const SourceManager &SM) {
  if (!Profile)
    return nullptr;
  auto [It, Inserted] = SitesByFile.try_emplace(FileInUnit, nullptr);
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FileInUnit);
  if (!Inserted || !Entry)
    return It->second;
  FileSites Found =
      profileSitesOf(*Profile, *Entry, SM.getBufferData(FileInUnit));
  if (Found.Sites && Found.State != HeapProfile::FileState::Current) {
    Check->configurationDiag(
        "%0.ProfileFile: the profile '%1' is stale for '%2': "
        "%select{the file has changed since it was profiled|"
        "it has no hash of the file to tell whether it "
        "changed}3; its %4 %plural{1:site|:sites}5 there "
        "%plural{1:is|:are}5 ignored (profile the program "
        "again)",
        DiagnosticIDs::Warning)
        << CheckName << File << Found.Path
        << (Found.State == HeapProfile::FileState::Unknown)
        << std::to_string(Found.Sites->size())
        << static_cast<unsigned>(Found.Sites->size());
    return nullptr;
  }
  return It->second = Found.Sites;
}

// The evidence of a profile-guided capacity: each site's counts, what the
// capacity leaves to the heap, and the sites that were left out.
void ProfileOption::addNotes(Finding &F, ArrayRef<SiteMatch> Sites,
                             ArrayRef<SiteMatch> Mismatched,
                             const CapacityChoice &Chosen, uint64_t Capacity,
                             SourceLocation Decl, uint64_t ElementBytes) const {
  for (const SiteMatch &M : Sites) {
    const ProfileSite &Site = *M.Site;
    uint64_t Smallest = Site.Counts.empty() ? 0 : Site.Counts.begin()->first;
    uint64_t Largest = Site.Counts.empty() ? 0 : Site.Counts.rbegin()->first;
    uint64_t Covered = 0;
    for (const auto &[Elements, Allocations] : Site.Counts)
      if (Elements <= Capacity)
        Covered += Allocations;
    std::string Text =
        "heapcount's profile: " + std::to_string(Site.Allocations) +
        (Site.Allocations == 1 ? " allocation" : " allocations") + " here";
    if (!Site.Function.empty())
      Text += ", in '" + Site.Function + "'";
    if (Smallest == Largest)
      Text += Site.Allocations == 1 ? ", for " : ", each for ";
    else
      Text += ", for " + std::to_string(Smallest) + " to ";
    Text += elements(Largest);
    if (Covered != Site.Allocations)
      Text += "; " + std::to_string(Covered) + " of them for " +
              std::to_string(Capacity) + " or fewer";
    F.note(M.Loc, std::move(Text));
  }
  if (Chosen.Largest > Capacity)
    F.note(Decl, "beyond " + elements(Capacity) +
                     " it allocates as a std::vector does: " +
                     std::to_string(Chosen.Total - Chosen.Covered) +
                     " of the profiled allocations asked for more (up to " +
                     std::to_string(Chosen.Largest) + "); " + CheckName +
                     ".ProfileCoverage is " + CoverageText);
  for (const SiteMatch &M : Mismatched)
    F.note(M.Loc, "ignored: the profile's site here allocated '" +
                      M.Site->Element + "' of " +
                      std::to_string(M.Site->ElementSize) +
                      " bytes, but it is " + std::to_string(ElementBytes) +
                      " bytes here (a profile of another program or target?)");
}

} // namespace clang::tidy::alloc
