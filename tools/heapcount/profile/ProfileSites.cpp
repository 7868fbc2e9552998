//===- ProfileSites.cpp - heapcount --profile: sites from stacks
//------------===//
//
// Builds a profile from classified stacks (buildProfile) and merges sites,
// allocation sites and unattributed groups by their keys; describes the
// source files that sites name.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Launch.h"
#include "tools/heapcount/Profile.h"
#include "tools/heapcount/profile/ProfileHelpers.h"

#include <algorithm>
#include <tuple>

namespace heapcount {

using profile::readWholeFile;

// --- The profile ---------------------------------------------------------

std::uint64_t fnv1a64(const std::string &Data) {
  std::uint64_t Hash = 0xcbf29ce484222325ULL;
  for (char C : Data) {
    Hash ^= static_cast<unsigned char>(C);
    Hash *= 0x100000001b3ULL;
  }
  return Hash;
}

std::string findUnderSourceRoots(const std::string &Path,
                                 const std::vector<std::string> &SourceRoots) {
  std::string Normal = normalizePath(Path);
  std::vector<std::size_t> Starts; // Of each trailing part, longest first.
  for (std::size_t I = Normal[0] == '/' ? 1 : 0; I < Normal.size();) {
    Starts.push_back(I);
    std::size_t Slash = Normal.find('/', I);
    if (Slash == std::string::npos)
      break;
    I = Slash + 1;
  }
  for (const std::string &Root : SourceRoots) {
    if (Root.empty())
      continue;
    std::string Prefix = Root.back() == '/' ? Root : Root + "/";
    for (std::size_t Start : Starts)
      if (std::string Real = realPath(Prefix + Normal.substr(Start));
          !Real.empty())
        return Real;
  }
  return "";
}

SourceFile describeSourceFile(const std::string &DebugPath,
                              const std::vector<std::string> &SourceRoots) {
  SourceFile File;
  std::string Real = realPath(DebugPath);
  if (Real.empty())
    Real = findUnderSourceRoots(DebugPath, SourceRoots);
  if (Real.empty()) {
    File.Path = normalizePath(DebugPath);
    return File;
  }
  File.Path = Real;
  bool Ok = false;
  std::string Data = readWholeFile(Real, Ok);
  if (Ok) {
    File.Exists = true;
    File.Size = Data.size();
    File.Hash = fnv1a64(Data);
  }
  return File;
}

namespace {

auto callerKey(const SiteCaller &C) {
  return std::tie(C.File, C.Line, C.Column);
}

void addCaller(SiteCaller &Into, const SiteCaller &From) {
  Into.Allocations += From.Allocations;
  for (const auto &[Count, Allocations] : From.Counts)
    Into.Counts[Count] += Allocations;
  // Of separate processes; unknown once either does not know.
  Into.Processes =
      Into.Processes && From.Processes ? Into.Processes + From.Processes : 0;
}

} // namespace

void SiteCallers::add(std::vector<SiteCaller> Stack, bool WasCut,
                      std::uint64_t Allocations, std::uint64_t Count) {
  std::sort(Stack.begin(), Stack.end(),
            [](const SiteCaller &A, const SiteCaller &B) {
              return callerKey(A) < callerKey(B);
            });
  Stack.erase(std::unique(Stack.begin(), Stack.end(),
                          [](const SiteCaller &A, const SiteCaller &B) {
                            return callerKey(A) == callerKey(B);
                          }),
              Stack.end());
  SiteCallers One;
  for (SiteCaller &Place : Stack) {
    Place.Allocations = Allocations;
    Place.Counts = {{Count, Allocations}};
    One.Places.push_back(std::move(Place));
  }
  if (WasCut) {
    One.Cut.Allocations = Allocations;
    One.Cut.Counts = {{Count, Allocations}};
  }
  merge(One);
}

void SiteCallers::merge(const SiteCallers &Other) {
  if (!Known || !Other.Known) {
    *this = SiteCallers();
    Known = false;
    return;
  }
  std::vector<SiteCaller> Merged;
  Merged.reserve(Places.size() + Other.Places.size());
  auto A = Places.begin();
  auto B = Other.Places.begin();
  while (A != Places.end() || B != Other.Places.end()) {
    if (B == Other.Places.end() ||
        (A != Places.end() && callerKey(*A) < callerKey(*B))) {
      Merged.push_back(std::move(*A++));
      continue;
    }
    if (A == Places.end() || callerKey(*B) < callerKey(*A)) {
      Merged.push_back(*B++);
      continue;
    }
    addCaller(*A, *B++);
    Merged.push_back(std::move(*A++));
  }
  Places = std::move(Merged);
  addCaller(Cut, Other.Cut);
}

namespace {

auto siteKey(const ProfileSite &S) {
  return std::tie(S.File, S.Line, S.Column, S.Container, S.Function, S.Element);
}

/// Adds the processes of a site of other processes to \p Into's, per site
/// and per count (or size); unknown once either is.
void addProcesses(std::uint64_t &Into,
                  std::map<std::uint64_t, std::uint64_t> &IntoByCount,
                  std::uint64_t From,
                  const std::map<std::uint64_t, std::uint64_t> &FromByCount) {
  if (Into == 0 || From == 0) {
    Into = 0;
    IntoByCount.clear();
    return;
  }
  Into += From;
  for (const auto &[Count, Processes] : FromByCount)
    IntoByCount[Count] += Processes;
}

} // namespace

std::vector<ProfileSite> mergeSites(std::vector<ProfileSite> Sites) {
  std::sort(Sites.begin(), Sites.end(),
            [](const ProfileSite &A, const ProfileSite &B) {
              return siteKey(A) < siteKey(B);
            });
  std::vector<ProfileSite> Merged;
  for (ProfileSite &S : Sites) {
    if (!Merged.empty() && siteKey(Merged.back()) == siteKey(S)) {
      ProfileSite &Into = Merged.back();
      Into.Allocations += S.Allocations;
      Into.Bytes += S.Bytes;
      for (const auto &Count : S.Counts)
        Into.Counts[Count.first] += Count.second;
      addProcesses(Into.Processes, Into.ProcessesByCount, S.Processes,
                   S.ProcessesByCount);
      Into.Callers.merge(S.Callers);
      continue;
    }
    Merged.push_back(std::move(S));
  }
  return Merged;
}

namespace {

auto allocationSiteKey(const AllocationSite &S) {
  return std::tie(S.File, S.Line, S.Column, S.Function);
}

auto unattributedKey(const UnattributedGroup &G) {
  return std::tie(G.Reason, G.Element, G.File, G.Line, G.Column, G.Function,
                  G.Module, G.Offset);
}

} // namespace

std::vector<AllocationSite>
mergeAllocationSites(std::vector<AllocationSite> Sites) {
  std::sort(Sites.begin(), Sites.end(),
            [](const AllocationSite &A, const AllocationSite &B) {
              return allocationSiteKey(A) < allocationSiteKey(B);
            });
  std::vector<AllocationSite> Merged;
  for (AllocationSite &S : Sites) {
    if (!Merged.empty() &&
        allocationSiteKey(Merged.back()) == allocationSiteKey(S)) {
      AllocationSite &Into = Merged.back();
      Into.Allocations += S.Allocations;
      Into.Bytes += S.Bytes;
      for (const auto &Size : S.Sizes)
        Into.Sizes[Size.first] += Size.second;
      addProcesses(Into.Processes, Into.ProcessesBySize, S.Processes,
                   S.ProcessesBySize);
      Into.Callers.merge(S.Callers);
      continue;
    }
    Merged.push_back(std::move(S));
  }
  return Merged;
}

std::vector<UnattributedGroup>
mergeUnattributed(std::vector<UnattributedGroup> Groups) {
  std::sort(Groups.begin(), Groups.end(),
            [](const UnattributedGroup &A, const UnattributedGroup &B) {
              return unattributedKey(A) < unattributedKey(B);
            });
  std::vector<UnattributedGroup> Merged;
  for (UnattributedGroup &G : Groups) {
    if (!Merged.empty() &&
        unattributedKey(Merged.back()) == unattributedKey(G)) {
      Merged.back().Allocations += G.Allocations;
      Merged.back().Bytes += G.Bytes;
      continue;
    }
    Merged.push_back(std::move(G));
  }
  std::sort(Merged.begin(), Merged.end(),
            [](const UnattributedGroup &A, const UnattributedGroup &B) {
              if (A.Allocations != B.Allocations)
                return A.Allocations > B.Allocations;
              if (A.Bytes != B.Bytes)
                return A.Bytes > B.Bytes;
              return unattributedKey(A) < unattributedKey(B);
            });
  return Merged;
}

std::uint64_t Profile::leftOut() const {
  std::uint64_t Sum = NoUserFrame.Allocations + NoLine.Allocations +
                      NotMultiple.Allocations + NoSize.Allocations +
                      Unqualified.Allocations + Changed.Allocations +
                      LeftOutUnknown;
  for (const auto &Entry : NoElementSize)
    Sum += Entry.second.first.Allocations;
  return Sum;
}

Profile buildProfile(const StackReport &Report,
                     const std::vector<ContainerGrowth> &Growth,
                     const ElementSizes &Sizes,
                     const std::map<std::string, SourceFile> &Files) {
  Profile P;
  P.Allocations = Report.TotalAllocs;
  P.Dropped = Report.Dropped;
  if (!Report.Modules.empty())
    P.Program = Report.Modules[0].Path;
  if (!P.Program.empty())
    P.Programs.insert(P.Program);
  std::vector<ProfileSite> Sites;
  std::vector<AllocationSite> Allocating;
  std::vector<UnattributedGroup> Unattributed;
  std::map<std::string, SourceFile> Used;
  // The processes of each site and of each count (or size) there: a process
  // that reached a site through several stacks counts once.
  struct SiteProcesses {
    ProcessSet All;
    std::map<std::uint64_t, ProcessSet> ByCount;
    bool Known = true;
  };
  std::map<std::tuple<std::string, unsigned, unsigned, std::string, std::string,
                      std::string>,
           SiteProcesses>
      ProcessesOfSites;
  std::map<std::tuple<std::string, unsigned, unsigned, std::string>,
           SiteProcesses>
      ProcessesOfAllocationSites;
  auto AddProcesses = [](SiteProcesses &Into, std::uint64_t Count,
                         const ProcessSet &Made) {
    if (Made.empty()) {
      Into.Known = false;
      return;
    }
    Into.All.insert(Made);
    Into.ByCount[Count].insert(Made);
  };
  auto SetProcesses = [](const SiteProcesses &From, std::uint64_t &Processes,
                         std::map<std::uint64_t, std::uint64_t> &ByCount) {
    if (!From.Known)
      return;
    Processes = From.All.size();
    for (const auto &[Count, Made] : From.ByCount)
      ByCount[Count] = Made.size();
  };
  // The processes that reached each site through each of its callers.
  using CallerKey = std::tuple<std::string, unsigned, unsigned>;
  std::map<std::pair<decltype(ProcessesOfSites)::key_type, CallerKey>,
           SiteProcesses>
      ProcessesOfSiteCallers;
  std::map<std::pair<decltype(ProcessesOfAllocationSites)::key_type, CallerKey>,
           SiteProcesses>
      ProcessesOfAllocationCallers;
  auto AddCallerProcesses = [](auto &Map, const auto &Site,
                               const std::vector<SiteCaller> &Places,
                               const ProcessSet &Made) {
    using SiteKey = typename std::decay_t<decltype(Map)>::key_type::first_type;
    for (const SiteCaller &Place : Places) {
      SiteProcesses &Into =
          Map[{SiteKey(Site), CallerKey(Place.File, Place.Line, Place.Column)}];
      if (Made.empty())
        Into.Known = false;
      else
        Into.All.insert(Made);
    }
  };
  auto SetCallerProcesses = [](auto &Map, const auto &Site,
                               SiteCallers &Callers) {
    using SiteKey = typename std::decay_t<decltype(Map)>::key_type::first_type;
    for (SiteCaller &Place : Callers.Places) {
      auto Found = Map.find(
          {SiteKey(Site), CallerKey(Place.File, Place.Line, Place.Column)});
      Place.Processes = Found != Map.end() && Found->second.Known
                            ? Found->second.All.size()
                            : 0;
    }
  };
  // A file named by a site, or only by callers (CallersOnly until a site
  // names it).
  auto SourceOf = [&](const std::string &DebugPath, bool ByCaller = false) {
    auto File = Files.find(DebugPath);
    SourceFile Source = File == Files.end()
                            ? SourceFile{DebugPath, false, false, 0, 0}
                            : File->second;
    auto [It, Added] = Used.try_emplace(Source.Path, Source);
    It->second.CallersOnly = (Added || It->second.CallersOnly) && ByCaller;
    return Source.Path;
  };
  // The callers' files as the sites' are named (and listed in "files").
  auto CallersOf = [&](const ContainerGrowth &G) {
    std::vector<SiteCaller> Places = G.Callers;
    for (SiteCaller &Place : Places)
      Place.File = SourceOf(Place.File, /*ByCaller=*/true);
    return Places;
  };
  auto Add = [&](LeftOut &Out, const StackInfo &Stack, const ContainerGrowth &G,
                 const char *Reason) {
    Out.Allocations += Stack.Calls;
    ++Out.Stacks;
    UnattributedGroup Group;
    Group.Reason = Reason;
    Group.Allocations = Stack.Calls;
    Group.Bytes = Stack.Bytes;
    if (G.ReachedUserCode && !G.File.empty() && G.Line) {
      auto Known = Files.find(G.File);
      Group.File = Known == Files.end() ? G.File : Known->second.Path;
      Group.Line = G.Line;
      Group.Column = G.Column;
      Group.Function = G.Function;
    } else {
      Group.Function = G.ReachedUserCode ? G.Function : G.InnermostFunction;
      if (G.FrameModule >= 0 &&
          static_cast<std::size_t>(G.FrameModule) < Report.Modules.size())
        Group.Module =
            Report.Modules[static_cast<std::size_t>(G.FrameModule)].Path;
      Group.Offset = G.FrameOffset;
    }
    if (std::string(Reason) == "no_element_size")
      Group.Element = G.Element;
    Unattributed.push_back(std::move(Group));
  };
  for (std::size_t I = 0; I < Report.Stacks.size() && I < Growth.size(); ++I) {
    const ContainerGrowth &G = Growth[I];
    const StackInfo &Stack = Report.Stacks[I];
    if (Stack.Calls == 0)
      continue;
    if (!G.IsGrowth && G.UnqualifiedAllocator) {
      Add(P.Unqualified, Stack, G, "unqualified_allocator");
      continue;
    }
    if (!G.IsGrowth) {
      // Not a container's growth: an allocation site of the user's code.
      if (!Report.BySize || !G.ReachedUserCode || G.File.empty() || G.Line == 0)
        continue;
      AllocationSite Site;
      Site.File = SourceOf(G.File);
      Site.Line = G.Line;
      Site.Column = G.Column;
      Site.Function = G.Function;
      Site.Allocations = Stack.Calls;
      Site.Bytes = Stack.Bytes;
      Site.Sizes[Stack.Size] = Stack.Calls;
      std::vector<SiteCaller> Places = CallersOf(G);
      AddCallerProcesses(ProcessesOfAllocationCallers, allocationSiteKey(Site),
                         Places, Stack.Processes);
      Site.Callers.add(std::move(Places), G.CallersCut, Stack.Calls,
                       Stack.Size);
      AddProcesses(ProcessesOfAllocationSites[allocationSiteKey(Site)],
                   Stack.Size, Stack.Processes);
      Allocating.push_back(std::move(Site));
      continue;
    }
    if (!Report.BySize) {
      Add(P.NoSize, Stack, G, "not_by_size");
      continue;
    }
    if (!G.ReachedUserCode) {
      Add(P.NoUserFrame, Stack, G, "no_user_frame");
      continue;
    }
    if (G.File.empty() || G.Line == 0) {
      Add(P.NoLine, Stack, G, "no_line");
      continue;
    }
    std::uint64_t ElementSize = builtinTypeSize(G.Element);
    if (ElementSize == 0) {
      auto Found = Sizes.find({G.ElementModule, G.Element});
      if (Found == Sizes.end() || Found->second.Bytes == 0) {
        auto &Entry = P.NoElementSize[G.Element];
        Add(Entry.first, Stack, G, "no_element_size");
        if (Entry.second.empty())
          Entry.second =
              Found == Sizes.end() ? "not looked up" : Found->second.Why;
        continue;
      }
      ElementSize = Found->second.Bytes;
    }
    if (Stack.Size % ElementSize != 0) {
      Add(P.NotMultiple, Stack, G, "not_multiple");
      continue;
    }
    ProfileSite Site;
    std::string Path = SourceOf(G.File);
    Site.File = Path;
    Site.Line = G.Line;
    Site.Column = G.Column;
    Site.Function = G.Function;
    Site.Container = G.Container;
    Site.Element = G.Element;
    Site.ElementSize = ElementSize;
    Site.Allocations = Stack.Calls;
    Site.Bytes = Stack.Bytes;
    Site.Counts[Stack.Size / ElementSize] = Stack.Calls;
    std::vector<SiteCaller> Places = CallersOf(G);
    AddCallerProcesses(ProcessesOfSiteCallers, siteKey(Site), Places,
                       Stack.Processes);
    Site.Callers.add(std::move(Places), G.CallersCut, Stack.Calls,
                     Stack.Size / ElementSize);
    AddProcesses(ProcessesOfSites[siteKey(Site)], Stack.Size / ElementSize,
                 Stack.Processes);
    Sites.push_back(std::move(Site));
  }
  P.Sites = mergeSites(std::move(Sites));
  P.AllocationSites = mergeAllocationSites(std::move(Allocating));
  for (ProfileSite &S : P.Sites) {
    SetProcesses(ProcessesOfSites[siteKey(S)], S.Processes, S.ProcessesByCount);
    SetCallerProcesses(ProcessesOfSiteCallers, siteKey(S), S.Callers);
  }
  for (AllocationSite &S : P.AllocationSites) {
    SetProcesses(ProcessesOfAllocationSites[allocationSiteKey(S)], S.Processes,
                 S.ProcessesBySize);
    SetCallerProcesses(ProcessesOfAllocationCallers, allocationSiteKey(S),
                       S.Callers);
  }
  P.Unattributed = mergeUnattributed(std::move(Unattributed));
  for (const ProfileSite &S : P.Sites)
    P.Profiled += S.Allocations;
  for (auto &Entry : Used)
    P.Files.push_back(std::move(Entry.second));
  return P;
}

} // namespace heapcount
