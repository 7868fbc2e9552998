//===- HeapcountMain.cpp - heapcount: count a program's heap calls --------===//
//
//   heapcount [--json FILE] [--top N] [--start=MARKER] [--stacks[=DEPTH]]
//             -- PROGRAM ARGS...
//
// Runs PROGRAM with build/lib/libheapcount.so preloaded, forwards its exit
// status and prints a summary of the report the library writes when the
// program ends to stderr (the program's stdout is left alone). Processes
// the program starts write reports of their own, FILE.<pid>, listed after
// the summary. --stacks attributes allocations to call sites (CallSites.h).
// No LLVM: this tool must build wherever the runtime does.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/CallSites.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <signal.h>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

constexpr int UsageError = 2;

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "heapcount: error: %s\n", What.c_str());
  std::exit(UsageError);
}

const char *const Usage =
    "usage: heapcount [options] -- PROGRAM ARGS... (heapcount --help)";

const char *const Help =
    "usage: heapcount [options] -- PROGRAM ARGS...\n"
    "Runs PROGRAM, counts its heap calls and prints a summary on stderr.\n"
    "  --json FILE         also write the report as JSON (docs/heapcount.md)\n"
    "  --top N             list the N functions with most calls (default 5)\n"
    "  --start=MARKER      count from: now (default), api (the program calls\n"
    "                      heapcount_start()), scope:NAME (the program enters\n"
    "                      the heapcount scope NAME)\n"
    "  --stacks[=DEPTH]    attribute allocations to call sites, from stacks "
    "of\n"
    "                      DEPTH frames (1 to 64, default 16)";

struct Options {
  std::string JsonPath;
  std::string Start = "now";
  unsigned Top = 5;
  unsigned StackDepth = 0; // --stacks: frames per allocation stack.
  std::vector<char *> Command;
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
      if (I + 1 >= Argc)
        fail(Flag + " expects a value");
      return Argv[++I];
    };
    if (Arg == "--") {
      ++I;
      break;
    }
    if (Arg == "--help" || Arg == "-h") {
      std::printf("%s\n", Help);
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
    } else if (Arg == "--stacks") {
      Opts.StackDepth = heapcount::DefaultStackDepth;
    } else if (Arg.rfind("--stacks=", 0) == 0) {
      const char *Text = Argv[I] + 9;
      char *End = nullptr;
      errno = 0;
      unsigned long Depth = std::strtoul(Text, &End, 10);
      if (!*Text || *End || errno || Text[0] == '-' || Depth < 1 ||
          Depth > heapcount::MaxStackDepth)
        fail(std::string("--stacks expects a depth from 1 to ") +
             std::to_string(heapcount::MaxStackDepth) + ", not '" + Text + "'");
      Opts.StackDepth = static_cast<unsigned>(Depth);
    } else if (Arg.size() > 1 && Arg[0] == '-') {
      fail("unknown option '" + Arg + "' (" + Usage + ")");
    } else {
      break; // The program, without a "--" in front of it.
    }
  }
  for (; I < Argc; ++I)
    Opts.Command.push_back(Argv[I]);
  if (Opts.Command.empty())
    fail(std::string("no program to run (") + Usage + ")");
  Opts.Command.push_back(nullptr);
  return Opts;
}

// What execvp would run, so that a missing program is reported before
// anything starts.
std::string findProgram(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return heapcount::isExecutable(Name) ? Name : "";
  return heapcount::findOnPath(Name);
}

// The library sits at ../lib/libheapcount.so from this executable, in the
// build tree as in an installation.
std::string findLibrary() {
  char Self[PATH_MAX];
  ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (Length <= 0)
    fail("cannot find this executable (/proc/self/exe)");
  std::string Dir(Self, static_cast<std::size_t>(Length));
  Dir.erase(Dir.rfind('/'));
  std::string Library = Dir + "/../lib/libheapcount.so";
  if (access(Library.c_str(), R_OK) != 0)
    fail("cannot find the counting library " + Library);
  return Library;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
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
}

