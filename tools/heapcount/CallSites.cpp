//===- CallSites.cpp - heapcount: allocations by call site ----------------===//
//
// Reads the "stacks" section of a lib/heapcount report, symbolizes its
// frames with one llvm-symbolizer process (or addr2line per module), picks
// for each stack the first frame outside the allocator and the standard
// library, and sums the stacks by site. See CallSites.h and
// docs/heapcount.md ("Call sites").
//
//===----------------------------------------------------------------------===//

#include "tools/heapcount/CallSites.h"
#include "tools/heapcount/JsonReader.h"
#include "tools/heapcount/Launch.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <unordered_map>
#include <utility>

namespace heapcount {
namespace {} // namespace

void appendJsonString(std::string &Out, const std::string &Text) {
  Out += '"';
  for (char C : Text) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += C;
    } else if (static_cast<unsigned char>(C) < 0x20) {
      char Escaped[8];
      std::snprintf(Escaped, sizeof(Escaped), "\\u%04x",
                    static_cast<unsigned>(static_cast<unsigned char>(C)));
      Out += Escaped;
    } else {
      Out += C;
    }
  }
  Out += '"';
}

namespace {

// --- Names and paths ---------------------------------------------------------

bool startsWith(const std::string &Text, const char *Prefix) {
  return Text.compare(0, std::strlen(Prefix), Prefix) == 0;
}

bool contains(const std::string &Text, const char *Part) {
  return Text.find(Part) != std::string::npos;
}

std::string baseName(const std::string &Path) {
  std::size_t Slash = Path.find_last_of(PathSeparators);
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

std::string hex(std::uint64_t Value) {
  char Text[24];
  std::snprintf(Text, sizeof(Text), "0x%llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

bool isIdentifierChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}

// "module+0xoffset", or the bare address outside every module; with the
// function in front when there is one: "f() (module+0xoffset)".
std::string describeFrame(const StackReport &Report, std::uint64_t Frame,
                          const std::string &Function) {
  FrameAddress Where = locateFrame(Report, Frame);
  std::string Text =
      Where.Module < 0
          ? hex(Frame)
          : baseName(
                Report.Modules[static_cast<std::size_t>(Where.Module)].Path) +
                "+" + hex(Where.Offset);
  return Function.empty() ? Text : Function + " (" + Text + ")";
}

// A symbolizer's "??" means unknown.
std::string known(const std::string &Text) {
  return Text == "??" ? std::string() : Text;
}

// --- Running a symbolizer ----------------------------------------------------

// A frame worth asking a symbolizer about: in a module that is a file.
struct Request {
  std::uint64_t Frame;
  std::size_t Module;
  std::uint64_t Offset;
};

std::vector<Request> requestsOf(const StackReport &Report) {
  std::set<std::uint64_t> Frames;
  for (const StackInfo &Stack : Report.Stacks)
    Frames.insert(Stack.Frames.begin(), Stack.Frames.end());
  std::vector<Request> Requests;
  for (std::uint64_t Frame : Frames) {
    FrameAddress Where = locateFrame(Report, Frame);
    if (Where.Module < 0)
      continue;
    auto Module = static_cast<std::size_t>(Where.Module);
    const std::string &Path = Report.Modules[Module].Path;
    // Not a file: the vdso; a quote cannot be passed in llvm-symbolizer's
    // input syntax.
    if (Path.find_first_of(PathSeparators) == std::string::npos ||
        contains(Path, "\""))
      continue;
    Requests.push_back(Request{Frame, Module, Where.Offset});
  }
  return Requests;
}

bool symbolizeWithLlvm(const std::string &Tool, const StackReport &Report,
                       const std::vector<Request> &Requests,
                       SymbolTable &Symbols) {
  std::string Input;
  for (const Request &R : Requests)
    Input +=
        "\"" + Report.Modules[R.Module].Path + "\" " + hex(R.Offset) + "\n";
  TemporaryFile File(Input);
  std::string Output;
  if (File.path().empty() ||
      !runCapture({Tool, "--output-style=JSON", "--inlines", "--demangle"},
                  File.path(), Output))
    return false;
  std::vector<std::vector<SourceLocation>> Frames =
      parseLlvmSymbolizerJson(Output);
  if (Frames.size() != Requests.size())
    return false;
  for (std::size_t I = 0; I < Requests.size(); ++I)
    if (!Frames[I].empty())
      Symbols[Requests[I].Frame] = std::move(Frames[I]);
  return true;
}

bool symbolizeWithAddr2line(const std::string &Tool, const StackReport &Report,
                            const std::vector<Request> &Requests,
                            SymbolTable &Symbols) {
  // One process per module and at most Chunk addresses, to keep the command
  // line short.
  constexpr std::size_t Chunk = 256;
  std::map<std::size_t, std::vector<const Request *>> ByModule;
  for (const Request &R : Requests)
    ByModule[R.Module].push_back(&R);
  bool Ran = false;
  for (const auto &Entry : ByModule) {
    const std::vector<const Request *> &Asked = Entry.second;
    for (std::size_t From = 0; From < Asked.size(); From += Chunk) {
      std::size_t To = std::min(Asked.size(), From + Chunk);
      std::vector<std::string> Argv = {
          Tool, "-a", "-i", "-f", "-C", "-e", Report.Modules[Entry.first].Path};
      Argv.reserve(Argv.size() + (To - From));
      for (std::size_t I = From; I < To; ++I)
        Argv.push_back(hex(Asked[I]->Offset));
      std::string Output;
      if (!runCapture(Argv, "", Output))
        continue;
      Ran = true;
      std::vector<std::vector<SourceLocation>> Frames =
          parseAddr2lineOutput(Output);
      if (Frames.size() != To - From)
        continue; // Not a file it can read: these frames stay raw.
      for (std::size_t I = From; I < To; ++I)
        if (!Frames[I - From].empty())
          Symbols[Asked[I]->Frame] = std::move(Frames[I - From]);
    }
  }
  return Ran || Requests.empty();
}

bool writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  Out << Text;
  Out.close();
  return static_cast<bool>(Out);
}

} // namespace

// --- Processes -------------------------------------------------------------

void ProcessSet::addLast(std::uint32_t Process) {
  if (!Runs.empty() && Process <= Runs.back().second)
    return;
  if (!Runs.empty() && Process == Runs.back().second + 1)
    Runs.back().second = Process;
  else
    Runs.emplace_back(Process, Process);
}

void ProcessSet::insert(const ProcessSet &Other) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> All;
  All.reserve(Runs.size() + Other.Runs.size());
  std::merge(Runs.begin(), Runs.end(), Other.Runs.begin(), Other.Runs.end(),
             std::back_inserter(All));
  Runs.clear();
  for (const auto &Run : All) {
    // Overlapping or touching the last run: one run.
    if (!Runs.empty() &&
        static_cast<std::uint64_t>(Run.first) <=
            static_cast<std::uint64_t>(Runs.back().second) + 1) {
      Runs.back().second = std::max(Runs.back().second, Run.second);
      continue;
    }
    Runs.push_back(Run);
  }
}

