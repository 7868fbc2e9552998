//===- ReportWriter.cpp - heapcount on Linux: the report ------------------===//
//
// The JSON report is written to $HEAPCOUNT_OUTPUT when the process ends: at
// exit, at _exit, or on a fatal signal (then the signal is raised again). A
// process other than the one heapcount started (a forked child, a program
// it runs) writes $HEAPCOUNT_OUTPUT.<pid>.
//
// Everything here runs at the end of a process, possibly in a signal
// handler: no allocation, only system calls.
//
//===----------------------------------------------------------------------===//

#include "lib/heapcount/linux/InterposeInternal.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <link.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace heapcount::interpose;

// Copied at start-up: the program may change its environment.
char heapcount::interpose::OutputPath[4096];
long heapcount::interpose::RootPid = 0;
bool heapcount::interpose::ForkedChild = false;
char heapcount::interpose::SelfExe[4096];

namespace {

std::atomic<bool> ReportWritten{false};

/// The report's pieces gathered into one system call per 64 KiB (the JSON
/// writer hands them over by the kilobyte): a static buffer, as the report
/// may be written from a signal handler, by one thread (ReportWritten).
struct BufferedReport {
  ReportFile File;
  std::size_t Used = 0;
};
char ReportBuffer[64 * 1024];

void flushReport(BufferedReport &Out) {
  writeAll(ReportBuffer, Out.Used, &Out.File);
  Out.Used = 0;
}

void bufferReport(const char *Data, std::size_t Size, void *Context) {
  auto *Out = static_cast<BufferedReport *>(Context);
  if (Out->Used + Size > sizeof(ReportBuffer))
    flushReport(*Out);
  if (Size > sizeof(ReportBuffer)) {
    writeAll(Data, Size, &Out->File);
    return;
  }
  std::memcpy(ReportBuffer + Out->Used, Data, Size);
  Out->Used += Size;
}

} // namespace

void heapcount::interpose::writeAll(const char *Data, std::size_t Size,
                                    void *Context) {
  auto *File = static_cast<ReportFile *>(Context);
  int Fd = File->Fd;
  while (Size && !File->Failed) {
    ssize_t Done = write(Fd, Data, Size);
    if (Done < 0 && errno == EINTR)
      continue;
    if (Done <= 0) {
      File->Failed = true;
      return;
    }
    Data += Done;
    Size -= static_cast<std::size_t>(Done);
  }
}

// Writes \p Value in decimal at \p Out + \p Length, with a terminating NUL;
// returns the new length. Async-signal-safe (no formatting library).
std::size_t heapcount::interpose::appendDecimal(char *Out, std::size_t Length,
                                                unsigned long Value) {
  char Digits[24];
  unsigned N = 0;
  do
    Digits[N++] = static_cast<char>('0' + Value % 10);
  while (Value /= 10);
  while (N)
    Out[Length++] = Digits[--N];
  Out[Length] = '\0';
  return Length;
}

namespace {

// The root process writes OutputPath; any other one OutputPath.<pid>.
void reportPath(char *Path, std::size_t Capacity) {
  std::size_t Length = std::strlen(OutputPath);
  if (Length + 24 > Capacity) {
    Path[0] = '\0';
    return;
  }
  std::memcpy(Path, OutputPath, Length + 1);
  long Pid = getpid();
  if (RootPid ? Pid == RootPid : !ForkedChild)
    return;
  Path[Length++] = '.';
  Length = appendDecimal(Path, Length, static_cast<unsigned long>(Pid));
}

// dl_iterate_phdr takes no allocation; the main program's name comes from
// /proc/self/exe, read at start-up.
void enumerateModules(heapcount::ModuleVisitor Visit, void *Context) {
  struct Walk {
    heapcount::ModuleVisitor Visit;
    void *Context;
  } W{Visit, Context};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, std::size_t, void *Raw) {
        auto *W = static_cast<Walk *>(Raw);
        const char *Path = Info->dlpi_name;
        if (!Path || !*Path)
          Path = SelfExe;
        if (!*Path)
          return 0;
        std::uintptr_t Start = ~std::uintptr_t{0}, End = 0;
        for (unsigned I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Info->dlpi_phdr[I];
          if (Segment.p_type != PT_LOAD)
            continue;
          std::uintptr_t From = Info->dlpi_addr + Segment.p_vaddr;
          Start = From < Start ? From : Start;
          End = From + Segment.p_memsz > End ? From + Segment.p_memsz : End;
        }
        if (End > Start)
          W->Visit(heapcount::Module{Path, Info->dlpi_addr, Start, End},
                   W->Context);
        return 0;
      },
      &W);
}

