//===--- ProfileOption.cpp - the heapcount profiles the checks read -------===//

#include "checks/ProfileOption.h"
#include "checks/OptionPaths.h"
#include "checks/OptionValues.h"
#include "checks/ProfileEvidenceLog.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/profile/SiteCode.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include <cstdlib>
#include <mutex>
#include <set>
#include <variant>

using namespace alloc_tidy;

namespace clang::tidy::alloc {

/// "1 element", "3 elements".
static std::string elements(uint64_t N) {
  return std::to_string(N) + (N == 1 ? " element" : " elements");
}

namespace {

/// The profiles read in this process, by the list of files, so that the
/// checks of a run (and clangd's units) read them once; a file that
/// changed is read again.
struct LoadedProfiles {
  std::vector<llvm::sys::TimePoint<>> Times;
  std::shared_ptr<const ProfileSet> Profiles;
};

std::vector<llvm::sys::TimePoint<>>
modificationTimes(llvm::ArrayRef<std::string> Paths) {
  std::vector<llvm::sys::TimePoint<>> Times;
  Times.reserve(Paths.size());
  for (const std::string &Path : Paths) {
    llvm::sys::fs::file_status Status;
    Times.push_back(llvm::sys::fs::status(Path, Status)
                        ? llvm::sys::TimePoint<>()
                        : Status.getLastModificationTime());
  }
  return Times;
}

/// The profiles of \p Paths, or the path that could not be read and why.
std::variant<std::shared_ptr<const ProfileSet>,
             std::pair<std::string, std::string>>
loadShared(llvm::ArrayRef<std::string> Paths) {
  static std::mutex Lock;
  static llvm::StringMap<LoadedProfiles> Cache;
  std::string Key = llvm::join(Paths, ";");
  std::vector<llvm::sys::TimePoint<>> Times = modificationTimes(Paths);
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Key);
  if (It != Cache.end() && It->second.Times == Times)
    return It->second.Profiles;
  ProfileSet Set;
  for (const std::string &Path : Paths) {
    llvm::Expected<HeapProfile> Loaded = HeapProfile::load(Path);
    if (!Loaded)
      return std::make_pair(Path, llvm::toString(Loaded.takeError()));
    Set.add(Path, std::move(*Loaded));
  }
  auto Shared = std::make_shared<const ProfileSet>(std::move(Set));
  Cache[Key] = {std::move(Times), Shared};
  return Shared;
}

} // namespace

