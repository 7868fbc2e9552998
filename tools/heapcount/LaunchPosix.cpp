//===- LaunchPosix.cpp - heapcount on Linux: fork, exec, LD_PRELOAD -------===//
//
// The program runs with build/lib/libheapcount.so preloaded. It is the root
// process (HEAPCOUNT_ROOT_PID): it writes the report, and each process it
// starts writes REPORT.<pid>.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Launch.h"
#include "tools/heapcount/ProgramFile.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace heapcount {

const char *const PlatformHelp = "";

const char *const NoReportCauses =
    "SIGKILL, a signal handler of its own, a stack overflow, or an exec of a "
    "program the loader does not preload it into: statically linked, "
    "setuid or setgid";

const bool LibraryMarksStart = true;

namespace {

/// The program heapcount waits for; 0 before it exists.
volatile sig_atomic_t ProgramPid = 0;
/// The helper runCapture waits for; 0 when none.
volatile sig_atomic_t HelperPid = 0;
/// The signal that asked heapcount to stop (catchStopSignals); 0 for none.
volatile sig_atomic_t StopSignal = 0;

/// A signal meant to stop the run (SIGTERM from a CI job's timeout, SIGHUP,
/// a kill -INT) goes on to the program, whose end heapcount then reports as
/// usual. A terminal's ^C or ^\ already reaches the program (one process
/// group), so those (sent by the kernel, not by a process) are not sent
/// twice.
void forwardSignal(int Signal, siginfo_t *Info, void *) {
  if ((Signal == SIGINT || Signal == SIGQUIT) && Info &&
      Info->si_code == SI_KERNEL)
    return;
  if (ProgramPid > 0)
    kill(ProgramPid, Signal);
}

void forwardSignalsTo(pid_t Program) {
  ProgramPid = Program;
  struct sigaction Action;
  std::memset(&Action, 0, sizeof(Action));
  Action.sa_sigaction = forwardSignal;
  Action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&Action.sa_mask);
  // A signal ignored when heapcount started (a background job's SIGINT,
  // nohup's SIGHUP) stays ignored, as it is for the program.
  for (int Signal : {SIGTERM, SIGHUP, SIGINT, SIGQUIT}) {
    struct sigaction Old;
    if (sigaction(Signal, nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN)
      continue;
    sigaction(Signal, &Action, nullptr);
  }
}

void stopWork(int Signal) {
  if (!StopSignal)
    StopSignal = Signal;
  if (HelperPid > 0)
    kill(HelperPid, SIGTERM);
}

} // namespace

void catchStopSignals() {
  struct sigaction Action;
  std::memset(&Action, 0, sizeof(Action));
  Action.sa_handler = stopWork;
  Action.sa_flags = SA_RESTART;
  sigemptyset(&Action.sa_mask);
  for (int Signal : {SIGTERM, SIGHUP, SIGINT}) {
    struct sigaction Old;
    if (sigaction(Signal, nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN)
      continue;
    sigaction(Signal, &Action, nullptr);
  }
  // SIGQUIT keeps what heapcount had: ^\\ still ends it at once.
  // A reader that stopped early (`heapcount ... 2>&1 | head`) must not end
  // heapcount while it writes its summary, before the profile and the JSON
  // report are written: a write to the closed pipe fails instead.
  signal(SIGPIPE, SIG_IGN);
}

int stopSignal() { return StopSignal; }

std::string signalName(int Signal) {
  const char *Name = sigabbrev_np(Signal);
  return Name ? std::string("SIG") + Name : "signal " + std::to_string(Signal);
}

std::string createPrivateDirectory(std::string &Error) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Template =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/heapcount-XXXXXX";
  std::vector<char> Name(Template.begin(), Template.end());
  Name.push_back('\0');
  if (!mkdtemp(Name.data())) {
    Error = "cannot create a private directory " + Template + " (" +
            std::strerror(errno) + ")";
    return "";
  }
  return Name.data();
}

std::vector<std::string> listDirectory(const std::string &Dir) {
  std::vector<std::string> Names;
  DIR *Listing = opendir(Dir.c_str());
  if (!Listing)
    return Names;
  while (dirent *Entry = readdir(Listing)) {
    std::string Name = Entry->d_name;
    if (Name != "." && Name != "..")
      Names.push_back(std::move(Name));
  }
  closedir(Listing);
  return Names;
}

void removePrivateDirectory(const std::string &Dir) {
  std::string Path = Dir + "/";
  for (const std::string &Name : listDirectory(Dir)) {
    Path.resize(Dir.size() + 1);
    Path += Name;
    unlink(Path.c_str());
  }
  rmdir(Dir.c_str());
}

