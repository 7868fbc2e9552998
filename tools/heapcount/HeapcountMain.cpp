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

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <utility>
#include <vector>

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
    "  --version           print heapcount's version";

struct Options {
  std::string JsonPath;
  std::string Start = "now";
  unsigned Top = 5;
  bool Stacks = false;     // --stacks: list the call sites.
  unsigned StackDepth = 0; // --stacks=DEPTH; 0 when not given.
  std::string ProfilePath; // --profile.
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

// The files beside \p Report whose names are REPORT.<Suffix> for a Suffix
// that \p Wanted accepts, written since \p Since: (suffix, path).
std::vector<std::pair<std::string, std::string>>
filesBesideReport(const std::string &Report, std::time_t Since,
                  bool (*Wanted)(const std::string &Suffix)) {
  std::size_t Slash = Report.find_last_of(heapcount::PathSeparators);
  std::string Dir = Slash == std::string::npos ? "." : Report.substr(0, Slash);
  std::string Prefix =
      (Slash == std::string::npos ? Report : Report.substr(Slash + 1)) + ".";
  std::vector<std::pair<std::string, std::string>> Found;
  DIR *Listing = opendir(Dir.c_str());
  if (!Listing)
    return Found;
  while (dirent *Entry = readdir(Listing)) {
    std::string Name = Entry->d_name;
    if (Name.size() <= Prefix.size() || Name.compare(0, Prefix.size(), Prefix))
      continue;
    std::string Suffix = Name.substr(Prefix.size());
    if (!Wanted(Suffix))
      continue;
    std::string Path = Dir;
    Path += '/';
    Path += Name;
    struct stat Info;
    if (stat(Path.c_str(), &Info) == 0 && Info.st_mtime >= Since)
      Found.emplace_back(std::move(Suffix), std::move(Path));
  }
  closedir(Listing);
  return Found;
}

// Reports whose writing was cut short (REPORT.partial.<pid>, or
// REPORT.<pid>.partial.<pid> of a process the program started): the
// counting library renames a report into place only once it is complete.
void removeUnfinishedReports(const std::string &Report, std::time_t Since) {
  for (const auto &[Suffix, Path] :
       filesBesideReport(Report, Since, [](const std::string &Suffix) {
         return Suffix.find("partial.") != std::string::npos;
       }))
    std::remove(Path.c_str());
}

// The reports of the processes the program started (REPORT.<pid>), written
// since \p Since, by pid.
std::vector<std::pair<long, std::string>>
childReports(const std::string &Report, std::time_t Since) {
  std::vector<std::pair<long, std::string>> Children;
  for (auto &[Suffix, Path] :
       filesBesideReport(Report, Since, [](const std::string &Suffix) {
         return Suffix.find_first_not_of("0123456789") == std::string::npos;
       }))
    Children.emplace_back(std::strtol(Suffix.c_str(), nullptr, 10),
                          std::move(Path));
  std::sort(Children.begin(), Children.end());
  return Children;
}

// The reports of the processes the program started (REPORT.<pid>), written
// since \p Since; removed after the listing when \p Keep is false.
void listChildReports(const std::string &Report, std::time_t Since, bool Keep) {
  std::vector<std::pair<long, std::string>> Children =
      childReports(Report, Since);
  // A build tool starts hundreds: the first ones by name, the rest summed.
  constexpr std::size_t Listed = 10;
  unsigned long long RestAllocs = 0, RestFrees = 0, RestBytes = 0;
  for (std::size_t I = 0; I < Children.size(); ++I) {
    const auto &[Pid, Path] = Children[I];
    std::string Json = readFile(Path);
    if (!Keep)
      std::remove(Path.c_str());
    if (I >= Listed) {
      RestAllocs += numberAfter(Json, "allocs");
      RestFrees += numberAfter(Json, "frees");
      RestBytes += numberAfter(Json, "bytes");
      continue;
    }
    std::size_t End = Json.find("\"end\":");
    std::string How = End == std::string::npos ? "" : [&] {
      End += 6;
      return readString(Json, End);
    }();
    std::fprintf(stderr,
                 "heapcount: process %ld (started by the program, ended by "
                 "%s): %llu allocs, %llu frees, %llu bytes allocated%s%s\n",
                 Pid, How.c_str(), numberAfter(Json, "allocs"),
                 numberAfter(Json, "frees"), numberAfter(Json, "bytes"),
                 Keep ? "; report " : "", Keep ? Path.c_str() : "");
  }
  if (Children.size() > Listed)
    std::fprintf(stderr,
                 "heapcount: %zu more processes: %llu allocs, %llu frees, "
                 "%llu bytes allocated in all%s%s%s\n",
                 Children.size() - Listed, RestAllocs, RestFrees, RestBytes,
                 Keep ? " (reports " : "", Keep ? Report.c_str() : "",
                 Keep ? ".<pid>)" : "");
}

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

