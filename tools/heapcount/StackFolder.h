//===- StackFolder.h - heapcount --profile: many processes as one -*- C++
//-*-===//
//
// A test suite starts thousands of processes that run a few programs and
// share most of their libraries. Each process's report gives its stacks as
// absolute addresses in modules loaded wherever the loader put them. The
// folder turns every address into a module and a file offset, knows each
// module by its contents (ModuleIdentities: the GNU build id, else the path,
// size and modification time) and sums the stacks of all processes, by
// program, as each report arrives: the reports can be removed at once, and
// each module is symbolized once for all processes. Each stack keeps the
// processes that made it, so that a profile can say how many processes
// allocated at a site: a loop that runs once in each process runs as many
// times as there are processes.
//
// The folded stacks are StackReports like a process's, whose addresses are
// synthetic: module number N of the folder occupies
// [FoldedModuleBase + N * FoldedModuleSpan, + FoldedModuleSpan) with that
// start as its load bias, so that locateFrame gives back the file offset. A
// frame in no module keeps its address (below 2^47 on Linux).
//
// StackFolder is a pure function of the reports and of the identify
// function given to it, unit-tested; ModuleIdentities reads the files.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_STACKFOLDER_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_STACKFOLDER_H

#include "tools/heapcount/CallSites.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace heapcount {

constexpr std::uint64_t FoldedModuleBase = 0x8000000000000000ULL;
constexpr std::uint64_t FoldedModuleSpan = 1ULL << 40;

/// What identifies a module's contents, cached by path and checked with
/// stat(): "build-id:<hex>" when it has one, else
/// "file:<path>:<size>:<mtime>"; a module that is not a file
/// ("linux-vdso.so.1") is its name.
class ModuleIdentities {
public:
  const std::string &identify(const std::string &Path);
  /// How many times a file was opened to read its build id.
  std::size_t filesRead() const { return FilesRead; }

private:
  struct Known {
    std::uint64_t Device = 0, Inode = 0, Size = 0;
    std::int64_t ModifiedNs = 0;
    std::string Identity;
  };
  std::map<std::string, Known> ByPath;
  std::size_t FilesRead = 0;
};

/// The stacks of many processes, summed by program and by stack.
class StackFolder {
public:
  using IdentifyModule = std::function<std::string(const std::string &Path)>;
  explicit StackFolder(IdentifyModule Identify)
      : Identify(std::move(Identify)) {}

  /// Adds the stacks of one process (Modules[0] is its program).
  void add(const StackReport &Report);

  /// The stacks of each program, the program of the first process added
  /// first, then by first appearance: Modules[0] is the program, then the
  /// other modules its stacks use; TotalAllocs, Dropped and the stacks are
  /// the sums over its processes, and each stack has the processes that
  /// made it (numbered in the order they were added, per program).
  std::vector<StackReport> reports() const;
  /// The processes added for each program, in the order of reports().
  std::vector<std::uint64_t> processesByProgram() const;

  /// Every distinct frame of every program (one StackInfo per program) in
  /// every module, for the symbolizer: each module's frames once.
  StackReport allFrames() const;

  std::uint64_t processes() const { return Processes; }
  std::size_t modules() const { return Modules.size(); }

private:
  /// The folder's module for \p Path (the path the first process gave).
  std::size_t moduleOf(const std::string &Path);

  struct Program {
    std::size_t Module = 0;
    std::uint64_t Processes = 0, TotalAllocs = 0, Dropped = 0;
    unsigned Depth = 0;
    bool BySize = true;
    struct Sums {
      std::uint64_t Calls = 0, Bytes = 0;
      /// By their number among the program's processes.
      ProcessSet Processes;
    };
    /// (requested size, synthetic frames) -> what its processes made.
    std::map<std::pair<std::uint64_t, std::vector<std::uint64_t>>, Sums> Stacks;
  };

  IdentifyModule Identify;
  std::vector<ModuleInfo> Modules;
  std::map<std::string, std::size_t> ModuleByIdentity;
  std::vector<Program> Programs;
  std::map<std::size_t, std::size_t> ProgramByModule;
  std::uint64_t Processes = 0;
};

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_STACKFOLDER_H