bool moveFile(const std::string &From, const std::string &To) {
  if (std::rename(From.c_str(), To.c_str()) == 0)
    return true;
  if (errno != EXDEV)
    return false;
  std::FILE *In = std::fopen(From.c_str(), "rb");
  std::FILE *Out = In ? std::fopen(To.c_str(), "wb") : nullptr;
  bool Copied = In && Out;
  char Buffer[65536];
  while (Copied) {
    std::size_t Got = std::fread(Buffer, 1, sizeof(Buffer), In);
    if (Got == 0)
      break;
    Copied = std::fwrite(Buffer, 1, Got, Out) == Got;
  }
  if (In)
    std::fclose(In);
  if (Out && std::fclose(Out) != 0)
    Copied = false;
  if (Copied)
    std::remove(From.c_str());
  return Copied;
}

unsigned long currentProcessId() {
  return static_cast<unsigned long>(getpid());
}

bool replaceFile(const std::string &From, const std::string &To) {
  return std::rename(From.c_str(), To.c_str()) == 0;
}

std::string realPath(const std::string &Path) {
  char *Resolved = realpath(Path.c_str(), nullptr);
  if (!Resolved)
    return std::string();
  std::string Result = Resolved;
  std::free(Resolved);
  return Result;
}

bool isExecutable(const std::string &Path) {
  struct stat Info;
  return stat(Path.c_str(), &Info) == 0 && S_ISREG(Info.st_mode) &&
         access(Path.c_str(), X_OK) == 0;
}

std::string findOnPath(const std::string &Name) {
  const char *Path = std::getenv("PATH");
  std::stringstream Dirs(Path ? Path : "/usr/bin:/bin");
  std::string Dir;
  while (std::getline(Dirs, Dir, ':')) {
    std::string Candidate = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (isExecutable(Candidate))
      return Candidate;
  }
  return "";
}

// What execvp would run, so that a missing program is reported before
// anything starts.
std::string findProgram(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return isExecutable(Name) ? Name : "";
  return findOnPath(Name);
}

// The library sits at ../lib/alloc-tidy/libheapcount.so from this executable
// in an installation (a private directory, as Debian wants), and at
// ../lib/libheapcount.so in the build tree.
std::string findLibrary(std::string &Error) {
  char Self[PATH_MAX];
  ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (Length <= 0) {
    Error = "cannot find this executable (/proc/self/exe)";
    return "";
  }
  std::string Dir(Self, static_cast<std::size_t>(Length));
  Dir.erase(Dir.rfind('/'));
  std::string Installed = Dir + "/../lib/alloc-tidy/libheapcount.so";
  std::string InBuildTree = Dir + "/../lib/libheapcount.so";
  for (const std::string &Library : {Installed, InBuildTree})
    if (access(Library.c_str(), R_OK) == 0)
      return Library;
  Error =
      "cannot find the counting library " + Installed + " or " + InBuildTree;
  return "";
}

std::string createTemporaryReport(std::string &Error) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Template =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/heapcount-XXXXXX";
  std::vector<char> Name(Template.begin(), Template.end());
  Name.push_back('\0');
  int Fd = mkstemp(Name.data());
  if (Fd < 0) {
    Error = "cannot create a temporary report file in " + Template + " (" +
            std::strerror(errno) + ")";
    return "";
  }
  close(Fd);
  return Name.data();
}

bool prepareReport(const std::string &Path, std::string &Error) {
  int Fd = open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Fd < 0) {
    Error = "cannot write the JSON report to '" + Path + "' (" +
            std::strerror(errno) + ")";
    return false;
  }
  close(Fd);
  return true;
}

namespace {

/// The dynamic loader splits LD_PRELOAD at spaces and colons, with no way to
/// escape them, and expands '$' tokens ($ORIGIN, $LIB).
bool preloadable(const std::string &Path) {
  return Path.find_first_of(" :$\t\n") == std::string::npos;
}

/// The counting library under a path LD_PRELOAD can hold: its own, or a
/// symbolic link to it in a private temporary directory (an installation
/// under "/opt/My Tools"), removed with this object.
class PreloadPath {
public:
  PreloadPath(const std::string &Library, std::string &Error) {
    if (preloadable(Library)) {
      Path = Library;
      return;
    }
    const char *Tmp = std::getenv("TMPDIR");
    std::string Base = Tmp && *Tmp == '/' && preloadable(Tmp) ? Tmp : "/tmp";
    std::string Template = Base + "/heapcount-lib-XXXXXX";
    std::vector<char> Name(Template.begin(), Template.end());
    Name.push_back('\0');
    if (!mkdtemp(Name.data())) {
      Error = "cannot preload the counting library '" + Library +
              "': LD_PRELOAD cannot hold a path with a space, a colon or "
              "a '$', and no link to it could be made in " +
              Base + " (" + std::strerror(errno) + ")";
      return;
    }
    Dir = Name.data();
    std::string Link = Dir + "/libheapcount.so";
    if (symlink(Library.c_str(), Link.c_str()) != 0) {
      Error = "cannot preload the counting library '" + Library +
              "': LD_PRELOAD cannot hold a path with a space, a colon or "
              "a '$', and no link to it could be made in " +
              Dir + " (" + std::strerror(errno) + ")";
      return;
    }
    Path = Link;
  }
  ~PreloadPath() {
    if (Dir.empty())
      return;
    if (!Path.empty())
      unlink(Path.c_str());
    rmdir(Dir.c_str());
  }
  PreloadPath(const PreloadPath &) = delete;
  PreloadPath &operator=(const PreloadPath &) = delete;

