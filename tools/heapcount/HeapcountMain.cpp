//===- HeapcountMain.cpp - heapcount: count a program's heap calls --------===//
//
//   heapcount [--json FILE] [--top N] [--stacks[=DEPTH]] -- PROGRAM ARGS...
//
// Runs PROGRAM with build/lib/libheapcount.so preloaded, forwards its exit
// status and prints a summary of the report the library writes at exit to
// stderr (the program's stdout is left alone). No LLVM: this tool must build
// wherever the runtime does. --stacks attributes allocations to call sites
// (CallSites.h).
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/CallSites.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
    "usage: heapcount [--json FILE] [--top N] [--stacks[=DEPTH]] -- PROGRAM "
    "ARGS...";

struct Options {
  std::string JsonPath;
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
      std::printf("%s\n", Usage);
      std::exit(0);
    }
    if (Arg == "--json" || Arg.rfind("--json=", 0) == 0) {
      Opts.JsonPath = ValueOf("--json");
      if (Opts.JsonPath.empty())
        fail("--json expects a file name");
    } else if (Arg == "--top" || Arg.rfind("--top=", 0) == 0) {
      Opts.Top = parseCount("--top", ValueOf("--top"));
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

bool isExecutableFile(const std::string &Path) {
  struct stat Info;
  return stat(Path.c_str(), &Info) == 0 && S_ISREG(Info.st_mode) &&
         access(Path.c_str(), X_OK) == 0;
}

// What execvp would run, so that a missing program is reported before
// anything starts.
std::string findProgram(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return isExecutableFile(Name) ? Name : "";
  const char *Path = std::getenv("PATH");
  std::stringstream Dirs(Path ? Path : "/usr/bin:/bin");
  std::string Dir;
  while (std::getline(Dirs, Dir, ':')) {
    std::string Candidate = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (isExecutableFile(Candidate))
      return Candidate;
  }
  return "";
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

std::vector<std::pair<unsigned long long, std::string>>
readFunctions(const std::string &Json) {
  std::vector<std::pair<unsigned long long, std::string>> Functions;
  std::size_t At = Json.find("\"functions\":{");
  std::size_t End = Json.find("\"histogram\":");
  if (At == std::string::npos || End == std::string::npos)
    return Functions;
  At += 13;
  while ((At = Json.find('"', At)) != std::string::npos && At < End) {
    std::size_t NameEnd = Json.find('"', At + 1);
    std::string Name = Json.substr(At + 1, NameEnd - At - 1);
    Functions.emplace_back(numberAfter(Json, "calls", NameEnd), Name);
    At = Json.find('}', NameEnd) + 1;
  }
  // Most calls first; the report's order among equals.
  std::sort(Functions.begin(), Functions.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
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
  pid_t Child = fork();
  if (Child < 0)
    fail(std::string("fork: ") + std::strerror(errno));
  if (Child == 0) {
    close(Pipe[0]);
    setenv("LD_PRELOAD", Preload.c_str(), 1);
    setenv("HEAPCOUNT_OUTPUT", Report.c_str(), 1);
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
    std::fprintf(stderr, "heapcount: no report: the program ended before its "
                         "exit handlers ran\n");
    std::remove(Report.c_str());
  } else {
    printSummary(Json, Opts.Top);
    if (Opts.StackDepth)
      heapcount::reportCallSites(Json, Opts.Top, Opts.JsonPath);
    if (Temporary)
      std::remove(Report.c_str());
  }
  return ExitCode;
}
