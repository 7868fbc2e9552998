//===--- ProfileEvidenceLog.cpp - which profile sites a finding measured --===//

#include "checks/ProfileEvidenceLog.h"
#include "lib/analysis/profile/HeapProfile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace clang::tidy::alloc {

/// One JSON line appended to the file alloc-run named.
static void appendLine(const llvm::json::Value &Line) {
  const char *Path = std::getenv(ProfileEvidenceEnv);
  if (!Path || !*Path)
    return;
  // One write per line, appended: the checks of a unit share the file.
  static std::mutex Lock;
  std::lock_guard<std::mutex> Guard(Lock);
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (!EC)
    Out << Line << '\n';
}

bool profileEvidenceWanted() {
  const char *Path = std::getenv(ProfileEvidenceEnv);
  return Path && *Path;
}

void logSiteReason(llvm::StringRef File, unsigned Line, unsigned Column,
                   const alloc_tidy::SiteCode &Code) {
  appendLine(
      llvm::json::Object{{"site", llvm::json::Array{File, Line, Column}},
                         {"reason", Code.Reason},
                         {"memory", alloc_tidy::siteMemoryName(Code.Memory)}});
}

void logProfiledFiles(llvm::ArrayRef<std::string> Paths) {
  llvm::json::Array Files;
  for (const std::string &Path : Paths)
    Files.push_back(Path);
  appendLine(llvm::json::Object{{"profiledFiles", std::move(Files)}});
}

/// The absolute path of the file \p Warning is in (its expansion), and its
/// offset there; nullopt when it is in no file.
static std::optional<std::pair<std::string, unsigned>>
warningPosition(SourceLocation Warning, const SourceManager &SM) {
  if (Warning.isInvalid())
    return std::nullopt;
  SourceLocation At = SM.getExpansionLoc(Warning);
  OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(At));
  if (!File)
    return std::nullopt;
  llvm::SmallString<256> Name(File->getName());
  if (llvm::sys::fs::make_absolute(Name))
    return std::nullopt;
  return std::make_pair(Name.str().str(), SM.getFileOffset(At));
}

void logStaticRank(llvm::StringRef Check, SourceLocation Warning,
                   const alloc_tidy::StaticEstimate &Estimate,
                   const SourceManager &SM) {
  if (!profileEvidenceWanted())
    return;
  if (auto Position = warningPosition(Warning, SM))
    appendLine(llvm::json::Object{{"check", Check},
                                  {"file", Position->first},
                                  {"offset", Position->second},
                                  {"staticRank", Estimate.rank()},
                                  {"why", Estimate.describe()}});
}

void logMeasuredSites(llvm::StringRef Check, SourceLocation Warning,
                      llvm::ArrayRef<alloc_tidy::SiteMatch> Sites,
                      const SourceManager &SM) {
  if (!profileEvidenceWanted() || Sites.empty())
    return;
  auto Position = warningPosition(Warning, SM);
  if (!Position)
    return;
  llvm::json::Array Measured;
  for (const alloc_tidy::SiteMatch &M : Sites)
    if (M.Site)
      Measured.push_back(llvm::json::Array{
          M.Site->File, M.Site->Line, M.Site->Column, M.Site->Allocations});
  appendLine(llvm::json::Object{{"check", Check},
                                {"file", Position->first},
                                {"offset", Position->second},
                                {"sites", std::move(Measured)}});
}

} // namespace clang::tidy::alloc