// The modules as they were after the last dlopen or dlclose, for a report
// written from a signal handler: dl_iterate_phdr takes the loader's lock,
// which the interrupted thread may hold (a signal during dlopen), and would
// wait for it forever there. Two copies: the one published is never the one
// being refreshed.
struct ModuleSnapshot {
  static constexpr unsigned Capacity = 1024;
  heapcount::Module Modules[Capacity];
  char Names[128 * 1024];
  unsigned Count = 0;
};
ModuleSnapshot Snapshots[2];
std::atomic<int> PublishedSnapshot{-1};
std::atomic_flag Refreshing = ATOMIC_FLAG_INIT;

} // namespace

bool heapcount::interpose::KeepSnapshot = false;

void heapcount::interpose::refreshModuleSnapshot() {
  if (!KeepSnapshot || ReportWritten.load() || Refreshing.test_and_set())
    return;
  ModuleSnapshot &Next = Snapshots[PublishedSnapshot.load() == 0 ? 1 : 0];
  Next.Count = 0;
  std::size_t Used = 0;
  struct Fill {
    ModuleSnapshot *S;
    std::size_t *Used;
  } F{&Next, &Used};
  enumerateModules(
      [](const heapcount::Module &M, void *Raw) {
        auto *F = static_cast<Fill *>(Raw);
        std::size_t Length = std::strlen(M.Path) + 1;
        if (F->S->Count == ModuleSnapshot::Capacity ||
            *F->Used + Length > sizeof(F->S->Names))
          return;
        char *Name = F->S->Names + *F->Used;
        std::memcpy(Name, M.Path, Length);
        *F->Used += Length;
        F->S->Modules[F->S->Count++] =
            heapcount::Module{Name, M.Base, M.Start, M.End};
      },
      &F);
  PublishedSnapshot.store(&Next == &Snapshots[0] ? 0 : 1);
  Refreshing.clear();
}