std::uint64_t ProcessSet::size() const {
  std::uint64_t Size = 0;
  for (const auto &Run : Runs)
    Size += static_cast<std::uint64_t>(Run.second) - Run.first + 1;
  return Size;
}

// --- The report --------------------------------------------------------------

bool readStackReport(const std::string &Json, StackReport &Report,
                     std::string &Error) {
  // The list of stacks can be tens of megabytes: it is read one stack at a
  // time, not as one tree.
  JsonParser Parser(Json);
  bool HaveStacks = false;
  auto ReadStack = [&] {
    JsonValue S;
    if (!Parser.value(S))
      return false;
    StackInfo Stack;
    Stack.Calls = toUnsigned(S.get("calls"));
    Stack.Bytes = toUnsigned(S.get("bytes"));
    Stack.Size = toUnsigned(S.get("size"));
    if (const JsonValue *Frames = S.get("frames")) {
      Stack.Frames.reserve(Frames->Items.size());
      for (const JsonValue &F : Frames->Items)
        Stack.Frames.push_back(toUnsigned(&F));
    }
    Report.Stacks.push_back(std::move(Stack));
    return true;
  };
  auto ReadStacksMember = [&](const std::string &Key) {
    if (Key == "list")
      return Parser.items(ReadStack);
    JsonValue Value;
    if (!Parser.value(Value))
      return false;
    if (Key == "depth")
      Report.Depth = static_cast<unsigned>(toUnsigned(&Value));
    else if (Key == "by_size")
      Report.BySize = Value.Kind == JsonValue::Bool && Value.Text == "true";
    else if (Key == "dropped")
      Report.Dropped = toUnsigned(&Value);
    else if (Key == "modules")
      for (const JsonValue &M : Value.Items)
        Report.Modules.push_back(
            ModuleInfo{toString(M.get("path")), toUnsigned(M.get("base")),
                       toUnsigned(M.get("start")), toUnsigned(M.get("end"))});
    return true;
  };
  auto ReadMember = [&](const std::string &Key) {
    if (Key == "stacks") {
      HaveStacks = true;
      return Parser.members(ReadStacksMember);
    }
    JsonValue Value;
    if (!Parser.value(Value))
      return false;
    if (Key == "total")
      Report.TotalAllocs = toUnsigned(Value.get("allocs"));
    return true;
  };
  if (!Parser.members(ReadMember) || !Parser.atEnd()) {
    Error = "the report is not valid JSON (at byte " +
            std::to_string(Parser.offset()) + ")";
    return false;
  }
  if (!HaveStacks) {
    Error = "the report has no allocation stacks";
    return false;
  }
  return true;
}