  /// Empty when there is none (the constructor's Error says why).
  const std::string &path() const { return Path; }

private:
  std::string Path;
  std::string Dir;
};

} // namespace

std::string whyLibraryNotStarted(const LaunchSettings &Settings,
                                 const LaunchResult &Result) {
  ProgramFile Program = inspectProgram(Settings.Program);
  std::string Name = "'" + Settings.Command[0] + "'";
  if (Program.SetId)
    return Name + " is setuid or setgid: the dynamic loader does not preload a "
                  "library given by its path into it (secure-execution mode)";
  if (Program.Elf && Program.Static)
    return Name +
           " is statically linked: no dynamic loader runs for it to preload "
           "the counting library";
  std::string Status =
      " (it exited with status " + std::to_string(Result.ExitCode) + ")";
  if (!Program.SanitizerRuntime.empty())
    return Name + " needs " + Program.Sanitizer + "'s runtime (" +
           Program.SanitizerRuntime +
           "), which heapcount preloaded ahead of the counting library, and "
           "ended before the library started" +
           Status;
  return "the counting library never started in " + Name +
         ": the dynamic loader did not load it (its message, if any, is "
         "above) or the program ended before any library's initialization" +
         Status;
}

namespace {

/// Waits for \p Child, calling \p Work about every 100 ms until it ends:
/// a pidfd wakes the wait as soon as it does (a sleep where there is none).
void waitWhileRunning(pid_t Child, int &Status,
                      const std::function<void()> &Work) {
  int Ended = static_cast<int>(syscall(SYS_pidfd_open, Child, 0));
  for (;;) {
    pid_t Done = waitpid(Child, &Status, WNOHANG);
    if (Done == Child || (Done < 0 && errno != EINTR))
      break;
    Work();
    if (Ended >= 0) {
      pollfd Wait{Ended, POLLIN, 0};
      poll(&Wait, 1, 100);
    } else {
      usleep(50000);
    }
  }
  if (Ended >= 0)
    close(Ended);
}

} // namespace

LaunchResult runProgram(const LaunchSettings &Settings) {
  LaunchResult Result;
  std::vector<char *> Argv;
  Argv.reserve(Settings.Command.size() + 1);
  for (const std::string &Arg : Settings.Command)
    Argv.push_back(const_cast<char *>(Arg.c_str()));
  Argv.push_back(nullptr);
  std::string StackDepth = std::to_string(Settings.StackDepth);
  PreloadPath Library(Settings.Library, Result.Error);
  if (Library.path().empty())
    return Result;
  // A sanitizer's runtime the program needs must come first (GCC's libasan
  // ends the program otherwise); the library then counts through its hooks.
  ProgramFile Program = inspectProgram(Settings.Program);
  std::string Preload = Library.path();
  if (!Program.SanitizerRuntime.empty() &&
      preloadable(Program.SanitizerRuntime))
    Preload = Program.SanitizerRuntime + ":" + Preload;
  if (const char *Old = std::getenv("LD_PRELOAD"); Old && *Old)
    Preload += std::string(":") + Old;

  // The child reports a failed exec through this pipe (closed on a
  // successful exec), so that it is an error of heapcount, not a status.
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    Result.Error = std::string("pipe: ") + std::strerror(errno);
    return Result;
  }
  pid_t Child = fork();
  if (Child < 0) {
    Result.Error = std::string("fork: ") + std::strerror(errno);
    return Result;
  }
  if (Child == 0) {
    close(Pipe[0]);
    setenv("LD_PRELOAD", Preload.c_str(), 1);
    setenv("HEAPCOUNT_OUTPUT", Settings.Report.c_str(), 1);
    // This process becomes the program: it writes the main report, the
    // processes it starts write REPORT.<pid>.
    setenv("HEAPCOUNT_ROOT_PID", std::to_string(getpid()).c_str(), 1);
    if (Settings.Start != "now")
      setenv("HEAPCOUNT_START", Settings.Start.c_str(), 1);
    else
      unsetenv("HEAPCOUNT_START");
    if (Settings.StackDepth)
      setenv("HEAPCOUNT_STACKS", StackDepth.c_str(), 1);
    // Without --profile the user's own HEAPCOUNT_STACK_SIZES, if any, is
    // left to the library, like HEAPCOUNT_STACKS without --stacks.
    if (Settings.StackSizes)
      setenv("HEAPCOUNT_STACK_SIZES", "1", 1);
    execv(Settings.Program.c_str(), Argv.data());
    int Error = errno;
    (void)!write(Pipe[1], &Error, sizeof(Error));
    _exit(127);
  }
  close(Pipe[1]);
  int ExecError = 0;
  ssize_t Got = read(Pipe[0], &ExecError, sizeof(ExecError));
  close(Pipe[0]);
  // Signals that end a run end the program, and heapcount reports it.
  forwardSignalsTo(Child);
  int Status = 0;
  if (Settings.WhileRunning && Got != static_cast<ssize_t>(sizeof(ExecError)))
    waitWhileRunning(Child, Status, Settings.WhileRunning);
  else
    while (waitpid(Child, &Status, 0) < 0 && errno == EINTR) {
    }
  ProgramPid = 0; // its pid may be reused from now on
  if (Got == static_cast<ssize_t>(sizeof(ExecError))) {
    Result.Error = "cannot run '" + Settings.Program + "' (" +
                   std::strerror(ExecError) + ")";
    return Result;
  }

  if (WIFSIGNALED(Status)) {
    int Signal = WTERMSIG(Status);
    const char *Name = sigabbrev_np(Signal);
    Result.Crash = "signal " + std::to_string(Signal) +
                   (Name ? std::string(", SIG") + Name : std::string());
    Result.ExitCode = 128 + Signal;
  } else {
    Result.ExitCode = WEXITSTATUS(Status);
  }
  return Result;
}

