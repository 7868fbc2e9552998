//===- HeapcountMain.cpp - heapcount: count a program's heap calls --------===//
//
//   heapcount [--json FILE] [--top N] [--start=MARKER] [--stacks[=DEPTH]]
//             [--profile FILE] -- PROGRAM ARGS...
//   heapcount diff [options] BEFORE.json AFTER.json     (Diff.h)
//
// Runs PROGRAM with the counting library loaded (Launch.h: preloaded
// build/lib/libheapcount.so on Linux, heapcount.dll on Windows), forwards its
// exit status and prints a summary of the report the library writes when the
// program ends to stderr (the program's stdout is left alone). On Linux the
// processes the program starts write reports of their own, FILE.<pid>,
// listed after the summary. --stacks attributes allocations to call sites
// (CallSites.h); --profile writes the element counts that containers'
// growth requested at each site (Profile.h). No LLVM: this tool must build
// wherever the runtime does.
//
//===----------------------------------------------------------------------===//

#include "alloc-tidy/Version.h"
#include "tools/heapcount/CallSites.h"
#include "tools/heapcount/Diff.h"
#include "tools/heapcount/Launch.h"
#include "tools/heapcount/Profile.h"
#include "tools/heapcount/StackFolder.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <sys/stat.h>

namespace {

constexpr int UsageError = 2;

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "heapcount: error: %s\n", What.c_str());
  std::exit(UsageError);
}

/// Whether \p Cause ("signal 9, SIGKILL") is a signal someone sent the
/// program (kill, Ctrl-C, a closed pipe, a timer) rather than a fault of
/// its own.
bool endedFromOutside(const std::string &Cause) {
  static const char *const Sent[] = {
      "SIGHUP",  "SIGINT",  "SIGQUIT",  "SIGKILL", "SIGTERM",
      "SIGPIPE", "SIGALRM", "SIGUSR1",  "SIGUSR2", "SIGXCPU",
      "SIGXFSZ", "SIGPROF", "SIGVTALRM"};
  std::string::size_type Comma = Cause.find(", ");
  if (Cause.rfind("signal ", 0) != 0 || Comma == std::string::npos)
    return false;
  std::string Name = Cause.substr(Comma + 2);
  return std::any_of(std::begin(Sent), std::end(Sent),
                     [&](const char *S) { return Name == S; });
}

const char *const Usage =
    "usage: heapcount [options] -- PROGRAM ARGS... (heapcount --help)";

const char *const Help =
    "usage: heapcount [options] -- PROGRAM ARGS...\n"
    "       heapcount diff [options] BEFORE.json AFTER.json (diff --help)\n"
    "       heapcount merge-profiles OUT.json IN.json...\n"
    "Runs PROGRAM, counts its heap calls and prints a summary on stderr.\n"
    "  --json FILE         also write the report as JSON (docs/heapcount.md)\n"
    "  --top N             list the N functions with most calls (default 5)\n"
    "  --start=MARKER      count from: now (default), api (the program calls\n"
    "                      heapcount_start()), scope:NAME (the program enters\n"
    "                      the heapcount scope NAME)\n"
    "  --stacks[=DEPTH]    attribute allocations to call sites, from stacks "
    "of\n"
    "                      DEPTH frames (1 to 64, default 16)\n"
    "  --profile FILE      write the element counts requested by each\n"
    "                      container's growth, by call site, to FILE (stacks "
    "of\n"
    "                      24 frames unless --stacks=DEPTH; Linux only)\n"
    "  --source-root DIR   with --profile: look for source files that do not\n"
    "                      exist (a build with -ffile-prefix-map names them\n"
    "                      relative to its source directory) under DIR\n"
    "  --verbose           with --profile: say which modules were symbolized\n"
    "                      (each once) and how many processes were folded\n"
    "  --version           print heapcount's version";

struct Options {
  std::string JsonPath;
  std::string Start = "now";
  unsigned Top = 5;
  bool Stacks = false;                  // --stacks: list the call sites.
  unsigned StackDepth = 0;              // --stacks=DEPTH; 0 when not given.
  std::string ProfilePath;              // --profile.
  std::vector<std::string> SourceRoots; // --source-root, in order.
  bool Verbose = false;                 // --verbose: how the profile was made.
  std::vector<std::string> Command;
};

