//===- CallSites.h - heapcount: allocations by call site -------*- C++ -*-===//
//
// `heapcount --stacks` attributes each allocation stack that lib/heapcount
// recorded to one call site: the first frame, inlined frames included, that
// is neither in the allocator nor in the standard library. This reads the
// report's "stacks" section, symbolizes its frames (llvm-symbolizer, or
// addr2line), picks and aggregates the sites and prints or stores them.
//
// Everything but symbolize() and reportCallSites() is a pure function of its
// arguments, unit-tested without running a symbolizer. Plain C++17, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_CALLSITES_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_CALLSITES_H

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace heapcount {

/// The depth `--stacks` asks for without a value, and the library's limit.
constexpr unsigned DefaultStackDepth = 16;
constexpr unsigned MaxStackDepth = 64;

/// A module loaded in the program when the report was written.
struct ModuleInfo {
  std::string Path;       ///< A file, or a name such as "linux-vdso.so.1".
  std::uint64_t Base = 0; ///< Load bias: file address = address - Base.
  std::uint64_t Start = 0, End = 0;
};

/// Processes by their number in a run (0, 1, ...), kept as ascending runs
/// of consecutive numbers: a stack that every process of a program made
/// costs one run, whatever the number of processes.
class ProcessSet {
public:
  /// Adds \p Process, no lower than any added before (the folder numbers
  /// the processes in the order their reports arrive).
  void addLast(std::uint32_t Process);
  /// Adds every process of \p Other.
  void insert(const ProcessSet &Other);
  std::uint64_t size() const;
  bool empty() const { return Runs.empty(); }

private:
  /// The first and last process of each run, ascending; runs neither
  /// overlap nor touch.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> Runs;
};

/// One distinct allocation stack and the allocations made through it.
struct StackInfo {
  std::uint64_t Calls = 0, Bytes = 0;
  std::vector<std::uint64_t> Frames; ///< Return addresses, innermost first.
  /// The size every allocation of the entry requested, when the stacks are
  /// keyed by size (StackReport::BySize); 0 otherwise.
  std::uint64_t Size = 0;
  /// In a folded report (StackFolder), the processes of its program that
  /// made the stack; empty in one process's report.
  ProcessSet Processes{};
};

/// The report's "stacks" section. Modules[0] is the program.
struct StackReport {
  unsigned Depth = 0;
  /// One entry per stack and requested size (HEAPCOUNT_STACK_SIZES=1, as
  /// heapcount --profile sets it): each StackInfo has its Size.
  bool BySize = false;
  std::uint64_t Dropped = 0;     ///< Allocations the full stack table missed.
  std::uint64_t TotalAllocs = 0; ///< The report's "total"."allocs".
  std::vector<ModuleInfo> Modules;
  std::vector<StackInfo> Stacks;
};

/// Reads the "stacks" section of a report written by lib/heapcount. Returns
/// false and says why in \p Error when the report has none or it is
/// malformed.
bool readStackReport(const std::string &Json, StackReport &Report,
                     std::string &Error);

/// Where a return address points: its module (-1 when none holds it) and
/// the file address of the call instruction (return address - 1 - Base),
/// which is what a symbolizer is given.
struct FrameAddress {
  int Module = -1;
  std::uint64_t Offset = 0;
};
FrameAddress locateFrame(const StackReport &Report, std::uint64_t Frame);

/// One level of a symbolized frame.
struct SourceLocation {
  std::string Function; ///< Demangled; empty when unknown.
  std::string File;     ///< Empty when there is no line information.
  unsigned Line = 0;
  unsigned Column = 0; ///< 0 when unknown (addr2line gives none).
};

/// Symbolized frames by return address: the inlined frames at that address,
/// innermost first, the function the code belongs to last. A frame that
/// could not be symbolized has no entry.
using SymbolTable = std::map<std::uint64_t, std::vector<SourceLocation>>;

/// \p Path with "." and "dir/.." removed (lexically, no symlinks), e.g.
/// "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/vector" ->
/// "/usr/include/c++/12/vector".
std::string normalizePath(const std::string &Path);

/// A module of the C and C++ runtime or an allocator (libc, libstdc++,
/// libc++, libgcc_s, ld.so, libm, libunwind, jemalloc, tcmalloc, mimalloc,
/// the counting library) or the vdso, wherever it is installed, unless it is
/// the program itself. Other libraries are not: a frame in libclang-cpp or
/// libz can be a call site. A Windows DLL is one when it is the system's
/// (ntdll, kernel32, kernelbase, api-ms-win-*), a C or C++ runtime's
/// (msvcrt, ucrtbase, msvcp*, vcruntime*, libstdc++-6, libgcc_s_seh-1,
/// libwinpthread-1, libc++) or heapcount.dll, in any letter case.
bool isSystemModule(const std::string &Path, const std::string &ProgramPath);

/// A source file of the standard library or the system headers: under
/// /usr/include/, /usr/lib/gcc/, /usr/lib/llvm-*/include/, any .../include/c++/
/// directory, or the sources of libstdc++ and libc++.
bool isStandardLibraryFile(const std::string &File);

/// The qualified name of a demangled function, without its return type
/// (templates have one), parameters and qualifiers:
/// "void std::vector<int>::_M_realloc_insert<int>(...)" ->
/// "std::vector<int>::_M_realloc_insert<int>".
std::string qualifiedName(const std::string &Function);

/// A function of the standard library or of the C++ runtime: in namespace
/// std, __gnu_cxx, __gnu_debug or __cxxabiv1, a __cxa_ function, or the
/// global operator new and delete (the allocator itself).
bool isStandardLibraryFunction(const std::string &Function);

/// Allocations attributed to one site.
struct CallSite {
  /// "file:line"; "function (module+0xoffset)" without line information;
  /// "module+0xoffset" without a symbol; or, in parentheses, why no frame
  /// qualified.
  std::string Site;
  std::string Function; ///< The function at the site; may be empty.
  std::uint64_t Calls = 0, Bytes = 0;
};

/// The site of one stack (its Calls and Bytes are left 0).
CallSite siteOfStack(const StackReport &Report, const StackInfo &Stack,
                     const SymbolTable &Symbols);

/// A level of a frame that the walk to the site passed over: the standard
/// library's code (inlined levels included) and frames of the runtime's
/// modules.
struct PassedLevel {
  std::string Function; ///< Demangled; empty when unknown.
  int Module = -1;      ///< Index in StackReport::Modules; -1 for none.
  bool InSystemModule = false;
};

/// siteOfStack's walk, with what it found on the way.
struct StackWalk {
  CallSite Site;
  /// The site's level when the site has line information (Site.Site is then
  /// "file:line"), else empty. File is as the symbolizer gave it.
  SourceLocation Location;
  bool HasLocation = false;
  /// A frame of the user's code was found (else Site says why not: the
  /// stack ended, or was cut at the depth, in the standard library).
  bool ReachedUserCode = false;
  /// The return address of the site's frame (when ReachedUserCode).
  std::uint64_t SiteFrame = 0;
  /// The levels passed over before the site, innermost first.
  std::vector<PassedLevel> Passed;
  /// The user code's levels above the site (inlined ones included), the
  /// innermost first, each with a line, at most MaxCallerLevels of them:
  /// which callers the allocations came through (a container filled by a
  /// callee is its caller's).
  std::vector<SourceLocation> Callers;
  /// The stack ended at the report's depth before MaxCallerLevels callers.
  bool CallersCut = false;
};
/// How many callers above a site walkStack keeps: the calls through which
/// a container is handed on to the function that fills it (alloc-tidy
/// follows at most four), with room for inlined wrappers.
constexpr std::size_t MaxCallerLevels = 8;
StackWalk walkStack(const StackReport &Report, const StackInfo &Stack,
                    const SymbolTable &Symbols);

/// Every stack attributed and summed by site, most calls first (then most
/// bytes, then by site).
std::vector<CallSite> aggregateCallSites(const StackReport &Report,
                                         const SymbolTable &Symbols);

/// The same sites, most bytes first (then most calls, then by site).
std::vector<CallSite> sortByBytes(std::vector<CallSite> Sites);

/// Parses llvm-symbolizer --output-style=JSON --inlines: one JSON object per
/// line, one line per address asked. An address it could not symbolize
/// gives an empty vector.
std::vector<std::vector<SourceLocation>>
parseLlvmSymbolizerJson(const std::string &Output);

/// Parses `addr2line -a -i -f -C -e FILE ADDRESS...`: per address a line
/// "0x...", then a function line and a "file:line" line per inlined frame.
std::vector<std::vector<SourceLocation>>
parseAddr2lineOutput(const std::string &Output);

/// The text heapcount prints: a heading, then the \p Top sites by calls and
/// the \p Top sites by bytes, every line starting with "heapcount: ".
std::string formatCallSites(const std::vector<CallSite> &Sites, unsigned Top,
                            const StackReport &Report);

/// Appends \p Text as a JSON string (quotes, backslashes and control
/// characters escaped; other bytes as they are).
void appendJsonString(std::string &Out, const std::string &Text);

/// The "call_sites" JSON array (every site, in the order given).
std::string callSitesJson(const std::vector<CallSite> &Sites);

/// Adds "call_sites" as the last member of the report's top-level object,
/// leaving the rest unchanged. False when the report does not end with '}'.
bool addCallSitesToReport(std::string &Report,
                          const std::vector<CallSite> &Sites);

/// Which symbolizer runs: HEAPCOUNT_SYMBOLIZER when set (a path to an
/// llvm-symbolizer or an addr2line; "none" for none), else the first of
/// llvm-symbolizer and llvm-symbolizer-22 on PATH,
/// /usr/lib/llvm-22/bin/llvm-symbolizer, and addr2line on PATH (on Windows,
/// llvm-symbolizer and addr2line on PATH).
struct Symbolizer {
  enum KindType { None, Llvm, Addr2line } Kind = None;
  std::string Path;
};
std::vector<Symbolizer> findSymbolizers();

/// Symbolizes every frame of \p Report with the first symbolizer of
/// \p Candidates that works, and says which in \p Used. Sets \p Warning
/// when none did, saying why ("no symbolizer found (...)", "the symbolizer
/// failed (...)").
SymbolTable symbolize(const StackReport &Report,
                      const std::vector<Symbolizer> &Candidates,
                      std::string &Warning, Symbolizer *Used = nullptr);

/// Where symbolizeByModule is: modules done of all, and the module just
/// symbolized with the number of its addresses. Returns false to stop.
using SymbolizeProgress =
    std::function<bool(std::size_t Done, std::size_t Modules,
                       const std::string &Module, std::size_t Addresses)>;

/// As symbolize, one run of the symbolizer per module (all its addresses at
/// once), calling \p Progress after each; when it returns false the table
/// holds the modules done so far. The first candidate that works for a
/// module is used for the rest.
SymbolTable symbolizeByModule(const StackReport &Report,
                              const std::vector<Symbolizer> &Candidates,
                              std::string &Warning, Symbolizer *Used,
                              const SymbolizeProgress &Progress);

/// A report's stacks, read and symbolized once for --stacks and --profile.
struct SymbolizedStacks {
  bool HaveStacks = false;
  StackReport Report;
  SymbolTable Symbols;
  std::string Error;   ///< Why there are no stacks (HaveStacks false).
  std::string Warning; ///< Why the frames are not symbolized (see symbolize).
  Symbolizer Used;     ///< The symbolizer that ran (Kind None when none).
};
SymbolizedStacks readAndSymbolize(const std::string &Json);

/// What `heapcount --stacks` does after the summary: attributes the stacks,
/// prints the top sites to stderr (after a warning when there are none or
/// they were not symbolized) and, when \p JsonPath is not empty, rewrites
/// that report, \p Json, with "call_sites" added.
void reportCallSites(const SymbolizedStacks &Stacks, const std::string &Json,
                     unsigned Top, const std::string &JsonPath);

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_CALLSITES_H