FrameAddress locateFrame(const StackReport &Report, std::uint64_t Frame) {
  // A return address follows its call: the call is at Frame - 1, which
  // also keeps a call that ends a module inside it.
  std::uint64_t Call = Frame - 1;
  for (std::size_t I = 0; I < Report.Modules.size(); ++I) {
    const ModuleInfo &M = Report.Modules[I];
    if (Call >= M.Start && Call < M.End)
      return FrameAddress{static_cast<int>(I), Call - M.Base};
  }
  return FrameAddress{};
}

// --- Classification ----------------------------------------------------------

std::string normalizePath(const std::string &Path) {
  bool Absolute = !Path.empty() && Path[0] == '/';
  std::vector<std::string> Parts;
  std::stringstream In(Path);
  std::string Part;
  while (std::getline(In, Part, '/')) {
    if (Part.empty() || Part == ".")
      continue;
    if (Part == ".." && !Parts.empty() && Parts.back() != "..") {
      Parts.pop_back();
      continue;
    }
    if (Part == ".." && Absolute)
      continue; // "/.." is "/".
    Parts.push_back(Part);
  }
  std::string Out = Absolute ? "/" : "";
  for (std::size_t I = 0; I < Parts.size(); ++I)
    Out += (I ? "/" : "") + Parts[I];
  return Out.empty() ? "." : Out;
}

namespace {

std::string lowerCase(const std::string &Text) {
  std::string Lower = Text;
  for (char &C : Lower)
    C = static_cast<char>(C >= 'A' && C <= 'Z' ? C - 'A' + 'a' : C);
  return Lower;
}

bool isDll(const std::string &Name) {
  return Name.size() > 4 && lowerCase(Name.substr(Name.size() - 4)) == ".dll";
}

// A DLL of Windows, of a C or C++ runtime (Microsoft's, mingw-w64's, LLVM's)
// or the counting library: "C:\Windows\System32\KERNEL32.DLL",
// "libstdc++-6.dll" (a version after a dash), "api-ms-win-crt-heap-l1-1-0".
// Backslashes separate directories here on every platform (a report of a
// Windows program can be read anywhere).
bool isWindowsSystemDll(const std::string &Path) {
  std::size_t Slash = Path.find_last_of("/\\");
  std::string Name = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  std::string Stem = lowerCase(Name.substr(0, Name.size() - 4));
  std::size_t Dash = Stem.find_last_of('-');
  if (Dash != std::string::npos && Dash + 1 < Stem.size() &&
      Stem.find_first_not_of("0123456789", Dash + 1) == std::string::npos &&
      !startsWith(Stem, "api-ms-win-"))
    Stem.erase(Dash);
  static const char *const Runtime[] = {
      "ntdll",     "kernel32",  "kernelbase",   "msvcrt",       "ucrtbase",
      "ucrtbased", "libstdc++", "libgcc_s_seh", "libgcc_s_dw2", "libwinpthread",
      "libc++",    "libunwind", "libatomic",    "heapcount"};
  for (const char *Library : Runtime)
    if (Stem == Library)
      return true;
  return startsWith(Stem, "api-ms-win-") || startsWith(Stem, "msvcr") ||
         startsWith(Stem, "msvcp") || startsWith(Stem, "vcruntime");
}

} // namespace

bool isSystemModule(const std::string &Path, const std::string &ProgramPath) {
  if (Path == ProgramPath && !Path.empty())
    return false;
  std::string Name = baseName(Path);
  if (isDll(Name))
    return isWindowsSystemDll(Path);
  if (startsWith(Name, "linux-vdso") || startsWith(Name, "linux-gate") ||
      Name == "[vdso]")
    return true;
  // The runtime and allocators wherever they are installed (/usr/lib, a
  // toolchain in /opt, a build tree): "libstdc++.so.6" -> "libstdc++". Other
  // libraries, system-installed or not (libclang-cpp, libz), are code that
  // allocates: their frames can be sites.
  std::string Stem = Name.substr(0, Name.find(".so"));
  static const char *const Runtime[] = {
      "libc",        "libm",        "libstdc++",
      "libgcc_s",    "libpthread",  "libdl",
      "librt",       "libc++",      "libc++abi",
      "libunwind",   "libatomic",   "libheapcount",
      "libjemalloc", "libmimalloc", "libc_malloc_debug"};
  for (const char *Library : Runtime)
    if (Stem == Library)
      return true;
  return startsWith(Stem, "ld-linux") || startsWith(Stem, "ld64") ||
         startsWith(Stem, "libtcmalloc");
}