  // Where the library writes its report: the user's file (checked writable
  // before the program runs) or a temporary one.
  std::string Report = Opts.JsonPath;
  bool Temporary = Report.empty();
  if (Temporary)
    Report = heapcount::createTemporaryReport(Error);
  if (Report.empty() ||
      (!Temporary && !heapcount::prepareReport(Report, Error)))
    fail(Error);
  if (!Opts.ProfilePath.empty()) {
    if (!heapcount::prepareProfile(Opts.ProfilePath, Error)) {
      if (Temporary)
        std::remove(Report.c_str());
      fail(Error);
    }
    if (heapcount::realPath(Opts.ProfilePath) == heapcount::realPath(Report))
      fail("--profile and --json name the same file ('" + Opts.ProfilePath +
           "')");
  }

  heapcount::LaunchSettings Settings;
  Settings.Program = Program;
  Settings.Command = Opts.Command;
  Settings.Library = Library;
  Settings.Report = Report;
  Settings.Start = Opts.Start;
  Settings.StackDepth = Opts.StackDepth;
  Settings.StackSizes = !Opts.ProfilePath.empty();
  std::time_t Started = std::time(nullptr);
  heapcount::LaunchResult Run = heapcount::runProgram(Settings);
  if (!Run.Error.empty()) {
    if (Temporary)
      std::remove(Report.c_str());
    fail(Run.Error);
  }
  if (!Run.Crash.empty())
    std::fprintf(stderr, "heapcount: %s %s (%s)\n", Opts.Command[0].c_str(),
                 endedFromOutside(Run.Crash) ? "was ended by a signal"
                                             : "crashed",
                 Run.Crash.c_str());

  if (heapcount::FollowsChildProcesses)
    removeUnfinishedReports(Report, Started);
  // The profile covers every process: the reports of those the program
  // started are symbolized and merged with its own.
  std::vector<std::string> ChildReports;
  if (heapcount::FollowsChildProcesses && !Opts.ProfilePath.empty())
    for (auto &Child : childReports(Report, Started))
      ChildReports.push_back(std::move(Child.second));
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
  bool Failed = !NotCounted.empty() ||
                (Hooked && (Opts.Stacks || !Opts.ProfilePath.empty()));
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
    if (!Opts.ProfilePath.empty() && NotCounted.empty())
      heapcount::reportProfile(nullptr, ChildReports, Program, Opts.Top,
                               Opts.ProfilePath);
    else if (!Opts.ProfilePath.empty())
      std::remove(Opts.ProfilePath.c_str());
  } else if (!NotCounted.empty()) {
    if (Temporary)
      std::remove(Report.c_str());
    if (!Opts.ProfilePath.empty())
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
      if (!Opts.ProfilePath.empty())
        std::remove(Opts.ProfilePath.c_str());
    } else if (Opts.Stacks || !Opts.ProfilePath.empty()) {
      heapcount::SymbolizedStacks Stacks = heapcount::readAndSymbolize(Json);
      if (Opts.Stacks)
        heapcount::reportCallSites(Stacks, Json, Opts.Top, Opts.JsonPath);
      if (!Opts.ProfilePath.empty())
        heapcount::reportProfile(&Stacks, ChildReports, Program, Opts.Top,
                                 Opts.ProfilePath);
    }
    if (Temporary)
      std::remove(Report.c_str());
  }
  if (heapcount::FollowsChildProcesses)
    listChildReports(Report, Started, !Temporary);
  // A run that could not be counted fails, even when the program did not.
  return Failed && Run.ExitCode == 0 ? UsageError : Run.ExitCode;
}
