//===- ProfileRun.cpp - heapcount --profile: the profile of a run
//-----------===//
//
// What heapcount --profile does once the program has ended: the stacks of
// every process, folded by program (StackFolder.h), symbolized once per
// module, classified, merged and written, with progress on stderr.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Launch.h"
#include "tools/heapcount/Profile.h"
#include "tools/heapcount/StackFolder.h"
#include "tools/heapcount/profile/ProfileHelpers.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace heapcount {

namespace profile {

std::string trim(const std::string &Text) {
  std::size_t First = Text.find_first_not_of(" \t");
  if (First == std::string::npos)
    return std::string();
  std::size_t Last = Text.find_last_not_of(" \t");
  return Text.substr(First, Last - First + 1);
}

std::string hex16(std::uint64_t Value) {
  char Text[24];
  std::snprintf(Text, sizeof(Text), "%016llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

std::string hexNumber(std::uint64_t Value) {
  char Text[24];
  std::snprintf(Text, sizeof(Text), "%llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

std::string readWholeFile(const std::string &Path, bool &Ok) {
  std::ifstream In(Path, std::ios::binary);
  Ok = static_cast<bool>(In);
  std::string Data((std::istreambuf_iterator<char>(In)),
                   std::istreambuf_iterator<char>());
  Ok = Ok && !In.bad();
  return Data;
}

// Writes \p Text to \p Path through a temporary file beside it, renamed
// into place once complete; false with errno set when it cannot.
bool writeWholeFile(const std::string &Path, const std::string &Text) {
  std::string Partial = Path + ".partial." + std::to_string(currentProcessId());
  std::FILE *File = std::fopen(Partial.c_str(), "wb");
  bool Written =
      File && std::fwrite(Text.data(), 1, Text.size(), File) == Text.size();
  if (File && std::fclose(File) != 0)
    Written = false;
  if (Written && replaceFile(Partial, Path))
    return true;
  int Saved = errno;
  std::remove(Partial.c_str());
  errno = Saved;
  return false;
}

} // namespace profile

bool prepareProfile(const std::string &Path, std::string &Error) {
  std::FILE *File = std::fopen(Path.c_str(), "wb");
  if (!File) {
    Error = "cannot write the profile to '" + Path + "' (" +
            std::strerror(errno) + ")";
    return false;
  }
  std::fclose(File);
  return true;
}

ProgressClock::ProgressClock() : Last(std::chrono::steady_clock::now()) {
  if (const char *Text = std::getenv("HEAPCOUNT_PROGRESS_SECONDS"))
    Interval = std::strtod(Text, nullptr);
}

bool ProgressClock::due() {
  auto Now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(Now - Last).count() < Interval)
    return false;
  Last = Now;
  return true;
}

namespace {

// The profile of one program's folded stacks, symbolized in \p Symbols. The
// source files are described once, in \p Files, for every program.
Profile profileOfStacks(const StackReport &Report, const SymbolTable &Symbols,
                        std::map<std::string, SourceFile> &Files,
                        const std::vector<std::string> &SourceRoots) {
  std::vector<ContainerGrowth> Growth;
  Growth.reserve(Report.Stacks.size());
  // The element types to look up, by module, and the source files.
  std::map<int, std::set<std::string>> Needed;
  for (const StackInfo &Stack : Report.Stacks) {
    Growth.push_back(classifyStack(Report, Stack, Symbols));
    const ContainerGrowth &G = Growth.back();
    if (G.File.empty() || !G.ReachedUserCode)
      continue;
    if (G.IsGrowth && builtinTypeSize(G.Element) == 0)
      Needed[G.ElementModule].insert(G.Element);
    if (!Files.count(G.File))
      Files[G.File] = describeSourceFile(G.File, SourceRoots);
    for (const SiteCaller &Caller : G.Callers)
      if (!Files.count(Caller.File))
        Files[Caller.File] = describeSourceFile(Caller.File, SourceRoots);
  }
  ElementSizes Sizes;
  std::string NoToolWhy;
  std::string Dwarfdump = Needed.empty() ? "" : findDwarfdump(NoToolWhy);
  for (const auto &Entry : Needed) {
    if (Entry.first < 0 ||
        static_cast<std::size_t>(Entry.first) >= Report.Modules.size()) {
      for (const std::string &Type : Entry.second)
        Sizes[{Entry.first, Type}] =
            TypeSize{0, "the allocator's frame is in no module"};
      continue;
    }
    std::string Module =
        Report.Modules[static_cast<std::size_t>(Entry.first)].Path;
    for (auto &Size :
         lookUpTypeSizes(Dwarfdump, NoToolWhy, Module, Entry.second))
      Sizes[{Entry.first, Size.first}] = std::move(Size.second);
  }
  return buildProfile(Report, Growth, Sizes, Files);
}

void setProgram(Profile &P, const std::string &Program) {
  if (std::string Real = realPath(Program); !Real.empty())
    P.Program = Real;
  else
    P.Program = Program;
  P.Programs.clear();
  if (!P.Program.empty())
    P.Programs.insert(P.Program);
}

std::string plural(std::uint64_t Count, const char *One, const char *Many) {
  return std::to_string(Count) + " " + (Count == 1 ? One : Many);
}

// Sites in files that do not exist cannot be matched to code: say how much
// of the profile that is, and the likely cause.
void warnOfMissingFiles(const Profile &P, bool HaveRoots) {
  std::set<std::string> Missing;
  for (const SourceFile &F : P.Files)
    if (!F.Exists)
      Missing.insert(F.Path);
  std::uint64_t At = 0, All = 0;
  std::string Example;
  std::uint64_t ExampleAllocations = 0;
  auto Count = [&](const std::string &File, std::uint64_t Allocations) {
    All += Allocations;
    if (!Missing.count(File))
      return;
    At += Allocations;
    if (Allocations > ExampleAllocations) {
      Example = File;
      ExampleAllocations = Allocations;
    }
  };
  for (const ProfileSite &S : P.Sites)
    Count(S.File, S.Allocations);
  for (const AllocationSite &S : P.AllocationSites)
    Count(S.File, S.Allocations);
  if (!At)
    return;
  std::fprintf(stderr,
               "heapcount: warning: profile: %.1f%% of the allocations at "
               "sites are in source files that do not exist (such as '%s'): "
               "%s\n",
               100.0 * static_cast<double>(At) / static_cast<double>(All),
               Example.c_str(),
               HaveRoots ? "not found under --source-root either"
                         : "a build with -ffile-prefix-map or "
                           "-fdebug-prefix-map names them relative to its "
                           "source directory; --source-root DIR looks for "
                           "them there");
}

} // namespace

int reportProfile(const StackFolder &Folder, const FoldedRun &Run, unsigned Top,
                  const std::string &Path, bool Verbose,
                  const std::vector<std::string> &SourceRoots) {
  if (!Run.RootWhy.empty())
    std::fprintf(stderr, "heapcount: warning: profile: %s: %s\n",
                 Run.RootWhy.c_str(),
                 Run.Processes > 1 ? "the program's own allocations are not "
                                     "in the profile"
                                   : "the profile has no sites");
  for (const auto &[Cause, Count] : Run.ChildFailures)
    std::fprintf(stderr,
                 "heapcount: warning: profile: %s the program started: %s: "
                 "%s not in the profile\n",
                 plural(Count, "process", "processes").c_str(), Cause.c_str(),
                 Count == 1 ? "its allocations are" : "their allocations are");

  // Every module's frames symbolized once, for all the processes.
  StackReport All = Folder.allFrames();
  std::string Warning;
  Symbolizer Used;
  std::size_t ModulesDone = 0, ModulesAsked = 0;
  ProgressClock Clock;
  SymbolTable Symbols;
  if (Folder.processes() && !stopSignal())
    Symbols = symbolizeByModule(
        All, findSymbolizers(), Warning, &Used,
        [&](std::size_t Done, std::size_t Modules, const std::string &Module,
            std::size_t Addresses) {
          ModulesDone = Done;
          ModulesAsked = Modules;
          if (Verbose)
            std::fprintf(stderr, "heapcount: profile: symbolized %s once: %s\n",
                         Module.c_str(),
                         plural(Addresses, "address", "addresses").c_str());
          if (Clock.due() && Done < Modules)
            std::fprintf(stderr,
                         "heapcount: profile: symbolized %zu of %zu "
                         "modules...\n",
                         Done, Modules);
          return !stopSignal();
        });

  std::vector<Profile> Programs;
  std::map<std::string, SourceFile> Files;
  std::vector<StackReport> Reports = Folder.reports();
  std::vector<std::uint64_t> Processes = Folder.processesByProgram();
  if (!Warning.empty()) {
    std::fprintf(stderr,
                 "heapcount: warning: profile: %s: the profile has no "
                 "sites\n",
                 Warning.c_str());
    Profile None;
    None.Processes = Folder.processes();
    for (const StackReport &R : Reports)
      None.Allocations += R.TotalAllocs;
    Programs.push_back(std::move(None));
  } else {
    for (std::size_t I = 0; I < Reports.size(); ++I) {
      Profile P = profileOfStacks(Reports[I], Symbols, Files, SourceRoots);
      P.ByAddr2line = Used.Kind == Symbolizer::Addr2line;
      setProgram(P, P.Program);
      P.Processes = Processes[I];
      Programs.push_back(std::move(P));
    }
  }
  // The processes whose reports had no stacks count, with what they
  // allocated.
  if (Run.FailedProcesses) {
    Profile Failed;
    Failed.Processes = Run.FailedProcesses;
    Failed.Allocations = Run.FailedAllocations;
    Programs.push_back(std::move(Failed));
  }
  std::vector<std::string> Warnings;
  Profile P = mergeProfiles(
      std::move(Programs),
      [&](const std::string &File) {
        return describeSourceFile(File, SourceRoots);
      },
      Warnings);
  Profile Named;
  setProgram(Named, Run.Program);
  P.Program = Named.Program;
  if (!P.Program.empty())
    P.Programs.insert(P.Program);
  for (const std::string &W : Warnings)
    std::fprintf(stderr, "heapcount: warning: profile: %s\n", W.c_str());
  warnOfMissingFiles(P, !SourceRoots.empty());

  int Stopped = stopSignal();
  if (Stopped) {
    P.Incomplete = "heapcount was stopped by " + signalName(Stopped);
    if (!Run.Incomplete.empty())
      P.Incomplete += " " + Run.Incomplete;
    else if (ModulesDone < ModulesAsked || !ModulesAsked)
      P.Incomplete +=
          " while symbolizing (" + std::to_string(ModulesDone) + " of " +
          std::to_string(ModulesAsked ? ModulesAsked : Folder.modules()) +
          " modules done)";
  }
  if (!profile::writeWholeFile(Path, profileJson(P))) {
    std::fprintf(stderr,
                 "heapcount: warning: cannot write the profile to '%s' (%s)\n",
                 Path.c_str(), std::strerror(errno));
    return Stopped;
  }
  std::fputs(formatProfile(P, Top, Path).c_str(), stderr);
  if (Verbose)
    std::fprintf(stderr,
                 "heapcount: profile: %s folded; %s symbolized, one "
                 "symbolizer run each (%zu modules loaded)\n",
                 plural(Folder.processes(), "process", "processes").c_str(),
                 plural(ModulesDone, "module", "modules").c_str(),
                 Folder.modules());
  if (Stopped)
    std::fprintf(stderr,
                 "heapcount: error: profile: %s: the profile in %s is "
                 "incomplete\n",
                 P.Incomplete.c_str(), Path.c_str());
  return Stopped;
}

} // namespace heapcount