unsigned parseCount(const std::string &Flag, const char *Text) {
  char *End = nullptr;
  errno = 0;
  unsigned long Value = std::strtoul(Text, &End, 10);
  if (!*Text || *End || errno || Value > 1000000 || Text[0] == '-')
    fail(Flag + " expects a number, not '" + Text + "'");
  return static_cast<unsigned>(Value);
}

Options parseArgs(int Argc, char **Argv) {
  Options Opts;
  int I = 1;
  for (; I < Argc; ++I) {
    std::string Arg = Argv[I];
    auto ValueOf = [&](const std::string &Flag) -> const char * {
      if (Arg.size() > Flag.size() &&
          Arg.compare(0, Flag.size() + 1, Flag + "=") == 0)
        return Argv[I] + Flag.size() + 1;
      // The separator is never a value: '--json -- prog' lacks one, as
      // '--json' at the end of the line does.
      if (I + 1 >= Argc || std::strcmp(Argv[I + 1], "--") == 0 || !*Argv[I + 1])
        fail(Flag + " expects a value");
      return Argv[++I];
    };
    if (Arg == "--") {
      ++I;
      break;
    }
    if (Arg == "--help" || Arg == "-h") {
      std::printf("%s\n%s", Help, heapcount::PlatformHelp);
      std::exit(0);
    }
    if (Arg == "--version") {
      std::printf("heapcount, alloc-tidy version %s\n", ALLOC_TIDY_VERSION);
      std::exit(0);
    }
    if (Arg == "--json" || Arg.rfind("--json=", 0) == 0) {
      Opts.JsonPath = ValueOf("--json");
      if (Opts.JsonPath.empty())
        fail("--json expects a file name");
    } else if (Arg == "--top" || Arg.rfind("--top=", 0) == 0) {
      Opts.Top = parseCount("--top", ValueOf("--top"));
    } else if (Arg == "--start" || Arg.rfind("--start=", 0) == 0) {
      Opts.Start = ValueOf("--start");
      if (Opts.Start != "now" && Opts.Start != "api" &&
          (Opts.Start.rfind("scope:", 0) != 0 || Opts.Start.size() == 6))
        fail("--start expects now, api or scope:NAME, not '" + Opts.Start +
             "'");
    } else if (Arg == "--profile" || Arg.rfind("--profile=", 0) == 0) {
      Opts.ProfilePath = ValueOf("--profile");
      if (Opts.ProfilePath.empty())
        fail("--profile expects a file name");
    } else if (Arg == "--source-root" || Arg.rfind("--source-root=", 0) == 0) {
      std::string Root = ValueOf("--source-root");
      struct stat Info;
      if (Root.empty() || stat(Root.c_str(), &Info) != 0 ||
          !S_ISDIR(Info.st_mode))
        fail("--source-root expects a directory, not '" + Root + "'");
      Opts.SourceRoots.push_back(heapcount::realPath(Root));
    } else if (Arg == "--verbose") {
      Opts.Verbose = true;
    } else if (Arg == "--stacks") {
      Opts.Stacks = true;
    } else if (Arg.rfind("--stacks=", 0) == 0) {
      const char *Text = Argv[I] + 9;
      char *End = nullptr;
      errno = 0;
      unsigned long Depth = std::strtoul(Text, &End, 10);
      if (!*Text || *End || errno || Text[0] == '-' || Depth < 1 ||
          Depth > heapcount::MaxStackDepth)
        fail(std::string("--stacks expects a depth from 1 to ") +
             std::to_string(heapcount::MaxStackDepth) + ", not '" + Text + "'");
      Opts.Stacks = true;
      Opts.StackDepth = static_cast<unsigned>(Depth);
    } else if (Arg.size() > 1 && Arg[0] == '-') {
      fail("unknown option '" + Arg + "' (" + Usage + ")");
    } else {
      break; // The program, without a "--" in front of it.
    }
  }
  Opts.Command.insert(Opts.Command.end(), Argv + I, Argv + Argc);
  if (Opts.Command.empty())
    fail(std::string("no program to run (") + Usage + ")");
#ifdef _WIN32
  // The profile needs llvm-symbolizer and llvm-dwarfdump on the program's
  // DWARF and the data model of the element types; it is tested on Linux.
  if (!Opts.ProfilePath.empty())
    fail("--profile is not supported by heapcount.exe: take profiles on "
         "Linux (heapcount --profile FILE -- PROGRAM)");
#endif
  // --profile records stacks deep enough to get past the standard library.
  if (!Opts.StackDepth && (Opts.Stacks || !Opts.ProfilePath.empty()))
    Opts.StackDepth = Opts.ProfilePath.empty() ? heapcount::DefaultStackDepth
                                               : heapcount::DefaultProfileDepth;
  return Opts;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In),
                     std::istreambuf_iterator<char>());
}

