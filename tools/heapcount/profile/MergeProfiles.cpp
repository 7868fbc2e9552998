//===- MergeProfiles.cpp - heapcount --profile: merging profiles
//------------===//
//
// mergeProfiles, and `heapcount merge-profiles OUT IN...` that merges the
// profile files of separate runs.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Launch.h"
#include "tools/heapcount/Profile.h"
#include "tools/heapcount/profile/ProfileHelpers.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

namespace heapcount {

using profile::readWholeFile;
using profile::writeWholeFile;

namespace {

bool sameContents(const SourceFile &A, const SourceFile &B) {
  return A.Exists == B.Exists &&
         (!A.Exists || (A.Size == B.Size && A.Hash == B.Hash));
}

} // namespace

Profile
mergeProfiles(std::vector<Profile> Inputs,
              const std::function<SourceFile(const std::string &)> &Current,
              std::vector<std::string> &Warnings) {
  Profile Out;
  Out.Processes = 0;
  if (!Inputs.empty())
    Out.Program = Inputs.front().Program;
  // Each file's descriptions in the inputs: which inputs keep its sites.
  std::map<std::string, std::vector<std::pair<std::size_t, SourceFile>>>
      Described;
  for (std::size_t I = 0; I < Inputs.size(); ++I)
    for (const SourceFile &F : Inputs[I].Files)
      Described[F.Path].emplace_back(I, F);
  std::set<std::pair<std::size_t, std::string>> Dropped;
  for (const auto &File : Described) {
    const std::string &Path = File.first;
    const auto &Entries = File.second;
    bool Agree =
        std::all_of(Entries.begin(), Entries.end(), [&](const auto &E) {
          return sameContents(E.second, Entries.front().second);
        });
    // Named only by callers in every input, or by a site somewhere.
    bool CallersOnly =
        std::all_of(Entries.begin(), Entries.end(),
                    [](const auto &E) { return E.second.CallersOnly; });
    if (Agree) {
      Out.Files.push_back(Entries.front().second);
      Out.Files.back().CallersOnly = CallersOnly;
      continue;
    }
    SourceFile Now = Current(Path);
    Now.CallersOnly = CallersOnly;
    std::size_t Kept = 0;
    for (const auto &Entry : Entries) {
      if (Now.Exists && sameContents(Entry.second, Now))
        ++Kept;
      else
        Dropped.insert({Entry.first, Path});
    }
    std::uint64_t Lost = 0;
    for (const auto &Entry : Entries)
      if (Dropped.count({Entry.first, Path}))
        for (const ProfileSite &S : Inputs[Entry.first].Sites)
          if (S.File == Path)
            Lost += S.Allocations;
    std::string Left =
        std::to_string(Lost) + (Lost == 1 ? " allocation" : " allocations");
    std::string Warning = Path;
    if (Kept) {
      Out.Files.push_back(Now);
      Warning += " differs between the profiles: kept the sites of the ";
      Warning += std::to_string(Kept);
      Warning += " of ";
      Warning += std::to_string(Entries.size());
      Warning += " that match it as it is now; ";
      Warning += Left;
      Warning += " of the others left out";
    } else {
      Warning += " differs between the profiles and none matches it as it "
                 "is now: its sites are left out (";
      Warning += Left;
      Warning += ")";
    }
    Warnings.push_back(std::move(Warning));
  }
  std::vector<ProfileSite> Sites;
  std::vector<AllocationSite> Allocating;
  std::vector<UnattributedGroup> Unattributed;
  for (std::size_t I = 0; I < Inputs.size(); ++I) {
    Profile &In = Inputs[I];
    auto IsDropped = [&](const std::string &File) {
      return Dropped.count({I, File}) != 0;
    };
    for (ProfileSite &S : In.Sites) {
      if (!IsDropped(S.File)) {
        Sites.push_back(std::move(S));
        continue;
      }
      Out.Changed.Allocations += S.Allocations;
      ++Out.Changed.Stacks;
      UnattributedGroup Group;
      Group.Reason = "source_changed";
      Group.File = S.File;
      Group.Line = S.Line;
      Group.Column = S.Column;
      Group.Function = S.Function;
      Group.Allocations = S.Allocations;
      Group.Bytes = S.Bytes;
      Unattributed.push_back(std::move(Group));
    }
    for (AllocationSite &S : In.AllocationSites)
      if (!IsDropped(S.File))
        Allocating.push_back(std::move(S));
    for (UnattributedGroup &G : In.Unattributed)
      Unattributed.push_back(std::move(G));
    Out.Allocations += In.Allocations;
    Out.Processes += In.Processes;
    if (In.Programs.empty() && !In.Program.empty())
      In.Programs.insert(In.Program);
    Out.Programs.insert(In.Programs.begin(), In.Programs.end());
    auto AddOut = [](LeftOut &Into, const LeftOut &From) {
      Into.Allocations += From.Allocations;
      Into.Stacks += From.Stacks;
    };
    AddOut(Out.NoUserFrame, In.NoUserFrame);
    AddOut(Out.NoLine, In.NoLine);
    AddOut(Out.NotMultiple, In.NotMultiple);
    AddOut(Out.NoSize, In.NoSize);
    AddOut(Out.Changed, In.Changed);
    AddOut(Out.Unqualified, In.Unqualified);
    for (const auto &Entry : In.NoElementSize) {
      auto &Into = Out.NoElementSize[Entry.first];
      AddOut(Into.first, Entry.second.first);
      if (Into.second.empty())
        Into.second = Entry.second.second;
    }
    Out.LeftOutUnknown += In.LeftOutUnknown;
    Out.Dropped += In.Dropped;
    Out.ByAddr2line = Out.ByAddr2line || In.ByAddr2line;
  }
  Out.Sites = mergeSites(std::move(Sites));
  Out.AllocationSites = mergeAllocationSites(std::move(Allocating));
  Out.Unattributed = mergeUnattributed(std::move(Unattributed));
  for (const ProfileSite &S : Out.Sites)
    Out.Profiled += S.Allocations;
  return Out;
}

namespace {

[[noreturn]] void mergeError(const std::string &What) {
  std::fprintf(stderr, "heapcount: error: %s\n", What.c_str());
  std::exit(2);
}

const char *const MergeUsage =
    "usage: heapcount merge-profiles OUT.json IN.json...";

} // namespace

int runMergeProfiles(const std::vector<std::string> &Args) {
  std::vector<std::string> Paths;
  bool Options = true;
  for (const std::string &Arg : Args) {
    if (Options && Arg == "--") {
      Options = false;
      continue;
    }
    if (Options && (Arg == "--help" || Arg == "-h")) {
      std::printf("%s\nMerges profiles of heapcount --profile taken in "
                  "separate runs into OUT.json\n(docs/heapcount.md, "
                  "\"Merging profiles\").\n",
                  MergeUsage);
      return 0;
    }
    if (Options && Arg.size() > 1 && Arg[0] == '-')
      mergeError("unknown option '" + Arg + "' (" + MergeUsage + ")");
    Paths.push_back(Arg);
  }
  if (Paths.size() < 2)
    mergeError(
        std::string(Paths.empty() ? "no output file" : "no profile to merge") +
        " (" + MergeUsage + ")");
  const std::string &OutPath = Paths.front();
  std::vector<Profile> Inputs;
  Inputs.reserve(Paths.size() - 1);
  for (std::size_t I = 1; I < Paths.size(); ++I) {
    if (realPath(Paths[I]) == realPath(OutPath) && !realPath(OutPath).empty())
      mergeError("the output '" + OutPath + "' is also an input");
    struct stat Info;
    if (stat(Paths[I].c_str(), &Info) == 0 && S_ISDIR(Info.st_mode))
      mergeError("cannot read '" + Paths[I] + "' (a directory)");
    bool Ok = false;
    std::string Json = readWholeFile(Paths[I], Ok);
    if (!Ok)
      mergeError("cannot read '" + Paths[I] + "' (" + std::strerror(errno) +
                 ")");
    Profile P;
    std::string Error;
    if (!readProfile(Json, P, Error))
      mergeError("cannot merge '" + Paths[I] + "' (" + Error + ")");
    Inputs.push_back(std::move(P));
  }
  std::size_t Count = Inputs.size();
  std::vector<std::string> Warnings;
  Profile Merged = mergeProfiles(
      std::move(Inputs),
      [](const std::string &File) { return describeSourceFile(File); },
      Warnings);
  for (const std::string &Warning : Warnings)
    std::fprintf(stderr, "heapcount: warning: merge-profiles: %s\n",
                 Warning.c_str());
  if (!writeWholeFile(OutPath, profileJson(Merged)))
    mergeError("cannot write '" + OutPath + "' (" + std::strerror(errno) + ")");
  std::fprintf(stderr,
               "heapcount: merge-profiles: %zu profiles (%llu processes): "
               "%zu container site%s, %llu of %llu allocations, %zu "
               "allocation site%s; written to %s\n",
               Count, static_cast<unsigned long long>(Merged.Processes),
               Merged.Sites.size(), Merged.Sites.size() == 1 ? "" : "s",
               static_cast<unsigned long long>(Merged.Profiled),
               static_cast<unsigned long long>(Merged.Allocations),
               Merged.AllocationSites.size(),
               Merged.AllocationSites.size() == 1 ? "" : "s", OutPath.c_str());
  return 0;
}

} // namespace heapcount