void ProfileOption::read(ClangTidyCheck &Check,
                         ClangTidyCheck::OptionsView &Options,
                         StringRef CheckName) {
  this->Check = &Check;
  this->CheckName = CheckName.str();
  File = Options.getLocalOrGlobal("ProfileFile", "").str();
  // Relative paths are the configuration file's (checks/OptionPaths.h).
  std::string Resolved =
      readPathOption(Check, Options, CheckName, "ProfileFile");
  std::string FileOption = optionName(Options, CheckName, "ProfileFile", File);
  // alloc-run --profile: the profiles of this run, whatever the
  // configuration says.
  if (const char *FromRun = std::getenv("ALLOC_TIDY_PROFILE_FILES");
      FromRun && *FromRun) {
    File = FromRun;
    Resolved = resolvePaths(File, startupDirectory());
    FileOption = "ALLOC_TIDY_PROFILE_FILES";
  }
  CoverageText = Options.getLocalOrGlobal("ProfileCoverage", "0.9").str();
  MinAllocations =
      readCountOption(Check, Options, CheckName, "ProfileMinAllocations", 100);
  std::optional<StringRef> Min =
      Options.getLocalOrGlobal("MinProfiledAllocations");
  std::string MinOption =
      Min ? optionName(Options, CheckName, "MinProfiledAllocations", *Min) : "";
  if (const char *FromRun = std::getenv("ALLOC_TIDY_MIN_PROFILED_ALLOCATIONS");
      FromRun && *FromRun) {
    Min = FromRun;
    MinOption = "ALLOC_TIDY_MIN_PROFILED_ALLOCATIONS";
  }
  // An error names the option as it was given (the global one for every
  // check that reads it), so that clang-tidy reports it once.
  if (Min) {
    if (std::optional<uint64_t> Parsed = parseCountOption(*Min, 0, UINT32_MAX))
      MinProfiledAllocations = *Parsed;
    else
      Check.configurationDiag("invalid value '%0' for %1; expected a whole "
                              "number (0 reports every finding; using 0)",
                              DiagnosticIDs::Error)
          << *Min << MinOption;
  }
  if (StringRef(CoverageText).trim().getAsDouble(Coverage) ||
      !(Coverage > 0 && Coverage <= 1)) {
    Check.configurationDiag("invalid value '%0' for %1: expected the share "
                            "of allocations to cover, above 0 and at most 1 "
                            "(such as 0.9); using 0.9",
                            DiagnosticIDs::Error)
        << CoverageText
        << optionName(Options, CheckName, "ProfileCoverage", CoverageText);
    Coverage = 0.9;
  }
  std::vector<std::string> Paths;
  for (StringRef Path : utils::options::parseStringList(Resolved))
    if (!Path.trim().empty())
      Paths.push_back(Path.trim().str());
  if (Paths.empty())
    return;
  auto Loaded = loadShared(Paths);
  if (auto *Shared = std::get_if<std::shared_ptr<const ProfileSet>>(&Loaded))
    Profiles = std::move(*Shared);
  else
    Check.configurationDiag("cannot read the heapcount profile '%0' "
                            "(%1): %2; the profiles are not used",
                            DiagnosticIDs::Error)
        << std::get<1>(Loaded).first << FileOption
        << std::get<1>(Loaded).second;
}

void ProfileOption::store(ClangTidyCheck::OptionsView &Options,
                          ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "ProfileFile", File);
  Options.store(Opts, "ProfileCoverage", CoverageText);
  Options.store(Opts, "ProfileMinAllocations",
                static_cast<unsigned>(MinAllocations));
  Options.store(Opts, "MinProfiledAllocations",
                static_cast<unsigned>(MinProfiledAllocations));
}

/// Whether no check of the unit of \p SM has said yet that the profiles
/// are stale for \p File: the checks of a unit say it once between them.
/// Units are told apart by their SourceManager and main file's buffer (a
/// unit that ended may have left its addresses to the next one).
static bool firstToSayStale(const SourceManager &SM, StringRef File) {
  static std::mutex Lock;
  static llvm::DenseMap<const SourceManager *,
                        std::pair<const char *, llvm::StringSet<>>>
      Said;
  const char *Unit = SM.getBufferData(SM.getMainFileID()).data();
  std::lock_guard<std::mutex> Guard(Lock);
  auto &[Buffer, Files] = Said[&SM];
  if (Buffer != Unit) {
    Buffer = Unit;
    Files.clear();
  }
  return Files.insert(File).second;
}

const ProfileSet::FileView *ProfileOption::viewOf(FileID FileInUnit,
                                                  const SourceManager &SM) {
  if (!loaded())
    return nullptr;
  auto [It, Inserted] = Views.try_emplace(FileInUnit);
  if (!Inserted)
    return It->second.get();
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FileInUnit);
  std::string Path = Entry ? profilePathOf(*Entry) : "";
  if (Path.empty())
    return nullptr;
  It->second = std::make_unique<ProfileSet::FileView>(
      Profiles->view(Path, SM.getBufferData(FileInUnit)));
  const ProfileSet::FileView &View = *It->second;
  // Said once per unit and file, by the check that read the profile, as a
  // warning about the run (no location: not a finding; docs/ci.md).
  // A file named only by callers has no sites to ignore: the findings whose
  // calls are there say that the profile is stale.
  if (!View.Stale.empty() && !View.Covered && View.StaleSites &&
      firstToSayStale(SM, View.Path))
    Check->diag("the heapcount profile '%0' is stale for '%1': "
                "%select{the file has changed since it was profiled|"
                "it has no hash of the file to tell whether it "
                "changed}2; its %3 %plural{1:site|:sites}4 there "
                "%plural{1:is|:are}4 ignored (profile the program again)",
                DiagnosticIDs::Warning)
        << View.Stale.front() << View.Path << View.StaleForLackOfHash
        << std::to_string(View.StaleSites)
        << static_cast<unsigned>(View.StaleSites);
  return &View;
}