bool isStandardLibraryFile(const std::string &File) {
  std::string Normal = normalizePath(File);
  if (startsWith(Normal, "/usr/include/") ||
      startsWith(Normal, "/usr/lib/gcc/") ||
      (startsWith(Normal, "/usr/lib/llvm-") && contains(Normal, "/include/")))
    return true;
  return contains(Normal, "/include/c++/") ||
         contains(Normal, "/libstdc++-v3/") ||
         contains(Normal, "/libsupc++/") || contains(Normal, "/libcxx/") ||
         contains(Normal, "/libcxxabi/");
}

std::string qualifiedName(const std::string &Function) {
  static const std::string Anonymous = "(anonymous namespace)";
  static const char OperatorChars[] = "<>=!+-*/%^&|~,[]";
  std::size_t Start = 0, I = 0, Size = Function.size();
  int Depth = 0;
  bool InOperator = false; // After "operator": "operator new", "operator int".
  while (I < Size) {
    char C = Function[I];
    // First characters before comparisons: this runs over every character
    // of names thousands of characters long, once per stack level.
    if (C == '(' && Depth == 0 &&
        Function.compare(I, Anonymous.size(), Anonymous) == 0) {
      I += Anonymous.size();
      continue;
    }
    if (C == 'o' && Function.compare(I, 8, "operator") == 0 &&
        (I == 0 || !isIdentifierChar(Function[I - 1])) &&
        (I + 8 >= Size || !isIdentifierChar(Function[I + 8]))) {
      I += 8;
      if (Function.compare(I, 2, "()") == 0)
        I += 2;
      else if (I < Size && std::strchr(OperatorChars, Function[I]))
        while (I < Size && Function[I] != '(' &&
               std::strchr(OperatorChars, Function[I]))
          ++I;
      InOperator = Depth == 0;
      continue;
    }
    if (C == '(' && Depth == 0)
      return Function.substr(Start, I - Start);
    if (C == '<' || C == '(' || C == '{' || C == '[')
      ++Depth;
    else if ((C == '>' || C == ')' || C == '}' || C == ']') && Depth > 0)
      --Depth;
    else if (C == ' ' && Depth == 0 && !InOperator)
      Start = I + 1; // What came before was the return type.
    ++I;
  }
  return Function.substr(Start);
}

static bool namesStandardLibraryFunction(const std::string &Function) {
  std::string Name = qualifiedName(Function);
  for (const char *Namespace :
       {"std::", "__gnu_cxx::", "__gnu_debug::", "__cxxabiv1::", "__cxa_"})
    if (startsWith(Name, Namespace))
      return true;
  return Name == "operator new" || Name == "operator new[]" ||
         Name == "operator delete" || Name == "operator delete[]";
}

bool isStandardLibraryFunction(const std::string &Function) {
  if (Function.empty())
    return false;
  // Asked for every level of every stack: a profile of a parser has hundreds
  // of thousands of stacks over a few thousand functions. heapcount folds
  // its reports on one thread.
  static std::unordered_map<std::string, bool> Known;
  auto [It, Inserted] = Known.try_emplace(Function, false);
  if (Inserted)
    It->second = namesStandardLibraryFunction(Function);
  return It->second;
}

// --- Sites -------------------------------------------------------------------

/// The user code's levels with a line above level \p Level of frame
/// \p FrameIndex (the site's): the rest of that frame's inlined levels, then
/// the outer frames'. The standard library's levels and the system modules'
/// frames are passed over (a std::function or an algorithm between two
/// levels of the user's code).
static void collectCallers(const StackReport &Report, const StackInfo &Stack,
                           const SymbolTable &Symbols, std::size_t FrameIndex,
                           std::size_t Level, StackWalk &Walk) {
  const std::string Program =
      Report.Modules.empty() ? std::string() : Report.Modules[0].Path;
  for (std::size_t F = FrameIndex; F < Stack.Frames.size(); ++F, Level = 0) {
    FrameAddress Where = locateFrame(Report, Stack.Frames[F]);
    if (Where.Module >= 0 &&
        isSystemModule(
            Report.Modules[static_cast<std::size_t>(Where.Module)].Path,
            Program))
      continue;
    auto Found = Symbols.find(Stack.Frames[F]);
    if (Found == Symbols.end())
      continue;
    for (std::size_t I = Level; I < Found->second.size(); ++I) {
      const SourceLocation &L = Found->second[I];
      if (L.File.empty() || L.Line == 0 ||
          isStandardLibraryFunction(L.Function) ||
          isStandardLibraryFile(L.File))
        continue;
      Walk.Callers.push_back(L);
      if (Walk.Callers.size() == MaxCallerLevels)
        return;
    }
  }
  Walk.CallersCut = Report.Depth && Stack.Frames.size() >= Report.Depth;
}