// The report is written by lib/heapcount in a fixed shape; these read the
// numbers out of it without a JSON library.
unsigned long long numberAfter(const std::string &Json, const std::string &Key,
                               std::size_t From = 0) {
  std::size_t At = Json.find("\"" + Key + "\":", From);
  if (At == std::string::npos)
    return 0;
  return std::strtoull(Json.c_str() + At + Key.size() + 3, nullptr, 10);
}

struct Bucket {
  unsigned long long Le;
  double Share;
};

std::vector<Bucket> readHistogram(const std::string &Json) {
  std::vector<Bucket> Buckets;
  std::size_t At = Json.find("\"histogram\":");
  while (At != std::string::npos &&
         (At = Json.find("{\"le\":", At)) != std::string::npos) {
    Bucket B;
    B.Le = numberAfter(Json, "le", At);
    std::size_t Share = Json.find("\"share\":", At);
    B.Share = std::strtod(Json.c_str() + Share + 8, nullptr);
    Buckets.push_back(B);
    ++At;
  }
  return Buckets;
}

// The JSON string that starts at Json[At] (a '"'), unescaped; At ends past
// it. The report escapes only quotes, backslashes and control characters.
std::string readString(const std::string &Json, std::size_t &At) {
  std::string Text;
  for (++At; At < Json.size() && Json[At] != '"'; ++At) {
    if (Json[At] != '\\' || At + 1 >= Json.size()) {
      Text += Json[At];
      continue;
    }
    char Escaped = Json[++At];
    if (Escaped == 'u' && At + 4 < Json.size()) {
      Text += static_cast<char>(
          std::strtol(Json.substr(At + 1, 4).c_str(), nullptr, 16));
      At += 4;
    } else {
      Text += Escaped;
    }
  }
  ++At;
  return Text;
}

// A string member of the report's "counting" object ("via", "problem"), or
// "" when it has none.
std::string countingMember(const std::string &Json, const std::string &Key) {
  std::size_t Counting = Json.find("\"counting\":{");
  std::size_t End = Json.find("\"process\":", Counting);
  if (Counting == std::string::npos)
    return "";
  std::size_t At = Json.find("\"" + Key + "\":\"", Counting);
  if (At == std::string::npos || At > End)
    return "";
  At += Key.size() + 3;
  return readString(Json, At);
}

// The members of the object "Key":{...} whose values are flat objects:
// each name with the text of its object.
std::vector<std::pair<std::string, std::string>>
objectMembers(const std::string &Json, const std::string &Key) {
  std::vector<std::pair<std::string, std::string>> Members;
  std::size_t At = Json.find("\"" + Key + "\":{");
  if (At == std::string::npos)
    return Members;
  At += Key.size() + 4;
  while (At < Json.size()) {
    At = Json.find_first_not_of(", \n", At);
    if (At == std::string::npos || Json[At] != '"')
      break;
    std::string Name = readString(Json, At);
    std::size_t Open = Json.find('{', At);
    std::size_t Close = Json.find('}', Open);
    if (Open == std::string::npos || Close == std::string::npos)
      break;
    Members.emplace_back(Name, Json.substr(Open, Close - Open + 1));
    At = Close + 1;
  }
  return Members;
}

std::vector<std::pair<unsigned long long, std::string>>
readFunctions(const std::string &Json) {
  std::vector<std::pair<unsigned long long, std::string>> Functions;
  for (const auto &[Name, Counts] : objectMembers(Json, "functions"))
    Functions.emplace_back(numberAfter(Counts, "calls"), Name);
  // Most calls first, then by name.
  std::sort(
      Functions.begin(), Functions.end(), [](const auto &A, const auto &B) {
        return A.first != B.first ? A.first > B.first : A.second < B.second;
      });
  return Functions;
}

