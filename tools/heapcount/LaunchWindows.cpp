//===- LaunchWindows.cpp - heapcount on Windows: CreateProcess + a DLL ----===//
//
// The program is created suspended, heapcount.dll (beside heapcount.exe) is
// made its first import (WindowsImports.h), and it runs with
// HEAPCOUNT_OUTPUT and the other settings in its environment. Only the
// program is counted: the processes it starts do not load the DLL.
//
// Strings are in the process code page, UTF-8 by heapcount.exe's manifest,
// and converted for the wide Win32 calls.
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/Launch.h"
#include "tools/heapcount/WindowsImports.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <windows.h>

namespace heapcount {

const char *const PlatformHelp =
    "On Windows only the program itself is counted, not the processes it\n"
    "starts, and it must be a 64-bit (x86-64) program; heapcount.dll must be\n"
    "beside heapcount.exe.\n";

const char *const NoReportCauses =
    "TerminateProcess, a stack overflow, heapcount.dll not initialised";

// heapcount.dll is the program's first import: the program does not start
// without it, and it does not mark the report file.
const bool LibraryMarksStart = false;

namespace {

// The function of heapcount.dll the program is made to import.
const char *const AttachFunction = "heapcount_attach";

std::wstring widen(const std::string &Text) {
  if (Text.empty())
    return std::wstring();
  int Length = MultiByteToWideChar(CP_ACP, 0, Text.data(),
                                   static_cast<int>(Text.size()), nullptr, 0);
  std::wstring Wide(static_cast<std::size_t>(Length), L'\0');
  MultiByteToWideChar(CP_ACP, 0, Text.data(), static_cast<int>(Text.size()),
                      Wide.data(), Length);
  return Wide;
}

std::string narrow(std::wstring_view Wide) {
  if (Wide.empty())
    return std::string();
  int Length =
      WideCharToMultiByte(CP_ACP, 0, Wide.data(), static_cast<int>(Wide.size()),
                          nullptr, 0, nullptr, nullptr);
  std::string Text(static_cast<std::size_t>(Length), '\0');
  WideCharToMultiByte(CP_ACP, 0, Wide.data(), static_cast<int>(Wide.size()),
                      Text.data(), Length, nullptr, nullptr);
  return Text;
}

std::string lastErrorText() { return systemErrorText(GetLastError()); }

bool isFile(const std::wstring &Path) {
  DWORD Attributes = GetFileAttributesW(Path.c_str());
  return Attributes != INVALID_FILE_ATTRIBUTES &&
         !(Attributes & FILE_ATTRIBUTE_DIRECTORY);
}

// A Win32 call that fills a buffer and returns the length it needed.
template <typename Call> std::wstring fillBuffer(Call &&Get) {
  std::wstring Buffer(MAX_PATH, L'\0');
  for (;;) {
    DWORD Got = Get(Buffer.data(), static_cast<DWORD>(Buffer.size()));
    if (Got == 0)
      return std::wstring();
    if (Got < Buffer.size()) {
      Buffer.resize(Got);
      return Buffer;
    }
    Buffer.resize(std::max<std::size_t>(Got, Buffer.size() * 2));
  }
}

std::wstring fullPath(const std::wstring &Path) {
  return fillBuffer([&](wchar_t *Into, DWORD Size) {
    return GetFullPathNameW(Path.c_str(), Size, Into, nullptr);
  });
}

// The file name part of a path has an extension.
bool hasExtension(const std::wstring &Path) {
  std::size_t Name = Path.find_last_of(L"/\\:");
  return Path.find(L'.', Name == std::wstring::npos ? 0 : Name + 1) !=
         std::wstring::npos;
}

// One argument of a command line, quoted so that the C runtime's parser
// (and CommandLineToArgvW) gives it back unchanged: inside quotes, a run of
// backslashes is literal unless a quote follows it, when each backslash is
// doubled and the quote escaped.
void appendQuoted(std::wstring &Line, const std::wstring &Arg) {
  if (!Arg.empty() && Arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
    Line += Arg;
    return;
  }
  Line += L'"';
  std::size_t Backslashes = 0;
  for (wchar_t C : Arg) {
    if (C == L'\\') {
      ++Backslashes;
      continue;
    }
    if (C == L'"')
      Line.append(Backslashes * 2 + 1, L'\\');
    else
      Line.append(Backslashes, L'\\');
    Backslashes = 0;
    Line += C;
  }
  Line.append(Backslashes * 2, L'\\');
  Line += L'"';
}

std::wstring commandLine(const std::vector<std::string> &Argv) {
  std::wstring Line;
  for (const std::string &Arg : Argv) {
    if (!Line.empty())
      Line += L' ';
    appendQuoted(Line, widen(Arg));
  }
  return Line;
}

// Sets environment variables of this process for the processes it creates,
// and restores them when it goes.
class EnvironmentChange {
public:
  void set(const wchar_t *Name, const std::wstring *Value) {
    SetLastError(ERROR_SUCCESS);
    std::wstring Old = fillBuffer([&](wchar_t *Into, DWORD Size) {
      return GetEnvironmentVariableW(Name, Into, Size);
    });
    bool Had = GetLastError() != ERROR_ENVVAR_NOT_FOUND;
    Changes.push_back(Saved{Name, Had, Old});
    SetEnvironmentVariableW(Name, Value ? Value->c_str() : nullptr);
  }
  ~EnvironmentChange() {
    for (auto It = Changes.rbegin(); It != Changes.rend(); ++It)
      SetEnvironmentVariableW(It->Name, It->Had ? It->Value.c_str() : nullptr);
  }

private:
  struct Saved {
    const wchar_t *Name;
    bool Had;
    std::wstring Value;
  };
  std::vector<Saved> Changes;
};

// A standard handle for a child: an inheritable copy, closed with the
// object, or the handle itself when it cannot be copied (the console's
// pseudo-handles before Windows 8, which console children get anyway).
class InheritedHandle {
public:
  explicit InheritedHandle(HANDLE Handle) : Handle(Handle) {
    if (Handle && Handle != INVALID_HANDLE_VALUE &&
        DuplicateHandle(GetCurrentProcess(), Handle, GetCurrentProcess(), &Copy,
                        0, TRUE, DUPLICATE_SAME_ACCESS))
      this->Handle = Copy;
  }
  ~InheritedHandle() {
    if (Copy)
      CloseHandle(Copy);
  }
  InheritedHandle(const InheritedHandle &) = delete;
  InheritedHandle &operator=(const InheritedHandle &) = delete;
  HANDLE get() const { return Handle; }

private:
  HANDLE Handle;
  HANDLE Copy = nullptr;
};

// Whether ^C is ignored (from the program's start on).
bool IgnoringControlC = false;

// What an exit status of 0xC0000000 or more (an NTSTATUS error, the
// exception that ended the process) means.
const char *exceptionName(DWORD Code) {
  switch (Code) {
  case 0xC0000005:
    return "access violation";
  case 0xC000001D:
    return "illegal instruction";
  case 0xC0000025:
    return "noncontinuable exception";
  case 0xC000008C:
    return "array bounds exceeded";
  case 0xC000008E:
    return "floating-point division by zero";
  case 0xC0000094:
    return "integer division by zero";
  case 0xC0000095:
    return "integer overflow";
  case 0xC0000096:
    return "privileged instruction";
  case 0xC00000FD:
    return "stack overflow";
  case 0xC0000135:
    return "a DLL was not found";
  case 0xC0000139:
    return "an entry point was not found in a DLL";
  case 0xC0000142:
    return "a DLL failed to initialise";
  case 0xC000013A:
    return "Ctrl+C";
  case 0xC0000374:
    return "heap corruption";
  case 0xC0000409:
    return "stack buffer overrun or fail-fast";
  default:
    return nullptr;
  }
}

// heapcount.dll's path as the import directory holds it: ASCII (the loader
// reads it in the system's ANSI code page), so a path with other characters
// is given by its short name.
bool asciiPath(const std::wstring &Path, std::string &Ascii) {
  auto IsAscii = [](const std::wstring &Text) {
    for (wchar_t C : Text)
      if (C >= 0x80)
        return false;
    return true;
  };
  std::wstring Usable = Path;
  if (!IsAscii(Usable))
    Usable = fillBuffer([&](wchar_t *Into, DWORD Size) {
      return GetShortPathNameW(Path.c_str(), Into, Size);
    });
  if (Usable.empty() || !IsAscii(Usable))
    return false;
  Ascii.assign(Usable.begin(), Usable.end());
  return true;
}

} // namespace

bool isExecutable(const std::string &Path) { return isFile(widen(Path)); }

unsigned long currentProcessId() { return GetCurrentProcessId(); }

bool replaceFile(const std::string &From, const std::string &To) {
  if (MoveFileExW(widen(From).c_str(), widen(To).c_str(),
                  MOVEFILE_REPLACE_EXISTING))
    return true;
  errno = EACCES;
  return false;
}

std::string realPath(const std::string &Path) {
  std::wstring Wide = widen(Path);
  if (GetFileAttributesW(Wide.c_str()) == INVALID_FILE_ATTRIBUTES)
    return std::string();
  return narrow(fullPath(Wide));
}

std::string findOnPath(const std::string &Name) {
  const char *Path = std::getenv("PATH");
  std::wstring Dirs = widen(Path ? Path : "");
  std::wstring WideName = widen(Name);
  std::size_t From = 0;
  while (From <= Dirs.size()) {
    std::size_t To = Dirs.find(L';', From);
    if (To == std::wstring::npos)
      To = Dirs.size();
    std::wstring Dir = Dirs.substr(From, To - From);
    From = To + 1;
    if (Dir.empty())
      continue;
    if (Dir.back() != L'\\' && Dir.back() != L'/')
      Dir += L'\\';
    std::wstring Candidate = Dir + WideName;
    if (isFile(Candidate))
      return narrow(Candidate);
    if (!hasExtension(WideName) && isFile(Candidate + L".exe"))
      return narrow(Candidate + L".exe");
  }
  return "";
}

// What CreateProcess would run: a path as given (".exe" added when it has no
// extension), a name searched for with ".exe" as SearchPath does (this
// executable's directory, the system directories, the current directory,
// PATH).
std::string findProgram(const std::string &Name) {
  std::wstring Wide = widen(Name);
  if (Wide.empty())
    return "";
  if (Wide.find_first_of(L"/\\:") != std::wstring::npos) {
    if (!hasExtension(Wide))
      Wide += L".exe";
    return isFile(Wide) ? narrow(fullPath(Wide)) : "";
  }
  std::wstring Found = fillBuffer([&](wchar_t *Into, DWORD Size) {
    return SearchPathW(nullptr, Wide.c_str(), L".exe", Size, Into, nullptr);
  });
  return !Found.empty() && isFile(Found) ? narrow(Found) : "";
}

// heapcount.dll sits beside heapcount.exe, in the build tree (bin/) as in an
// installation.
std::string findLibrary(std::string &Error) {
  std::wstring Self = fillBuffer([](wchar_t *Into, DWORD Size) {
    return GetModuleFileNameW(nullptr, Into, Size);
  });
  std::size_t Slash = Self.find_last_of(L"\\/");
  if (Self.empty() || Slash == std::wstring::npos) {
    Error =
        "cannot find this executable (GetModuleFileName: " + lastErrorText() +
        ")";
    return "";
  }
  std::wstring Library = Self.substr(0, Slash + 1) + L"heapcount.dll";
  if (!isFile(Library)) {
    Error = "cannot find the counting library " + narrow(Library) +
            " (it must be beside heapcount.exe)";
    return "";
  }
  return narrow(Library);
}

std::string createTemporaryReport(std::string &Error) {
  std::wstring Dir = fillBuffer(
      [](wchar_t *Into, DWORD Size) { return GetTempPathW(Size, Into); });
  wchar_t Name[MAX_PATH + 1];
  if (Dir.empty() || !GetTempFileNameW(Dir.c_str(), L"hc", 0, Name)) {
    Error = "cannot create a temporary report file in " + narrow(Dir) + " (" +
            lastErrorText() + ")";
    return "";
  }
  return narrow(Name);
}

bool prepareReport(const std::string &Path, std::string &Error) {
  HANDLE File = CreateFileW(widen(Path).c_str(), GENERIC_WRITE,
                            FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                            CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (File == INVALID_HANDLE_VALUE) {
    Error = "cannot write the JSON report to '" + Path + "' (" +
            lastErrorText() + ")";
    return false;
  }
  CloseHandle(File);
  return true;
}

std::string whyLibraryNotStarted(const LaunchSettings &, const LaunchResult &) {
  return ""; // LibraryMarksStart is false: never asked.
}

LaunchResult runProgram(const LaunchSettings &Settings) {
  LaunchResult Result;
  std::string Dll;
  if (!asciiPath(widen(Settings.Library), Dll)) {
    Result.Error = "cannot load " + Settings.Library +
                   " into the program: its path has characters other than "
                   "ASCII and no short name";
    return Result;
  }
  std::wstring Line = commandLine(Settings.Command);

  PROCESS_INFORMATION Process = {};
  {
    EnvironmentChange Environment;
    std::wstring Report = widen(Settings.Report);
    std::wstring Start = widen(Settings.Start);
    std::wstring StackDepth = std::to_wstring(Settings.StackDepth);
    Environment.set(L"HEAPCOUNT_OUTPUT", &Report);
    Environment.set(L"HEAPCOUNT_START",
                    Settings.Start != "now" ? &Start : nullptr);
    std::wstring StackSizes = L"1";
    if (Settings.StackDepth)
      Environment.set(L"HEAPCOUNT_STACKS", &StackDepth);
    if (Settings.StackSizes)
      Environment.set(L"HEAPCOUNT_STACK_SIZES", &StackSizes);
    // The program's standard handles are heapcount's.
    InheritedHandle Input(GetStdHandle(STD_INPUT_HANDLE));
    InheritedHandle Output(GetStdHandle(STD_OUTPUT_HANDLE));
    InheritedHandle Errors(GetStdHandle(STD_ERROR_HANDLE));
    STARTUPINFOW Startup = {};
    Startup.cb = sizeof(Startup);
    Startup.dwFlags = STARTF_USESTDHANDLES;
    Startup.hStdInput = Input.get();
    Startup.hStdOutput = Output.get();
    Startup.hStdError = Errors.get();
    if (!CreateProcessW(widen(Settings.Program).c_str(), Line.data(), nullptr,
                        nullptr, TRUE, CREATE_SUSPENDED, nullptr, nullptr,
                        &Startup, &Process)) {
      Result.Error = "cannot run '" + Settings.Program + "' (" +
                     systemErrorText(GetLastError(), Settings.Program) + ")";
      return Result;
    }
  }

  std::string Why;
  if (!addFirstImport(Process.hProcess, Dll, AttachFunction, Why)) {
    TerminateProcess(Process.hProcess, 1);
    WaitForSingleObject(Process.hProcess, INFINITE);
    CloseHandle(Process.hThread);
    CloseHandle(Process.hProcess);
    Result.Error = "cannot load " + Settings.Library + " into '" +
                   Settings.Program + "': " + Why;
    return Result;
  }
  // A console's ^C goes to the program; heapcount waits for its end. (Set
  // after the program was created, which would inherit it.)
  SetConsoleCtrlHandler(nullptr, TRUE);
  IgnoringControlC = true;
  if (ResumeThread(Process.hThread) == static_cast<DWORD>(-1)) {
    Result.Error = "cannot start '" + Settings.Program +
                   "' (ResumeThread: " + lastErrorText() + ")";
    TerminateProcess(Process.hProcess, 1);
    CloseHandle(Process.hThread);
    CloseHandle(Process.hProcess);
    return Result;
  }
  CloseHandle(Process.hThread);
  WaitForSingleObject(Process.hProcess, INFINITE);
  DWORD Code = 0;
  GetExitCodeProcess(Process.hProcess, &Code);
  CloseHandle(Process.hProcess);

  Result.ExitCode = static_cast<int>(Code);
  if (Code >= 0xC0000000) {
    char Text[16];
    std::snprintf(Text, sizeof(Text), "0x%08lX",
                  static_cast<unsigned long>(Code));
    const char *Name = exceptionName(Code);
    Result.Crash = std::string("exception ") + Text +
                   (Name ? std::string(", ") + Name : std::string());
  }
  return Result;
}

bool runCapture(const std::vector<std::string> &Argv,
                const std::string &InputPath, std::string &Output) {
  SECURITY_ATTRIBUTES Inherit = {sizeof(Inherit), nullptr, TRUE};
  HANDLE Read = nullptr, Write = nullptr;
  if (!CreatePipe(&Read, &Write, &Inherit, 0))
    return false;
  SetHandleInformation(Read, HANDLE_FLAG_INHERIT, 0);
  HANDLE Input = CreateFileW(
      InputPath.empty() ? L"NUL" : widen(InputPath).c_str(), GENERIC_READ,
      FILE_SHARE_READ | FILE_SHARE_WRITE, &Inherit, OPEN_EXISTING, 0, nullptr);
  HANDLE Null = CreateFileW(L"NUL", GENERIC_WRITE, FILE_SHARE_WRITE, &Inherit,
                            OPEN_EXISTING, 0, nullptr);
  STARTUPINFOW Startup = {};
  Startup.cb = sizeof(Startup);
  Startup.dwFlags = STARTF_USESTDHANDLES;
  Startup.hStdInput = Input;
  Startup.hStdOutput = Write;
  Startup.hStdError = Null;
  std::wstring Line = commandLine(Argv);
  PROCESS_INFORMATION Process = {};
  // heapcount ignores ^C while the program runs; the symbolizer must not.
  if (IgnoringControlC)
    SetConsoleCtrlHandler(nullptr, FALSE);
  bool Started = Input != INVALID_HANDLE_VALUE &&
                 CreateProcessW(widen(Argv[0]).c_str(), Line.data(), nullptr,
                                nullptr, TRUE, CREATE_NO_WINDOW, nullptr,
                                nullptr, &Startup, &Process);
  if (IgnoringControlC)
    SetConsoleCtrlHandler(nullptr, TRUE);
  CloseHandle(Write);
  if (Input != INVALID_HANDLE_VALUE)
    CloseHandle(Input);
  if (Null != INVALID_HANDLE_VALUE)
    CloseHandle(Null);
  if (!Started) {
    CloseHandle(Read);
    return false;
  }
  CloseHandle(Process.hThread);
  char Buffer[65536];
  DWORD Got = 0;
  while (ReadFile(Read, Buffer, sizeof(Buffer), &Got, nullptr) && Got)
    Output.append(Buffer, Got);
  CloseHandle(Read);
  WaitForSingleObject(Process.hProcess, INFINITE);
  DWORD Code = 0;
  GetExitCodeProcess(Process.hProcess, &Code);
  CloseHandle(Process.hProcess);
  // As WIFEXITED: ended by an exception is not a normal exit.
  return Code < 0xC0000000;
}

// Windows runs no child processes of the program under heapcount and takes
// no profiles (FollowsChildProcesses is false): these serve the portable
// code, and are kept simple.
std::string createPrivateDirectory(std::string &Error) {
  std::wstring Tmp = fillBuffer(
      [](wchar_t *Into, DWORD Size) { return GetTempPathW(Size, Into); });
  for (unsigned Try = 0; !Tmp.empty() && Try < 100; ++Try) {
    std::wstring Dir = Tmp + L"heapcount-" +
                       std::to_wstring(GetCurrentProcessId()) + L"-" +
                       std::to_wstring(GetTickCount() + Try);
    if (CreateDirectoryW(Dir.c_str(), nullptr))
      return narrow(Dir);
    if (GetLastError() != ERROR_ALREADY_EXISTS)
      break;
  }
  Error = "cannot create a private directory in " + narrow(Tmp) + " (" +
          lastErrorText() + ")";
  return "";
}

std::vector<std::string> listDirectory(const std::string &Dir) {
  std::vector<std::string> Names;
  WIN32_FIND_DATAW Entry;
  HANDLE Find = FindFirstFileW(widen(Dir + "\\*").c_str(), &Entry);
  if (Find == INVALID_HANDLE_VALUE)
    return Names;
  do {
    std::string Name = narrow(Entry.cFileName);
    if (Name != "." && Name != "..")
      Names.push_back(Name);
  } while (FindNextFileW(Find, &Entry));
  FindClose(Find);
  return Names;
}

void removePrivateDirectory(const std::string &Dir) {
  std::string Path = Dir + "\\";
  for (const std::string &Name : listDirectory(Dir)) {
    Path.resize(Dir.size() + 1);
    Path += Name;
    DeleteFileW(widen(Path).c_str());
  }
  RemoveDirectoryW(widen(Dir).c_str());
}

bool moveFile(const std::string &From, const std::string &To) {
  return MoveFileExW(widen(From).c_str(), widen(To).c_str(),
                     MOVEFILE_REPLACE_EXISTING | MOVEFILE_COPY_ALLOWED);
}

void catchStopSignals() {}

int stopSignal() { return 0; }

std::string signalName(int Signal) {
  return "signal " + std::to_string(Signal);
}

TemporaryFile::TemporaryFile(const std::string &Text) {
  std::wstring Dir = fillBuffer(
      [](wchar_t *Into, DWORD Size) { return GetTempPathW(Size, Into); });
  wchar_t Name[MAX_PATH + 1];
  if (Dir.empty() || !GetTempFileNameW(Dir.c_str(), L"hcs", 0, Name))
    return;
  HANDLE File = CreateFileW(Name, GENERIC_WRITE, 0, nullptr, TRUNCATE_EXISTING,
                            FILE_ATTRIBUTE_TEMPORARY, nullptr);
  DWORD Wrote = 0;
  bool Written = File != INVALID_HANDLE_VALUE &&
                 WriteFile(File, Text.data(), static_cast<DWORD>(Text.size()),
                           &Wrote, nullptr) &&
                 Wrote == Text.size();
  if (File != INVALID_HANDLE_VALUE)
    CloseHandle(File);
  if (!Written) {
    DeleteFileW(Name);
    return;
  }
  Path = narrow(Name);
}

TemporaryFile::~TemporaryFile() {
  if (!Path.empty())
    DeleteFileW(widen(Path).c_str());
}

} // namespace heapcount