StackWalk walkStack(const StackReport &Report, const StackInfo &Stack,
                    const SymbolTable &Symbols) {
  static const std::vector<SourceLocation> NoLocations;
  const std::string Program =
      Report.Modules.empty() ? std::string() : Report.Modules[0].Path;
  StackWalk Walk;
  auto Done = [&](std::uint64_t Frame, std::string Site, std::string Function) {
    Walk.Site = CallSite{std::move(Site), std::move(Function), 0, 0};
    Walk.ReachedUserCode = true;
    Walk.SiteFrame = Frame;
    return Walk;
  };
  std::string Outermost;
  for (std::size_t FrameIndex = 0; FrameIndex < Stack.Frames.size();
       ++FrameIndex) {
    std::uint64_t Frame = Stack.Frames[FrameIndex];
    FrameAddress Where = locateFrame(Report, Frame);
    auto Found = Symbols.find(Frame);
    const std::vector<SourceLocation> &Locations =
        Found == Symbols.end() ? NoLocations : Found->second;
    std::string Function =
        Locations.empty() ? std::string() : Locations.back().Function;
    if (Where.Module >= 0 &&
        isSystemModule(
            Report.Modules[static_cast<std::size_t>(Where.Module)].Path,
            Program)) {
      for (const SourceLocation &L : Locations)
        Walk.Passed.push_back(PassedLevel{L.Function, Where.Module, true});
      if (Locations.empty())
        Walk.Passed.push_back(PassedLevel{"", Where.Module, true});
      Outermost = describeFrame(Report, Frame, Function);
      continue;
    }
    // User code (or code outside every module: a library unloaded before
    // the report) that the symbolizer knows nothing about.
    if (Locations.empty())
      return Done(Frame, describeFrame(Report, Frame, ""), "");
    for (std::size_t I = 0; I < Locations.size(); ++I) {
      const SourceLocation &L = Locations[I];
      if (isStandardLibraryFunction(L.Function)) {
        Walk.Passed.push_back(PassedLevel{L.Function, Where.Module, false});
        continue;
      }
      if (!L.File.empty() && isStandardLibraryFile(L.File)) {
        // The function itself (not an inlined one) with a line in a
        // standard header: the inlined frames were lost (addr2line on
        // some DWARF 5); the function is all that is known.
        if (I + 1 == Locations.size() && !L.Function.empty())
          return Done(Frame, describeFrame(Report, Frame, L.Function),
                      L.Function);
        Walk.Passed.push_back(PassedLevel{L.Function, Where.Module, false});
        continue;
      }
      if (L.File.empty() || L.Line == 0)
        return Done(Frame, describeFrame(Report, Frame, L.Function),
                    L.Function);
      Walk.Location = L;
      Walk.HasLocation = true;
      collectCallers(Report, Stack, Symbols, FrameIndex, I + 1, Walk);
      return Done(Frame, normalizePath(L.File) + ":" + std::to_string(L.Line),
                  L.Function);
    }
    Outermost = describeFrame(Report, Frame, Function);
  }
  if (Stack.Frames.empty()) {
    Walk.Site = CallSite{"(no frames recorded)", "", 0, 0};
    return Walk;
  }
  std::string Why = "(no frame outside the standard library";
  if (Report.Depth && Stack.Frames.size() >= Report.Depth)
    Why += " within " + std::to_string(Report.Depth) +
           (Report.Depth == 1 ? " frame" : " frames");
  Walk.Site = CallSite{Why + "; outermost: " + Outermost + ")", "", 0, 0};
  return Walk;
}

CallSite siteOfStack(const StackReport &Report, const StackInfo &Stack,
                     const SymbolTable &Symbols) {
  return walkStack(Report, Stack, Symbols).Site;
}

namespace {

bool moreCalls(const CallSite &A, const CallSite &B) {
  if (A.Calls != B.Calls)
    return A.Calls > B.Calls;
  if (A.Bytes != B.Bytes)
    return A.Bytes > B.Bytes;
  return A.Site < B.Site;
}

bool moreBytes(const CallSite &A, const CallSite &B) {
  if (A.Bytes != B.Bytes)
    return A.Bytes > B.Bytes;
  if (A.Calls != B.Calls)
    return A.Calls > B.Calls;
  return A.Site < B.Site;
}

} // namespace