void printSummary(const std::string &Json, unsigned Top) {
  std::fprintf(stderr,
               "heapcount: %llu allocs, %llu frees, %llu bytes allocated\n"
               "heapcount: peak live: %llu bytes; still live at exit: %llu "
               "blocks (%llu bytes)\n",
               numberAfter(Json, "allocs"), numberAfter(Json, "frees"),
               numberAfter(Json, "bytes"), numberAfter(Json, "peak_live_bytes"),
               numberAfter(Json, "live_blocks_at_exit"),
               numberAfter(Json, "live_bytes_at_exit"));
  // The smallest size that covers half, 90% and 99% of the allocations.
  std::vector<Bucket> Buckets = readHistogram(Json);
  unsigned long long LastLe = 0;
  for (double Target : {0.5, 0.9, 0.99}) {
    auto It =
        std::find_if(Buckets.begin(), Buckets.end(),
                     [&](const Bucket &B) { return B.Share + 1e-9 >= Target; });
    if (It == Buckets.end() || It->Le == LastLe)
      continue;
    LastLe = It->Le;
    std::fprintf(stderr, "heapcount: %.0f%% of allocations are <= %llu bytes\n",
                 It->Share * 100, It->Le);
  }
  auto Functions = readFunctions(Json);
  for (std::size_t I = 0; I < Functions.size() && I < Top; ++I)
    std::fprintf(stderr, "heapcount:   %10llu calls  %s\n", Functions[I].first,
                 Functions[I].second.c_str());
  for (const auto &[Name, Counts] : objectMembers(Json, "os"))
    std::fprintf(stderr, "heapcount: mapping calls: %llu %s (%llu bytes)\n",
                 numberAfter(Counts, "calls"), Name.c_str(),
                 numberAfter(Counts, "bytes"));
  for (const auto &[Name, Counts] : objectMembers(Json, "scopes"))
    std::fprintf(stderr,
                 "heapcount: scope '%s': %llu runs, %llu allocs, %llu frees, "
                 "%llu bytes\n",
                 Name.c_str(), numberAfter(Counts, "runs"),
                 numberAfter(Counts, "allocs"), numberAfter(Counts, "frees"),
                 numberAfter(Counts, "bytes"));
  if (Json.find("\"started\":false") != std::string::npos) {
    std::size_t At = Json.find("\"from\":");
    std::string Marker = At == std::string::npos ? "" : [&] {
      At += 7;
      return readString(Json, At);
    }();
    std::fprintf(stderr,
                 "heapcount: warning: the start marker (%s) was never "
                 "reached: nothing was counted\n",
                 Marker.c_str());
  }
  // Windows: the heap diagnosis's warnings (the debug heap).
  std::size_t At = Json.find("\"heap_diagnosis\":");
  if (At != std::string::npos)
    At = Json.find("\"warnings\":[", At);
  if (At != std::string::npos) {
    At += 12;
    while (At < Json.size() && Json[At] == '"') {
      std::fprintf(stderr, "heapcount: warning: %s\n",
                   readString(Json, At).c_str());
      if (At < Json.size() && Json[At] == ',')
        ++At;
    }
  }
}

/// heapcount's private directory (Linux): the program's report is
/// report.json in it and each process it starts writes report.json.<pid>
/// there. Nothing else writes there, so the reports are found by listing
/// it, never a shared directory such as /tmp. Removed with what is left.
class PrivateDirectory {
public:
  PrivateDirectory() = default;
  ~PrivateDirectory() {
    if (!Path.empty())
      heapcount::removePrivateDirectory(Path);
  }
  PrivateDirectory(const PrivateDirectory &) = delete;
  PrivateDirectory &operator=(const PrivateDirectory &) = delete;

  bool create(std::string &Error) {
    Path = heapcount::createPrivateDirectory(Error);
    return !Path.empty();
  }
  const std::string &path() const { return Path; }
  std::string report() const { return Path + "/report.json"; }

private:
  std::string Path;
};

/// A process the program started, as the listing shows it.
struct ChildSummary {
  long Pid = 0;
  std::string End;
  unsigned long long Allocs = 0, Frees = 0, Bytes = 0;
};

/// The reports of the processes the program starts, taken from the private
/// directory once complete (while the program runs and once more when it
/// has ended): summed up for the listing, folded into the profile with
/// --profile, then moved beside the user's report with --json
/// (REPORT.<pid>) or removed. The disk holds only the reports not taken
/// yet.
class ChildReports {
public:
  ChildReports(std::string Dir, std::string KeepBeside,
               heapcount::StackFolder *Folder, heapcount::FoldedRun &Run)
      : Dir(std::move(Dir)), KeepBeside(std::move(KeepBeside)), Folder(Folder),
        Run(Run) {}