namespace {

void enumerateSnapshot(heapcount::ModuleVisitor Visit, void *Context) {
  int Index = PublishedSnapshot.load();
  if (Index < 0)
    return;
  const ModuleSnapshot &S = Snapshots[Index];
  for (unsigned I = 0; I < S.Count; ++I)
    Visit(S.Modules[I], Context);
}

void writeReportOnce(const char *End, int Signal) {
  if (!OutputPath[0] || ReportWritten.exchange(true))
    return;
  bool WasInHook = InHook;
  InHook = true;
  char Path[sizeof(OutputPath) + 24];
  reportPath(Path, sizeof(Path));
  // Written beside the report and renamed over it once complete: a fatal
  // signal that lands while it is written (the handler then leaves it as it
  // is) leaves no half report for a reader to take for a whole one.
  char Partial[sizeof(Path) + 32];
  std::size_t Length = 0;
  while (Path[Length] && Length < sizeof(Path) - 1) {
    Partial[Length] = Path[Length];
    ++Length;
  }
  const char Suffix[] = ".partial.";
  for (const char *C = Suffix; *C; ++C)
    Partial[Length++] = *C;
  Length = appendDecimal(Partial, Length, static_cast<unsigned long>(getpid()));
  int Fd = Path[0]
               ? open(Partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)
               : -1;
  if (Fd >= 0) {
    heapcount::ProcessInfo Info;
    Info.Platform = "linux";
    Info.Pid = getpid();
    Info.ParentPid = getppid();
    Info.End = End;
    Info.Signal = Signal;
    Info.Modules =
        Signal && KeepSnapshot ? enumerateSnapshot : enumerateModules;
    Info.Program = SelfExe;
    // "via" only when the calls were not counted the usual way.
    if (Route.Kind != heapcount::posix::AllocatorRoute::Interposed)
      Info.Via = Route.Via;
    Info.Problem = Route.Problem;
    // The arguments as the kernel keeps them (NUL-separated), read with
    // system calls only: this may run in a signal handler.
    static char Arguments[16384];
    int ArgsFd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    ssize_t Got = 0;
    while (ArgsFd >= 0 && Got < static_cast<ssize_t>(sizeof(Arguments)) - 1) {
      ssize_t N = read(ArgsFd, Arguments + Got, sizeof(Arguments) - 1 - Got);
      if (N <= 0)
        break;
      Got += N;
    }
    if (ArgsFd >= 0)
      close(ArgsFd);
    Arguments[Got] = '\0';
    Info.Arguments = Arguments;
    Info.ArgumentsSize = static_cast<std::size_t>(Got);
    BufferedReport Out;
    Out.File.Fd = Fd;
    heapcount::writeJson(bufferReport, &Out, Info);
    flushReport(Out);
    const ReportFile &File = Out.File;
    if (close(Fd) == 0 && !File.Failed)
      rename(Partial, Path);
    else
      unlink(Partial);
  }
  InHook = WasInHook;
}

// valgrind runs glibc's and libstdc++'s release hooks at exit (its
// --run-libc-freeres and --run-cxx-freeres, on by default), which free their
// private buffers (libstdc++'s exception pool, ...); running them as late,
// uncounted after this point, makes the frees match.
void runFreeres() {
  // Under a sanitizer's hooks, libstdc++'s exception pool was made before
  // they were installed, uncounted: its release must not be counted either.
  if (Real.CxxFreeres &&
      Route.Kind != heapcount::posix::AllocatorRoute::SanitizerHooks)
    Real.CxxFreeres();
  if (Real.LibcFreeres)
    Real.LibcFreeres();
}

// A fatal signal: the report is written, the default action restored
// (SA_RESETHAND) and the signal raised again, so the process still ends by
// it (same status, same core dump). Only signals whose action was the
// default get this handler; a program that installs its own replaces it.
void onFatalSignal(int Signal) {
  int SavedErrno = errno;
  writeReportOnce("signal", Signal);
  errno = SavedErrno;
  raise(Signal);
}

const int FatalSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE,
                            SIGILL,  SIGTRAP, SIGSYS, SIGTERM};

} // namespace

void heapcount::interpose::installSignalHandlers() {
  for (int Signal : FatalSignals) {
    struct sigaction Old;
    if (sigaction(Signal, nullptr, &Old) != 0 || Old.sa_handler != SIG_DFL ||
        (Old.sa_flags & SA_SIGINFO))
      continue;
    struct sigaction New;
    std::memset(&New, 0, sizeof(New));
    New.sa_handler = onFatalSignal;
    New.sa_flags = SA_RESETHAND | SA_RESTART;
    sigemptyset(&New.sa_mask);
    sigaction(Signal, &New, nullptr);
  }
}

// NOLINTBEGIN(readability-identifier-naming): C symbols.
extern "C" {

// _exit skips the destructors; the report is written first. glibc's
// release hooks are not run: a child that _exits right after fork must not
// touch its parent's state.
void _exit(int Status) {
  writeReportOnce("_exit", 0);
  if (Real.Exit)
    Real.Exit(Status);
  syscall(SYS_exit_group, Status);
  __builtin_unreachable();
}

void _Exit(int Status) { _exit(Status); }

} // extern "C"
// NOLINTEND(readability-identifier-naming)

namespace {

// As late as a shared library can run: after main returned or exit was
// called and the atexit handlers of the program ran.
__attribute__((destructor)) void writeReport() {
  if (!OutputPath[0] || ReportWritten.load())
    return;
  runFreeres();
  writeReportOnce("exit", 0);
}

} // namespace