std::vector<CallSite> aggregateCallSites(const StackReport &Report,
                                         const SymbolTable &Symbols) {
  // A site's function is the one with most calls there (a template
  // instantiated for several types has one site, several functions).
  struct Sum {
    CallSite Site;
    std::map<std::string, std::uint64_t> CallsByFunction;
  };
  std::map<std::string, Sum> Sums;
  for (const StackInfo &Stack : Report.Stacks) {
    CallSite Site = siteOfStack(Report, Stack, Symbols);
    Sum &S = Sums[Site.Site];
    S.Site.Site = Site.Site;
    S.Site.Calls += Stack.Calls;
    S.Site.Bytes += Stack.Bytes;
    S.CallsByFunction[Site.Function] += Stack.Calls;
  }
  std::vector<CallSite> Sites;
  Sites.reserve(Sums.size());
  for (auto &Entry : Sums) {
    Sum &S = Entry.second;
    std::uint64_t Best = 0;
    for (const auto &Function : S.CallsByFunction)
      if (Function.second > Best) {
        S.Site.Function = Function.first;
        Best = Function.second;
      }
    Sites.push_back(std::move(S.Site));
  }
  std::sort(Sites.begin(), Sites.end(), moreCalls);
  return Sites;
}

std::vector<CallSite> sortByBytes(std::vector<CallSite> Sites) {
  std::sort(Sites.begin(), Sites.end(), moreBytes);
  return Sites;
}

// --- Symbolizer output -------------------------------------------------------