const std::vector<ProfileSite> *
ProfileOption::sitesIn(FileID FileInUnit, const SourceManager &SM) {
  const ProfileSet::FileView *View = viewOf(FileInUnit, SM);
  if (!View)
    return nullptr;
  return View->Sites.empty() ? nullptr : &View->Sites;
}

Measurement ProfileOption::measureAllocations(ArrayRef<ProfileAnchor> Code,
                                              const ASTContext &Ctx) {
  return measureAllocationsAt(
      Code, [&](FileID F) { return viewOf(F, Ctx.getSourceManager()); }, Ctx);
}

std::optional<Measurement>
ProfileOption::measureAnything(ArrayRef<ProfileAnchor> Code,
                               const ASTContext &Ctx) {
  if (!loaded())
    return std::nullopt;
  return measureAnyAt(
      Code, [&](FileID F) { return viewOf(F, Ctx.getSourceManager()); }, Ctx);
}

std::optional<Measurement>
ProfileOption::measureContainer(QualType T, ArrayRef<ProfileAnchor> Code,
                                const ASTContext &Ctx) {
  if (!loaded())
    return std::nullopt;
  std::optional<ContainerIdentity> Id = identifyContainer(T, Ctx);
  if (!Id)
    return std::nullopt;
  return measureContainerAt(
      Code, *Id, [&](FileID F) { return viewOf(F, Ctx.getSourceManager()); },
      Ctx);
}

void ProfileOption::explainSites(ASTContext &Ctx) {
  if (!loaded() || !profileEvidenceWanted() || Explained == &Ctx)
    return;
  Explained = &Ctx;
  // Once per unit in this process, whichever check asks first.
  static std::mutex Lock;
  static std::set<std::pair<const ASTContext *, std::string>> Done;
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (!Main || !Done.emplace(&Ctx, Main->getName().str()).second)
      return;
  }
  std::vector<std::string> Seen;
  CallIndex Calls(Ctx);
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    FileID File = SM.translateFile(It->first);
    if (File.isInvalid() || SM.isInSystemHeader(SM.getLocForStartOfFile(File)))
      continue;
    const ProfileSet::FileView *View = viewOf(File, SM);
    if (!View)
      continue;
    Seen.push_back(View->Path);
    for (const ProfileSite &Site : View->Sites)
      if (std::optional<SiteCode> Why = describeSiteCode(
              File, Site.Line, Site.Column, Site.Container, Ctx, &Calls))
        logSiteReason(Site.File, Site.Line, Site.Column, *Why);
  }
  // Even when empty: alloc-run then knows which files the units saw, and
  // tells the sites of files that none saw from those no check follows.
  logProfiledFiles(Seen);
}

std::optional<std::string> ProfileOption::measuredNote(
    const std::optional<Measurement> &Measured, SourceLocation At,
    const SourceManager &SM,
    llvm::function_ref<std::string(const Measurement &)> Describe) const {
  if (!Measured)
    return std::nullopt;
  const Measurement &M = *Measured;
  if (M.Covered) {
    logMeasuredSites(CheckName, At, M.Sites, SM);
    return Describe(M);
  }
  if (M.StaleFile.empty())
    return std::nullopt;
  return "heapcount's profile '" + M.StaleProfiles.front() +
         "' is stale for this file (" +
         (M.StaleForLackOfHash ? "it has no hash of the file"
                               : "the file has changed since it was profiled") +
         "): its sites here are ignored";
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
  F.note(Decl, "heapcount's profile: " + withSeparators(Chosen.Total) +
                   (Chosen.Total == 1 ? " allocation" : " allocations") +
                   " at its code in the profiled run; " +
                   wouldSave("an inline buffer of " + elements(Capacity),
                             Chosen.Covered));
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