// The reports of the processes the program started (REPORT.<pid>), written
// since \p Since; removed after the listing when \p Keep is false.
void listChildReports(const std::string &Report, std::time_t Since, bool Keep) {
  std::size_t Slash = Report.rfind('/');
  std::string Dir = Slash == std::string::npos ? "." : Report.substr(0, Slash);
  std::string Prefix =
      (Slash == std::string::npos ? Report : Report.substr(Slash + 1)) + ".";
  DIR *Listing = opendir(Dir.c_str());
  if (!Listing)
    return;
  std::vector<std::pair<long, std::string>> Children;
  while (dirent *Entry = readdir(Listing)) {
    std::string Name = Entry->d_name;
    if (Name.size() <= Prefix.size() ||
        Name.compare(0, Prefix.size(), Prefix) ||
        Name.find_first_not_of("0123456789", Prefix.size()) !=
            std::string::npos)
      continue;
    std::string Path = Dir;
    Path += '/';
    Path += Name;
    struct stat Info;
    if (stat(Path.c_str(), &Info) != 0 || Info.st_mtime < Since)
      continue;
    Children.emplace_back(
        std::strtol(Name.c_str() + Prefix.size(), nullptr, 10), Path);
  }
  closedir(Listing);
  std::sort(Children.begin(), Children.end());
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
  Options Opts = parseArgs(Argc, Argv);
  std::string Program = findProgram(Opts.Command[0]);
  if (Program.empty())
    fail(std::string("cannot run '") + Opts.Command[0] +
         "': no such executable file");
  std::string Library = findLibrary();

  // Where the library writes its report: the user's file (checked writable
  // before the program runs) or a temporary one.
  std::string Report = Opts.JsonPath;
  bool Temporary = Report.empty();
  if (Temporary) {
    const char *Tmp = std::getenv("TMPDIR");
    std::string Template =
        std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/heapcount-XXXXXX";
    std::vector<char> Name(Template.begin(), Template.end());
    Name.push_back('\0');
    int Fd = mkstemp(Name.data());
    if (Fd < 0)
      fail("cannot create a temporary report file in " + Template + " (" +
           std::strerror(errno) + ")");
    close(Fd);
    Report = Name.data();
  } else {
    int Fd = open(Report.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (Fd < 0)
      fail("cannot write the JSON report to '" + Report + "' (" +
           std::strerror(errno) + ")");
    close(Fd);
  }

  std::string StackDepth = std::to_string(Opts.StackDepth);
  std::string Preload = Library;
  if (const char *Old = std::getenv("LD_PRELOAD"); Old && *Old)
    Preload += std::string(":") + Old;

  // The child reports a failed exec through this pipe (closed on a
  // successful exec), so that it is an error of heapcount, not a status.
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0)
    fail(std::string("pipe: ") + std::strerror(errno));
  std::time_t Started = std::time(nullptr);
  pid_t Child = fork();
  if (Child < 0)
    fail(std::string("fork: ") + std::strerror(errno));
  if (Child == 0) {
    close(Pipe[0]);
    setenv("LD_PRELOAD", Preload.c_str(), 1);
    setenv("HEAPCOUNT_OUTPUT", Report.c_str(), 1);
    // This process becomes the program: it writes the main report, the
    // processes it starts write REPORT.<pid>.
    setenv("HEAPCOUNT_ROOT_PID", std::to_string(getpid()).c_str(), 1);
    if (Opts.Start != "now")
      setenv("HEAPCOUNT_START", Opts.Start.c_str(), 1);
    else
      unsetenv("HEAPCOUNT_START");
    if (Opts.StackDepth)
      setenv("HEAPCOUNT_STACKS", StackDepth.c_str(), 1);
    execv(Program.c_str(), Opts.Command.data());
    int Error = errno;
    (void)!write(Pipe[1], &Error, sizeof(Error));
    _exit(127);
  }
  close(Pipe[1]);
  int ExecError = 0;
  ssize_t Got = read(Pipe[0], &ExecError, sizeof(ExecError));
  close(Pipe[0]);
  // A terminal's ^C goes to the program; heapcount waits for its end.
  signal(SIGINT, SIG_IGN);
  signal(SIGQUIT, SIG_IGN);
  int Status = 0;
  while (waitpid(Child, &Status, 0) < 0 && errno == EINTR) {
  }
  if (Got == static_cast<ssize_t>(sizeof(ExecError))) {
    if (Temporary)
      std::remove(Report.c_str());
    fail(std::string("cannot run '") + Program + "' (" +
         std::strerror(ExecError) + ")");
  }

  int ExitCode = 0;
  if (WIFSIGNALED(Status)) {
    int Signal = WTERMSIG(Status);
    const char *Name = sigabbrev_np(Signal);
    std::fprintf(stderr, "heapcount: %s crashed (signal %d%s%s)\n",
                 Opts.Command[0], Signal, Name ? ", SIG" : "",
                 Name ? Name : "");
    ExitCode = 128 + Signal;
  } else {
    ExitCode = WEXITSTATUS(Status);
  }

  std::string Json = readFile(Report);
  if (Json.empty()) {
    std::fprintf(stderr,
                 "heapcount: no report: the program ended where the counting "
                 "library could not write one (SIGKILL, a signal handler of "
                 "its own, a stack overflow)\n");
    std::remove(Report.c_str());
  } else {
    printSummary(Json, Opts.Top);
    if (Opts.StackDepth)
      heapcount::reportCallSites(Json, Opts.Top, Opts.JsonPath);
    if (Temporary)
      std::remove(Report.c_str());
  }
  listChildReports(Report, Started, !Temporary);
  return ExitCode;
}