  /// Takes the complete reports there now. \p Last: the program has ended;
  /// progress is shown and a stop signal ends the folding.
  void take(bool Last) {
    const std::string Prefix = "report.json.";
    std::vector<std::string> Names;
    for (std::string &Name : heapcount::listDirectory(Dir))
      if (Name.size() > Prefix.size() &&
          !Name.compare(0, Prefix.size(), Prefix) &&
          Name.find_first_not_of("0123456789", Prefix.size()) ==
              std::string::npos)
        Names.push_back(std::move(Name));
    // By pid, not in the directory's order (a hash on most file systems):
    // the profile lists modules in the order they were first folded.
    std::sort(Names.begin(), Names.end(),
              [](const std::string &A, const std::string &B) {
                return A.size() != B.size() ? A.size() < B.size() : A < B;
              });
    heapcount::ProgressClock Clock;
    for (std::size_t I = 0; I < Names.size(); ++I) {
      if (Last && heapcount::stopSignal()) {
        Run.Incomplete = "after folding " + std::to_string(I) + " of " +
                         std::to_string(Names.size()) +
                         " process reports left when the program ended";
        return;
      }
      if (Last && Folder && Clock.due())
        std::fprintf(stderr,
                     "heapcount: profile: folded %zu of %zu process reports "
                     "left when the program ended...\n",
                     I, Names.size());
      takeOne(Names[I], Prefix);
    }
  }

  /// The listing after the summary: the first processes by pid, the rest
  /// summed. \p Report is the user's report (--json) or "".
  void list(const std::string &Report) {
    std::sort(Children.begin(), Children.end(),
              [](const ChildSummary &A, const ChildSummary &B) {
                return A.Pid < B.Pid;
              });
    // A build tool starts hundreds: the first ones by name, the rest summed.
    constexpr std::size_t Listed = 10;
    bool Keep = !Report.empty();
    unsigned long long RestAllocs = 0, RestFrees = 0, RestBytes = 0;
    for (std::size_t I = 0; I < Children.size(); ++I) {
      const ChildSummary &C = Children[I];
      if (I >= Listed) {
        RestAllocs += C.Allocs;
        RestFrees += C.Frees;
        RestBytes += C.Bytes;
        continue;
      }
      std::string Kept =
          Keep ? "; report " + Report + "." + std::to_string(C.Pid) : "";
      std::fprintf(stderr,
                   "heapcount: process %ld (started by the program, ended by "
                   "%s): %llu allocs, %llu frees, %llu bytes allocated%s\n",
                   C.Pid, C.End.c_str(), C.Allocs, C.Frees, C.Bytes,
                   Kept.c_str());
    }
    if (Children.size() > Listed)
      std::fprintf(stderr,
                   "heapcount: %zu more processes: %llu allocs, %llu frees, "
                   "%llu bytes allocated in all%s%s%s\n",
                   Children.size() - Listed, RestAllocs, RestFrees, RestBytes,
                   Keep ? " (reports " : "", Keep ? Report.c_str() : "",
                   Keep ? ".<pid>)" : "");
  }

private:
  void takeOne(const std::string &Name, const std::string &Prefix) {
    std::string Path = Dir + "/" + Name;
    std::string Json = readFile(Path);
    ChildSummary C;
    C.Pid = std::strtol(Name.c_str() + Prefix.size(), nullptr, 10);
    C.Allocs = numberAfter(Json, "allocs");
    C.Frees = numberAfter(Json, "frees");
    C.Bytes = numberAfter(Json, "bytes");
    std::size_t End = Json.find("\"end\":");
    if (End != std::string::npos) {
      End += 6;
      C.End = readString(Json, End);
    }
    Children.push_back(std::move(C));
    if (Folder) {
      ++Run.Processes;
      heapcount::StackReport Stacks;
      std::string Why;
      if (heapcount::readStackReport(Json, Stacks, Why)) {
        Folder->add(Stacks);
      } else {
        ++Run.ChildFailures[Why];
        ++Run.FailedProcesses;
        Run.FailedAllocations += Stacks.TotalAllocs;
      }
    }
    if (KeepBeside.empty() ||
        !heapcount::moveFile(Path,
                             KeepBeside + "." + Name.substr(Prefix.size())))
      std::remove(Path.c_str());
  }