bool runCapture(const std::vector<std::string> &Argv,
                const std::string &InputPath, std::string &Output) {
  std::vector<char *> Args;
  Args.reserve(Argv.size() + 1);
  for (const std::string &Arg : Argv)
    Args.push_back(const_cast<char *>(Arg.c_str()));
  Args.push_back(nullptr);
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0)
    return false;
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(
      &Actions, 0, InputPath.empty() ? "/dev/null" : InputPath.c_str(),
      O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&Actions, Pipe[1], 1);
  posix_spawn_file_actions_addopen(&Actions, 2, "/dev/null", O_WRONLY, 0);
  // ^C must stop the symbolizer, whatever heapcount's own handlers.
  posix_spawnattr_t Attributes;
  posix_spawnattr_init(&Attributes);
  sigset_t Default;
  sigemptyset(&Default);
  sigaddset(&Default, SIGINT);
  sigaddset(&Default, SIGQUIT);
  posix_spawnattr_setsigdefault(&Attributes, &Default);
  posix_spawnattr_setflags(&Attributes, POSIX_SPAWN_SETSIGDEF);
  pid_t Child = 0;
  // Asked to stop: no helper starts (one running is ended by stopWork).
  int Error = StopSignal ? ECANCELED
                         : posix_spawn(&Child, Args[0], &Actions, &Attributes,
                                       Args.data(), environ);
  HelperPid = Error == 0 ? Child : 0;
  if (StopSignal && HelperPid > 0)
    kill(Child, SIGTERM); // The signal came between the check and the spawn.
  posix_spawn_file_actions_destroy(&Actions);
  posix_spawnattr_destroy(&Attributes);
  close(Pipe[1]);
  if (Error != 0) {
    close(Pipe[0]);
    return false;
  }
  char Buffer[65536];
  for (;;) {
    ssize_t Got = read(Pipe[0], Buffer, sizeof(Buffer));
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0)
      break;
    Output.append(Buffer, static_cast<std::size_t>(Got));
  }
  close(Pipe[0]);
  int Status = 0;
  while (waitpid(Child, &Status, 0) < 0 && errno == EINTR) {
  }
  HelperPid = 0;
  return WIFEXITED(Status) && !StopSignal;
}

TemporaryFile::TemporaryFile(const std::string &Text) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Template =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/heapcount-sym-XXXXXX";
  std::vector<char> Name(Template.begin(), Template.end());
  Name.push_back('\0');
  int Fd = mkstemp(Name.data());
  if (Fd < 0)
    return;
  Path = Name.data();
  std::size_t Done = 0;
  while (Done < Text.size()) {
    ssize_t Wrote = write(Fd, Text.data() + Done, Text.size() - Done);
    if (Wrote < 0 && errno == EINTR)
      continue;
    if (Wrote <= 0)
      break;
    Done += static_cast<std::size_t>(Wrote);
  }
  close(Fd);
  if (Done != Text.size()) {
    std::remove(Path.c_str());
    Path.clear();
  }
}

TemporaryFile::~TemporaryFile() {
  if (!Path.empty())
    std::remove(Path.c_str());
}

} // namespace heapcount