std::vector<std::vector<SourceLocation>>
parseLlvmSymbolizerJson(const std::string &Output) {
  std::vector<std::vector<SourceLocation>> Frames;
  std::stringstream Lines(Output);
  std::string Line;
  while (std::getline(Lines, Line)) {
    if (Line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    Frames.emplace_back();
    JsonValue Object;
    JsonParser Parser(Line);
    if (!Parser.parse(Object))
      continue;
    const JsonValue *Symbol = Object.get("Symbol");
    if (!Symbol)
      continue;
    for (const JsonValue &S : Symbol->Items) {
      SourceLocation L;
      L.Function = known(toString(S.get("FunctionName")));
      L.File = known(toString(S.get("FileName")));
      L.Line = static_cast<unsigned>(toUnsigned(S.get("Line")));
      L.Column = static_cast<unsigned>(toUnsigned(S.get("Column")));
      if (L.Function.empty() && L.File.empty())
        continue;
      Frames.back().push_back(std::move(L));
    }
  }
  return Frames;
}

std::vector<std::vector<SourceLocation>>
parseAddr2lineOutput(const std::string &Output) {
  std::vector<std::vector<SourceLocation>> Frames;
  std::stringstream Lines(Output);
  std::string Line;
  bool WantFunction = true;
  SourceLocation Pending;
  while (std::getline(Lines, Line)) {
    if (startsWith(Line, "0x")) { // The address asked (-a).
      Frames.emplace_back();
      WantFunction = true;
      continue;
    }
    if (Frames.empty())
      continue;
    if (WantFunction) {
      Pending = SourceLocation();
      Pending.Function = known(Line);
      WantFunction = false;
      continue;
    }
    WantFunction = true;
    // "file:line", "file:line (discriminator N)", "??:0", "??:?".
    std::size_t Paren = Line.find(" (discriminator ");
    if (Paren != std::string::npos)
      Line.erase(Paren);
    std::size_t Colon = Line.rfind(':');
    if (Colon != std::string::npos) {
      Pending.File = known(Line.substr(0, Colon));
      Pending.Line = static_cast<unsigned>(
          std::strtoul(Line.c_str() + Colon + 1, nullptr, 10));
    }
    if (!Pending.Function.empty() || !Pending.File.empty())
      Frames.back().push_back(Pending);
  }
  return Frames;
}

// --- Output ------------------------------------------------------------------

std::string formatCallSites(const std::vector<CallSite> &Sites, unsigned Top,
                            const StackReport &Report) {
  std::uint64_t Recorded = 0;
  for (const StackInfo &Stack : Report.Stacks)
    Recorded += Stack.Calls;
  std::string Out;
  char Line[160];
  if (Sites.empty()) {
    Out += "heapcount: no allocation stacks were recorded\n";
    return Out;
  }
  std::snprintf(Line, sizeof(Line),
                "heapcount: %zu call sites of %llu allocations (of %llu; "
                "stacks of up to %u frame%s)",
                Sites.size(), static_cast<unsigned long long>(Recorded),
                static_cast<unsigned long long>(Report.TotalAllocs),
                Report.Depth, Report.Depth == 1 ? "" : "s");
  Out += Line;
  if (Report.Dropped)
    Out += "; " + std::to_string(Report.Dropped) +
           " more had no room in the stack table";
  Out += "\n";

  auto List = [&](const std::vector<CallSite> &Sorted, bool ByBytes) {
    std::size_t Count = std::min<std::size_t>(Top, Sorted.size());
    if (Count == 0)
      return;
    // The functions in one column (sites without one do not count, nor do
    // those that name it already: "function (module+0xoffset)").
    auto ShowsFunction = [](const CallSite &S) {
      return !S.Function.empty() && S.Site.rfind(S.Function, 0) != 0;
    };
    std::size_t Width = 0;
    for (std::size_t I = 0; I < Count; ++I)
      if (ShowsFunction(Sorted[I]))
        Width = std::max(Width, Sorted[I].Site.size());
    Width = std::min<std::size_t>(Width, 60);
    Out += ByBytes ? "heapcount: most bytes:\n" : "heapcount: most calls:\n";
    for (std::size_t I = 0; I < Count; ++I) {
      const CallSite &S = Sorted[I];
      auto Calls = static_cast<unsigned long long>(S.Calls);
      auto Bytes = static_cast<unsigned long long>(S.Bytes);
      if (ByBytes)
        std::snprintf(Line, sizeof(Line),
                      "heapcount:   %12llu bytes %10llu calls  ", Bytes, Calls);
      else
        std::snprintf(Line, sizeof(Line),
                      "heapcount:   %10llu calls %12llu bytes  ", Calls, Bytes);
      Out += Line;
      Out += S.Site;
      if (ShowsFunction(S)) {
        Out.append(Width > S.Site.size() ? Width - S.Site.size() : 0, ' ');
        Out += "  " + S.Function;
      }
      Out += "\n";
    }
  };
  List(Sites, false);
  List(sortByBytes(Sites), true);
  return Out;
}

std::string callSitesJson(const std::vector<CallSite> &Sites) {
  std::string Out = "[";
  for (std::size_t I = 0; I < Sites.size(); ++I) {
    const CallSite &S = Sites[I];
    Out += I ? ",\n{\"site\":" : "\n{\"site\":";
    appendJsonString(Out, S.Site);
    Out += ",\"function\":";
    appendJsonString(Out, S.Function);
    Out += ",\"calls\":" + std::to_string(S.Calls) +
           ",\"bytes\":" + std::to_string(S.Bytes) + "}";
  }
  return Out + "]";
}

bool addCallSitesToReport(std::string &Report,
                          const std::vector<CallSite> &Sites) {
  std::size_t Last = Report.find_last_not_of(" \t\r\n");
  if (Last == std::string::npos || Report[Last] != '}')
    return false;
  // "{}" has no member to follow.
  std::size_t Before = Report.find_last_not_of(" \t\r\n", Last - 1);
  bool Empty = Before != std::string::npos && Report[Before] == '{';
  Report.insert(Last, std::string(Empty ? "" : ",") +
                          "\n\"call_sites\":" + callSitesJson(Sites));
  return true;
}

// --- The whole job -----------------------------------------------------------

namespace {
// What findSymbolizers looks for, for the warning when there is none.
#ifdef _WIN32
const char *const DefaultSymbolizers = "llvm-symbolizer or addr2line on PATH";
#else
const char *const DefaultSymbolizers =
    "llvm-symbolizer, llvm-symbolizer-22, /usr/lib/llvm-22/bin/"
    "llvm-symbolizer or addr2line";
#endif
} // namespace

std::vector<Symbolizer> findSymbolizers() {
  auto KindOf = [](const std::string &Path) {
    return contains(baseName(Path), "addr2line") ? Symbolizer::Addr2line
                                                 : Symbolizer::Llvm;
  };
  std::vector<Symbolizer> Found;
  if (const char *Chosen = std::getenv("HEAPCOUNT_SYMBOLIZER")) {
    std::string Path = Chosen;
    if (Path.find_first_of(PathSeparators) == std::string::npos &&
        Path != "none")
      Path = findOnPath(Path);
    if (Path != "none" && isExecutable(Path))
      Found.push_back(Symbolizer{KindOf(Path), Path});
    return Found;
  }
#ifdef _WIN32
  if (std::string Path = findOnPath("llvm-symbolizer"); !Path.empty())
    Found.push_back(Symbolizer{Symbolizer::Llvm, Path});
#else
  for (const char *Name : {"llvm-symbolizer", "llvm-symbolizer-22"})
    if (std::string Path = findOnPath(Name); !Path.empty())
      Found.push_back(Symbolizer{Symbolizer::Llvm, Path});
  if (isExecutable("/usr/lib/llvm-22/bin/llvm-symbolizer"))
    Found.push_back(
        Symbolizer{Symbolizer::Llvm, "/usr/lib/llvm-22/bin/llvm-symbolizer"});
#endif
  if (std::string Path = findOnPath("addr2line"); !Path.empty())
    Found.push_back(Symbolizer{Symbolizer::Addr2line, Path});
  return Found;
}

/// Why no stack was symbolized: no symbolizer, or those in \p Tried failed.
static std::string symbolizerWarning(const std::string &Tried) {
  if (!Tried.empty())
    return "the symbolizer failed (" + Tried + ")";
  if (const char *Named = std::getenv("HEAPCOUNT_SYMBOLIZER"))
    return "no symbolizer (HEAPCOUNT_SYMBOLIZER is '" + std::string(Named) +
           "')";
  return "no symbolizer found (" + std::string(DefaultSymbolizers) + ")";
}

SymbolTable symbolize(const StackReport &Report,
                      const std::vector<Symbolizer> &Candidates,
                      std::string &Warning, Symbolizer *Used) {
  SymbolTable Symbols;
  std::vector<Request> Requests = requestsOf(Report);
  if (Requests.empty())
    return Symbols;
  std::string Tried;
  for (const Symbolizer &Tool : Candidates) {
    bool Worked =
        Tool.Kind == Symbolizer::Llvm
            ? symbolizeWithLlvm(Tool.Path, Report, Requests, Symbols)
            : symbolizeWithAddr2line(Tool.Path, Report, Requests, Symbols);
    if (Worked) {
      if (Used)
        *Used = Tool;
      return Symbols;
    }
    Symbols.clear();
    Tried += (Tried.empty() ? "" : ", ") + Tool.Path;
  }
  Warning = symbolizerWarning(Tried);
  return Symbols;
}

SymbolTable symbolizeByModule(const StackReport &Report,
                              const std::vector<Symbolizer> &Candidates,
                              std::string &Warning, Symbolizer *Used,
                              const SymbolizeProgress &Progress) {
  SymbolTable Symbols;
  std::map<std::size_t, std::vector<Request>> ByModule;
  for (Request &R : requestsOf(Report))
    ByModule[R.Module].push_back(R);
  std::vector<Symbolizer> Left = Candidates;
  std::string Tried;
  bool Chosen = false;
  std::size_t Done = 0;
  for (const auto &[Module, Requests] : ByModule) {
    // Until one symbolizer worked, a failure tries the next candidate;
    // then a module the chosen one cannot read keeps raw frames.
    while (!Left.empty()) {
      const Symbolizer &Tool = Left.front();
      bool Worked =
          Tool.Kind == Symbolizer::Llvm
              ? symbolizeWithLlvm(Tool.Path, Report, Requests, Symbols)
              : symbolizeWithAddr2line(Tool.Path, Report, Requests, Symbols);
      if (Worked && !Chosen) {
        Chosen = true;
        if (Used)
          *Used = Tool;
        Left.resize(1);
      }
      // Stopped (catchStopSignals): not the symbolizer's failure.
      if (Worked || Chosen || stopSignal())
        break;
      Tried += (Tried.empty() ? "" : ", ") + Tool.Path;
      Left.erase(Left.begin());
    }
    if (Left.empty() || stopSignal())
      break;
    if (Progress && !Progress(++Done, ByModule.size(),
                              Report.Modules[Module].Path, Requests.size()))
      break;
  }
  if (!Left.empty() || ByModule.empty() || stopSignal())
    return Symbols;
  Warning = symbolizerWarning(Tried);
  return Symbols;
}

SymbolizedStacks readAndSymbolize(const std::string &Json) {
  SymbolizedStacks Stacks;
  Stacks.HaveStacks = readStackReport(Json, Stacks.Report, Stacks.Error);
  if (Stacks.HaveStacks)
    Stacks.Symbols = symbolize(Stacks.Report, findSymbolizers(), Stacks.Warning,
                               &Stacks.Used);
  return Stacks;
}

void reportCallSites(const SymbolizedStacks &Stacks, const std::string &Json,
                     unsigned Top, const std::string &JsonPath) {
  if (!Stacks.HaveStacks) {
    std::fprintf(stderr, "heapcount: warning: no call sites: %s\n",
                 Stacks.Error.c_str());
    return;
  }
  if (!Stacks.Warning.empty())
    std::fprintf(stderr,
                 "heapcount: warning: %s: call sites are module offsets\n",
                 Stacks.Warning.c_str());
  std::vector<CallSite> Sites =
      aggregateCallSites(Stacks.Report, Stacks.Symbols);
  std::fputs(formatCallSites(Sites, Top, Stacks.Report).c_str(), stderr);
  if (JsonPath.empty())
    return;
  std::string Updated = Json;
  if (!addCallSitesToReport(Updated, Sites) || !writeFile(JsonPath, Updated))
    std::fprintf(stderr,
                 "heapcount: warning: cannot add the call sites to '%s'\n",
                 JsonPath.c_str());
}

} // namespace heapcount
