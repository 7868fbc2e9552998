//===- StackFolder.cpp - heapcount --profile: many processes as one -------===//
//
// See StackFolder.h.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/StackFolder.h"
#include "tools/heapcount/Launch.h"

#ifndef _WIN32
#include "tools/heapcount/ProgramFile.h"
#endif

#include <algorithm>
#include <set>
#include <sys/stat.h>

namespace heapcount {

const std::string &ModuleIdentities::identify(const std::string &Path) {
  Known &Entry = ByPath[Path];
  struct stat Info;
  if (Path.find_first_of(PathSeparators) == std::string::npos ||
      stat(Path.c_str(), &Info) != 0) {
    // Not a file (the vdso), or gone: its name is all there is.
    Entry = Known();
    Entry.Identity = Path;
    return Entry.Identity;
  }
  std::int64_t ModifiedNs =
      static_cast<std::int64_t>(Info.st_mtime) * 1000000000;
#ifndef _WIN32
  ModifiedNs += Info.st_mtim.tv_nsec;
#endif
  auto Device = static_cast<std::uint64_t>(Info.st_dev);
  auto Inode = static_cast<std::uint64_t>(Info.st_ino);
  auto Size = static_cast<std::uint64_t>(Info.st_size);
  if (!Entry.Identity.empty() && Entry.Device == Device &&
      Entry.Inode == Inode && Entry.Size == Size &&
      Entry.ModifiedNs == ModifiedNs)
    return Entry.Identity;
  Entry.Device = Device;
  Entry.Inode = Inode;
  Entry.Size = Size;
  Entry.ModifiedNs = ModifiedNs;
  std::string BuildId;
#ifndef _WIN32
  ++FilesRead;
  BuildId = readBuildId(Path);
#endif
  Entry.Identity = BuildId.empty()
                       ? "file:" + Path + ":" + std::to_string(Size) + ":" +
                             std::to_string(ModifiedNs)
                       : "build-id:" + BuildId;
  return Entry.Identity;
}

std::size_t StackFolder::moduleOf(const std::string &Path) {
  auto [It, Added] = ModuleByIdentity.emplace(Identify(Path), Modules.size());
  if (Added) {
    std::uint64_t Start = FoldedModuleBase + Modules.size() * FoldedModuleSpan;
    Modules.push_back(ModuleInfo{Path, Start, Start, Start + FoldedModuleSpan});
  }
  return It->second;
}

void StackFolder::add(const StackReport &Report) {
  ++Processes;
  // The modules of this process, as the folder's.
  std::vector<std::size_t> Folded;
  Folded.reserve(Report.Modules.size());
  for (const ModuleInfo &M : Report.Modules)
    Folded.push_back(moduleOf(M.Path));
  std::size_t ProgramModule =
      Folded.empty() ? moduleOf(std::string()) : Folded.front();
  auto [Found, Added] = ProgramByModule.emplace(ProgramModule, Programs.size());
  if (Added) {
    Programs.emplace_back();
    Programs.back().Module = ProgramModule;
  }
  Program &P = Programs[Found->second];
  auto Process = static_cast<std::uint32_t>(P.Processes);
  ++P.Processes;
  P.TotalAllocs += Report.TotalAllocs;
  P.Dropped += Report.Dropped;
  P.Depth = std::max(P.Depth, Report.Depth);
  P.BySize = P.BySize && Report.BySize;
  std::vector<std::uint64_t> Frames;
  for (const StackInfo &Stack : Report.Stacks) {
    Frames.clear();
    for (std::uint64_t Frame : Stack.Frames) {
      FrameAddress Where = locateFrame(Report, Frame);
      if (Where.Module < 0) {
        Frames.push_back(Frame);
        continue;
      }
      const ModuleInfo &M =
          Modules[Folded[static_cast<std::size_t>(Where.Module)]];
      // locateFrame takes one from a return address: put it back.
      Frames.push_back(M.Base + Where.Offset + 1);
    }
    Program::Sums &Sums = P.Stacks[{Stack.Size, Frames}];
    Sums.Calls += Stack.Calls;
    Sums.Bytes += Stack.Bytes;
    Sums.Processes.addLast(Process);
  }
}

std::vector<StackReport> StackFolder::reports() const {
  std::vector<StackReport> Reports;
  Reports.reserve(Programs.size());
  for (const Program &P : Programs) {
    StackReport R;
    R.Depth = P.Depth;
    R.BySize = P.BySize;
    R.Dropped = P.Dropped;
    R.TotalAllocs = P.TotalAllocs;
    R.Modules.push_back(Modules[P.Module]);
    std::set<std::size_t> Used{P.Module};
    R.Stacks.reserve(P.Stacks.size());
    for (const auto &[Key, Sums] : P.Stacks) {
      StackInfo Stack;
      Stack.Size = Key.first;
      Stack.Frames = Key.second;
      Stack.Calls = Sums.Calls;
      Stack.Bytes = Sums.Bytes;
      Stack.Processes = Sums.Processes;
      for (std::uint64_t Frame : Stack.Frames) {
        if (Frame < FoldedModuleBase)
          continue;
        auto Module = static_cast<std::size_t>((Frame - 1 - FoldedModuleBase) /
                                               FoldedModuleSpan);
        if (Module < Modules.size() && Used.insert(Module).second)
          R.Modules.push_back(Modules[Module]);
      }
      R.Stacks.push_back(std::move(Stack));
    }
    Reports.push_back(std::move(R));
  }
  return Reports;
}

std::vector<std::uint64_t> StackFolder::processesByProgram() const {
  std::vector<std::uint64_t> Counts;
  Counts.reserve(Programs.size());
  for (const Program &P : Programs)
    Counts.push_back(P.Processes);
  return Counts;
}

StackReport StackFolder::allFrames() const {
  StackReport All;
  All.Modules = Modules;
  for (const Program &P : Programs) {
    std::set<std::uint64_t> Seen;
    StackInfo Frames;
    for (const auto &Entry : P.Stacks)
      for (std::uint64_t Frame : Entry.first.second)
        if (Seen.insert(Frame).second)
          Frames.Frames.push_back(Frame);
    All.Stacks.push_back(std::move(Frames));
  }
  return All;
}

} // namespace heapcount