  std::string Dir, KeepBeside;
  heapcount::StackFolder *Folder;
  heapcount::FoldedRun &Run;
  std::vector<ChildSummary> Children;
};

} // namespace

int main(int Argc, char **Argv) {
  // `heapcount diff BEFORE AFTER` compares two reports (a program named
  // diff runs as `heapcount -- diff ...`).
  if (Argc > 1 && std::strcmp(Argv[1], "diff") == 0)
    return heapcount::runDiff(std::vector<std::string>(Argv + 2, Argv + Argc));
  // `heapcount merge-profiles OUT IN...` merges profiles of separate runs.
  if (Argc > 1 && std::strcmp(Argv[1], "merge-profiles") == 0)
    return heapcount::runMergeProfiles(
        std::vector<std::string>(Argv + 2, Argv + Argc));
  Options Opts = parseArgs(Argc, Argv);
  std::string Program = heapcount::findProgram(Opts.Command[0]);
  if (Program.empty())
    fail("cannot run '" + Opts.Command[0] + "': no such executable file");
  std::string Error;
  std::string Library = heapcount::findLibrary(Error);
  if (Library.empty())
    fail(Error);

  // Where the library writes its report: on Linux a private directory
  // that also receives the reports of the processes the program starts;
  // then the user's file (checked writable before the program runs) or a
  // temporary one.
  PrivateDirectory Private;
  if (heapcount::FollowsChildProcesses && !Private.create(Error))
    fail(Error);
  auto Fail = [&](const std::string &What) {
    if (!Private.path().empty())
      heapcount::removePrivateDirectory(Private.path());
    fail(What);
  };
  std::string Report = Opts.JsonPath;
  bool Temporary = Report.empty();
  std::string LibraryReport =
      Private.path().empty() ? Report : Private.report();
  if (Temporary && Private.path().empty())
    Report = LibraryReport = heapcount::createTemporaryReport(Error);
  else if (Temporary)
    Report = LibraryReport;
  if (Report.empty() || !heapcount::prepareReport(LibraryReport, Error) ||
      (!Temporary && !heapcount::prepareReport(Report, Error)))
    Fail(Error);
  if (!Opts.ProfilePath.empty()) {
    if (!heapcount::prepareProfile(Opts.ProfilePath, Error)) {
      if (Temporary)
        std::remove(Report.c_str());
      Fail(Error);
    }
    if (heapcount::realPath(Opts.ProfilePath) == heapcount::realPath(Report))
      Fail("--profile and --json name the same file ('" + Opts.ProfilePath +
           "')");
  }

  // The stacks of every process, folded as each one's report arrives.
  heapcount::StackFolder Folder(
      [Identities = std::make_shared<heapcount::ModuleIdentities>()](
          const std::string &Path) { return Identities->identify(Path); });
  heapcount::FoldedRun Folded;
  bool Profiling = !Opts.ProfilePath.empty();
  ChildReports Children(Private.path(), Temporary ? "" : Report,
                        Profiling ? &Folder : nullptr, Folded);

  heapcount::LaunchSettings Settings;
  Settings.Program = Program;
  Settings.Command = Opts.Command;
  Settings.Library = Library;
  Settings.Report = LibraryReport;
  Settings.Start = Opts.Start;
  Settings.StackDepth = Opts.StackDepth;
  Settings.StackSizes = Profiling;
  if (heapcount::FollowsChildProcesses)
    Settings.WhileRunning = [&] { Children.take(false); };
  heapcount::LaunchResult Run = heapcount::runProgram(Settings);
  if (!Run.Error.empty()) {
    if (Temporary)
      std::remove(Report.c_str());
    Fail(Run.Error);
  }
  if (!Run.Crash.empty())
    std::fprintf(stderr, "heapcount: %s %s (%s)\n", Opts.Command[0].c_str(),
                 endedFromOutside(Run.Crash) ? "was ended by a signal"
                                             : "crashed",
                 Run.Crash.c_str());

  // From here a SIGTERM (a CI job's timeout) or ^C stops what is left to
  // do: the profile is written with what it has, and says so.
  heapcount::catchStopSignals();
  if (heapcount::FollowsChildProcesses)
    Children.take(true);
  if (LibraryReport != Report)
    heapcount::moveFile(LibraryReport, Report);
  std::string Json = readFile(Report);
  // The library marks the report file when it starts (Launch.h); the report
  // replaces the mark.
  bool Marked = Json.rfind(heapcount::StartMarker, 0) == 0;
  bool Killed = Run.Crash.rfind("signal 9,", 0) == 0;
  // Nothing of the program could be counted: an error, never a clean run.
  std::string NotCounted;
  if (Json.empty() && heapcount::LibraryMarksStart && !Killed)
    NotCounted = heapcount::whyLibraryNotStarted(Settings, Run);
  else if (!Marked)
    NotCounted = countingMember(Json, "problem");
  // Counted, but not the way --stacks and --profile need.
  std::string Via = Marked ? "" : countingMember(Json, "via");
  bool Hooked = !Via.empty() && Via != "interposition" && NotCounted.empty();
  bool Failed = !NotCounted.empty() || (Hooked && (Opts.Stacks || Profiling));
  int Stopped = 0;
  // The profile: the program's own stacks with those of every process it
  // started.
  auto WriteProfile = [&](const heapcount::SymbolizedStacks *Own) {
    Folded.Program = Program;
    ++Folded.Processes;
    if (!Own) {
      Folded.RootWhy = "the program left no report";
      ++Folded.FailedProcesses;
    } else if (!Own->HaveStacks) {
      Folded.RootWhy = Own->Error;
      ++Folded.FailedProcesses;
      Folded.FailedAllocations += Own->Report.TotalAllocs;
    } else {
      if (!Own->Report.Modules.empty())
        Folded.Program = Own->Report.Modules[0].Path;
      Folder.add(Own->Report);
    }
    Stopped =
        heapcount::reportProfile(Folder, Folded, Opts.Top, Opts.ProfilePath,
                                 Opts.Verbose, Opts.SourceRoots);
  };
  if (!NotCounted.empty())
    std::fprintf(stderr, "heapcount: error: nothing was counted: %s\n",
                 NotCounted.c_str());
  if (Json.empty() || Marked) {
    if (NotCounted.empty() && Killed)
      std::fprintf(stderr, "heapcount: no report: SIGKILL ends a process "
                           "without letting it write one (its counts were in "
                           "its own memory)\n");
    else if (NotCounted.empty())
      std::fprintf(stderr,
                   "heapcount: no report: the program ended where the "
                   "counting library could not write one (%s)\n",
                   heapcount::NoReportCauses);
    std::remove(Report.c_str());
    // No profile that could pass for one of a run that counted nothing.
    if (Profiling && NotCounted.empty())
      WriteProfile(nullptr);
    else if (Profiling)
      std::remove(Opts.ProfilePath.c_str());
  } else if (!NotCounted.empty()) {
    if (Temporary)
      std::remove(Report.c_str());
    if (Profiling)
      std::remove(Opts.ProfilePath.c_str());
  } else {
    printSummary(Json, Opts.Top);
    if (Hooked)
      std::fprintf(stderr,
                   "heapcount: counted through %s: which function allocated "
                   "is not known, and allocations made before the counting "
                   "library started are not counted\n",
                   Via.c_str());
    if (Hooked && Failed) {
      std::fprintf(stderr,
                   "heapcount: error: no call sites: %s give no stacks (build "
                   "the program without the sanitizer for --stacks and "
                   "--profile)\n",
                   Via.c_str());
      if (Profiling)
        std::remove(Opts.ProfilePath.c_str());
    } else if (Opts.Stacks) {
      heapcount::SymbolizedStacks Stacks = heapcount::readAndSymbolize(Json);
      heapcount::reportCallSites(Stacks, Json, Opts.Top, Opts.JsonPath);
      if (Profiling)
        WriteProfile(&Stacks);
    } else if (Profiling) {
      // The profile symbolizes every module once, this program's with the
      // others.
      heapcount::SymbolizedStacks Stacks;
      Stacks.HaveStacks =
          heapcount::readStackReport(Json, Stacks.Report, Stacks.Error);
      WriteProfile(&Stacks);
    }
    if (Temporary)
      std::remove(Report.c_str());
  }
  if (heapcount::FollowsChildProcesses)
    Children.list(Temporary ? "" : Report);
  // Stopped before the profile was whole: the run failed.
  if (Stopped)
    return 128 + Stopped;
  // A run that could not be counted fails, even when the program did not.
  return Failed && Run.ExitCode == 0 ? UsageError : Run.ExitCode;
}
