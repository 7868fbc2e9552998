//===- Launch.h - heapcount: what differs between platforms -----*- C++ -*-===//
//
// Everything heapcount does that depends on the operating system: finding
// the program and the counting library, making the report file, running the
// program with the library loaded, and running a helper (the symbolizer)
// with its output captured. The rest of the tool (options, the summary, the
// child reports, call sites) is portable and calls these.
//
//   LaunchPosix.cpp    Linux: fork, exec, LD_PRELOAD of libheapcount.so.
//   LaunchWindows.cpp  Windows: CreateProcess, heapcount.dll made the
//                      program's first import (WindowsImports.cpp).
//
// Paths are narrow strings: UTF-8 on Linux, and on Windows too (heapcount.exe
// asks for UTF-8 as its code page in its manifest; before Windows 10 1903
// they are in the ANSI code page).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_LAUNCH_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_LAUNCH_H

#include <functional>
#include <string>
#include <vector>

namespace heapcount {

#ifdef _WIN32
/// The characters that separate the directories of a path.
constexpr const char *PathSeparators = "/\\";
/// Processes the program starts write reports of their own (REPORT.<pid>).
constexpr bool FollowsChildProcesses = false;
#else
constexpr const char *PathSeparators = "/";
constexpr bool FollowsChildProcesses = true;
#endif

/// What `heapcount --help` adds for this platform ("" or lines ending with a
/// newline).
extern const char *const PlatformHelp;

/// Examples of endings that leave no report, for the "no report" message.
extern const char *const NoReportCauses;

/// True when the counting library marks the report file as soon as it
/// starts in the program (Linux), so that a file left empty means that it
/// never started: nothing was counted, which is an error.
extern const bool LibraryMarksStart;
/// What the library writes to mark its start: the beginning of the file.
constexpr const char *StartMarker = "{\"heapcount_started\":";

/// The file the system runs for \p Name (a path, or a name looked up the
/// way the system does: PATH on Linux, CreateProcess's search with ".exe"
/// on Windows), or "" when there is none.
std::string findProgram(const std::string &Name);

/// The counting library that belongs to this executable, or "" with
/// \p Error saying where it was looked for.
std::string findLibrary(std::string &Error);

/// Creates an empty temporary file for the report; "" with \p Error when it
/// cannot.
std::string createTemporaryReport(std::string &Error);

/// Creates or empties the user's report file, so that an unwritable path is
/// an error before the program runs. False with \p Error when it cannot.
bool prepareReport(const std::string &Path, std::string &Error);

/// How to run the program.
struct LaunchSettings {
  std::string Program;              ///< findProgram's answer.
  std::vector<std::string> Command; ///< PROGRAM ARGS... as given.
  std::string Library;              ///< findLibrary's answer.
  std::string Report;               ///< Where the library writes its report.
  std::string Start = "now";        ///< --start: now, api or scope:NAME.
  unsigned StackDepth = 0;          ///< --stacks; 0 for none.
  /// --profile: stacks keyed by requested size (HEAPCOUNT_STACK_SIZES=1);
  /// otherwise the variable is left as it is.
  bool StackSizes = false;
  /// Called about every 100 ms while the program runs (Linux; the reports
  /// of the processes it starts are taken as they come); may be empty.
  std::function<void()> WhileRunning;
};

/// How the program ended.
struct LaunchResult {
  /// Set when the program could not be started: nothing ran, and heapcount
  /// fails with this message.
  std::string Error;
  /// What heapcount exits with: the program's exit status, or for a crash
  /// 128 + signal on Linux and the exception code on Windows.
  int ExitCode = 0;
  /// Set when the program crashed: "signal 11, SIGSEGV",
  /// "exception 0xC0000005, access violation".
  std::string Crash;
};

/// Runs the program with the counting library loaded and waits for it,
/// leaving it ^C (heapcount itself ignores it from then on).
LaunchResult runProgram(const LaunchSettings &Settings);

/// Why the counting library never started in the program that \p Settings
/// ran and that ended as \p Result says (LibraryMarksStart platforms).
std::string whyLibraryNotStarted(const LaunchSettings &Settings,
                                 const LaunchResult &Result);

/// The absolute path of an existing file with every symbolic link and "."
/// or ".." resolved (realpath), or "" when there is no such file.
std::string realPath(const std::string &Path);

/// This process's id (for the names of temporary files).
unsigned long currentProcessId();

/// Renames \p From to \p To, replacing \p To when it exists. False with
/// errno set when it cannot.
bool replaceFile(const std::string &From, const std::string &To);

/// A regular file this process may execute.
bool isExecutable(const std::string &Path);

/// The first executable file \p Name in PATH's directories, or "". On Linux
/// an empty entry is "."; on Windows a name without an extension is also
/// tried with ".exe".
std::string findOnPath(const std::string &Name);

/// Runs \p Argv (Argv[0] is a path) with stdin from \p InputPath (nothing
/// when empty) and stderr discarded, and collects its stdout. False when it
/// could not be started or did not exit normally. The helper gets ^C even
/// though heapcount ignores it.
bool runCapture(const std::vector<std::string> &Argv,
                const std::string &InputPath, std::string &Output);

/// Creates a directory only this user can enter, under TMPDIR (or /tmp; the
/// system's temporary directory on Windows), named heapcount-XXXXXX; "" with
/// \p Error when it cannot.
std::string createPrivateDirectory(std::string &Error);

/// Removes the files in \p Dir (it has no subdirectories) and \p Dir.
void removePrivateDirectory(const std::string &Dir);

/// The names of the entries of \p Dir, "." and ".." left out.
std::vector<std::string> listDirectory(const std::string &Dir);

/// Moves \p From to \p To (a rename, or a copy and a removal across file
/// systems). False when it cannot.
bool moveFile(const std::string &From, const std::string &To);

/// From now on SIGTERM, SIGINT and SIGHUP (those not ignored when heapcount
/// started) ask heapcount to stop: stopSignal() then names the signal, the
/// helper runCapture is running is ended, and no other starts. Called once
/// the program has ended, for the work left (symbolizing a profile). A
/// closed stdout or stderr (SIGPIPE) no longer ends heapcount.
void catchStopSignals();
/// The signal that asked heapcount to stop, or 0.
int stopSignal();
/// "SIGTERM" for its number.
std::string signalName(int Signal);

/// A temporary file holding some text, removed with the object; path() is
/// empty when it could not be written.
class TemporaryFile {
public:
  explicit TemporaryFile(const std::string &Text);
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile &) = delete;
  TemporaryFile &operator=(const TemporaryFile &) = delete;

  const std::string &path() const { return Path; }

private:
  std::string Path;
};

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_LAUNCH_H
