//===- budget.h - heap-call budgets that cannot pass vacuously -*- C++ -*-===//
//
// Measures what a piece of code allocates and checks it against a budget,
// for any test framework (heapcount/gtest.h wraps it for GoogleTest):
//
//   heapcount::BudgetResult R =
//       heapcount::allocsAtMost(3, [&] { buildBuffer(); });
//   CHECK(R); // Catch2 or doctest: prints R's message when it fails
//
// A result is a failure, never a pass, when nothing could be counted: the
// counting library is not in the process (link the test with
// AllocTidy::heapcount, or run it under `heapcount`) or it is waiting for a
// start marker (--start=api, --start=scope:NAME). The counts are those of
// the whole process (every thread) while the code runs.
//
// When allocation stacks are recorded (HEAPCOUNT_STACKS=DEPTH in the
// environment, or `heapcount --stacks`), a failure's message lists the
// code's top call sites, attributed as `heapcount --stacks` does: the first
// frame outside the C and C++ runtimes and the standard library, with its
// file and line when llvm-symbolizer is found (HEAPCOUNT_SYMBOLIZER names
// one, `none` for none), else its function or module offset. On Windows
// (mingw-w64) the function comes from the module's COFF symbol table, with
// the module and offset, and there is no file and line.
//
//===----------------------------------------------------------------------===//

#ifndef HEAPCOUNT_BUDGET_H
#define HEAPCOUNT_BUDGET_H

#include "heapcount/budget_support.h"
#include "heapcount/heapcount.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>
#define HEAPCOUNT_BUDGET_CALL_SITES 1
#elif defined(_WIN32) && defined(__GNUC__)
#include <cctype>
#include <cxxabi.h>
#define HEAPCOUNT_BUDGET_CALL_SITES 1
#endif

namespace heapcount {

/// One call site of a measured piece of code: where its allocations came
/// from, and how many.
struct CallSite {
  std::string Site; ///< file:line, function (module+0xoffset) or module+0x..
  std::string Function;
  std::uint64_t Calls = 0;
  std::uint64_t Bytes = 0;
};

/// What a piece of code did to the heap, and whether it was counted at all.
struct Measurement {
  std::uint64_t Allocs = 0;
  std::uint64_t Frees = 0;
  std::uint64_t Bytes = 0;
  /// The call sites of its allocations, most calls first (with stacks).
  std::vector<CallSite> Sites;
  /// Frames recorded per allocation (0: no stacks, no call sites).
  unsigned StackDepth = 0;
  /// The counting library is in the process.
  bool Loaded = false;
  /// It counted from start to end (no start marker pending).
  bool Counting = false;
  /// Allocations with a stack that found no room (the table was full).
  bool SitesIncomplete = false;
  /// Set when the library is loaded and counting but a probe allocation
  /// was not counted: why (valgrind, another allocator first).
  std::string NotCounted;
};

namespace detail {

struct StackCount {
  std::uintptr_t Key;
  std::uint64_t Calls;
  std::uint64_t Bytes;
};

// Fills a vector whose capacity was reserved beforehand: a walk must not
// allocate, or it would count itself.
struct StackCollector {
  std::vector<StackCount> *Into;
  bool Full = false;
  static void visit(const heapcount_stack *S, void *Raw) {
    auto *C = static_cast<StackCollector *>(Raw);
    if (C->Into->size() == C->Into->capacity()) {
      C->Full = true;
      return;
    }
    C->Into->push_back(StackCount{S->key, S->calls, S->bytes});
  }
};

inline void countStacks(const heapcount_stack *, void *Raw) {
  ++*static_cast<std::size_t *>(Raw);
}

struct FrameCollector {
  std::vector<std::uintptr_t> Keys;
  std::vector<std::vector<const void *>> Frames;
  static void visit(const heapcount_stack *S, void *Raw) {
    auto *C = static_cast<FrameCollector *>(Raw);
    for (std::size_t I = 0; I < C->Keys.size(); ++I)
      if (C->Keys[I] == S->key)
        C->Frames[I].assign(S->frames, S->frames + S->num_frames);
  }
};

inline bool startsWith(const std::string &Text, const char *Prefix) {
  return Text.compare(0, std::strlen(Prefix), Prefix) == 0;
}

inline std::string baseName(const std::string &Path) {
  std::size_t Slash = Path.find_last_of("/\\");
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

// A module of the C or C++ runtime or an allocator: never a call site.
inline bool isRuntimeModule(const std::string &Path) {
  static const char *const Prefixes[] = {
      "libc.",        "libc-",       "libm.",
      "libstdc++",    "libgcc_s",    "ld-linux",
      "libpthread",   "libdl.",      "librt.",
      "libc++",       "libunwind",   "libatomic",
      "libjemalloc",  "libtcmalloc", "libmimalloc",
      "libheapcount", "linux-vdso",  "libc_malloc_debug"};
  std::string Base = baseName(Path);
  for (const char *Prefix : Prefixes)
    if (startsWith(Base, Prefix))
      return true;
  return false;
}

// The standard library compiled into the user's module.
inline bool isLibraryFrame(const std::string &Function,
                           const std::string &File) {
  static const char *const Functions[] = {
      "std::",  "__gnu_cxx::",  "__gnu_debug::",  "__cxxabiv1::",
      "__cxa_", "operator new", "operator delete"};
  for (const char *Prefix : Functions)
    if (startsWith(Function, Prefix))
      return true;
  if (startsWith(File, "/usr/include/") || startsWith(File, "/usr/lib/gcc/") ||
      File.find("/include/c++/") != std::string::npos)
    return true;
  return startsWith(File, "/usr/lib/llvm-") &&
         File.find("/include/") != std::string::npos;
}

#if defined(__linux__)
struct Frame {
  std::string Module;
  std::uintptr_t Offset = 0; // of the call instruction, in the file
  std::string Symbol;        // from the dynamic symbol table, demangled
};

inline Frame describe(const void *ReturnAddress) {
  Frame F;
  Dl_info Info;
  link_map *Map = nullptr;
  // The call instruction is before the return address.
  auto Address = reinterpret_cast<std::uintptr_t>(ReturnAddress) - 1;
  // NOLINTNEXTLINE(performance-no-int-to-ptr): an address, one byte back.
  if (!dladdr1(reinterpret_cast<void *>(Address), &Info,
               reinterpret_cast<void **>(&Map), RTLD_DL_LINKMAP))
    return F;
  F.Module = Info.dli_fname ? Info.dli_fname : "";
  if (F.Module.empty() || F.Module.find('/') == std::string::npos) {
    // The program itself: dladdr names it as it was started.
    char Self[4096];
    ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
    if (Length > 0 &&
        (F.Module.empty() ||
         baseName(F.Module) == baseName(std::string(Self, Length))))
      F.Module.assign(Self, Length);
  }
  F.Offset = Address - (Map ? Map->l_addr : 0);
  if (Info.dli_sname) {
    int Status = 0;
    char *Demangled =
        abi::__cxa_demangle(Info.dli_sname, nullptr, nullptr, &Status);
    F.Symbol = Status == 0 && Demangled ? Demangled : Info.dli_sname;
    std::free(Demangled);
  }
  return F;
}

inline std::string hex(std::uintptr_t Value) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "0x%llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

// One location of a symbolized frame (inlined ones first).
struct Location {
  std::string Function;
  std::string File; // empty when unknown
  unsigned Line = 0;
};

inline std::string findSymbolizer() {
  const char *Named = std::getenv("HEAPCOUNT_SYMBOLIZER");
  if (Named && *Named)
    return std::strcmp(Named, "none") == 0 ||
                   std::string(Named).find("addr2line") != std::string::npos
               ? std::string()
               : std::string(Named);
  const char *Path = std::getenv("PATH");
  std::string Dirs = Path ? Path : "";
  for (const char *Name : {"llvm-symbolizer", "llvm-symbolizer-22"}) {
    std::size_t Start = 0;
    while (Start <= Dirs.size()) {
      std::size_t End = Dirs.find(':', Start);
      if (End == std::string::npos)
        End = Dirs.size();
      std::string Candidate = Dirs.substr(Start, End - Start) + "/" + Name;
      if (End > Start && access(Candidate.c_str(), X_OK) == 0)
        return Candidate;
      Start = End + 1;
    }
  }
  if (access("/usr/lib/llvm-22/bin/llvm-symbolizer", X_OK) == 0)
    return "/usr/lib/llvm-22/bin/llvm-symbolizer";
  return std::string();
}

inline std::string shellQuote(const std::string &Text) {
  std::string Quoted = "'";
  for (char C : Text)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Quoted + "'";
}

// Runs llvm-symbolizer once over every frame; an empty result when there is
// none or it fails (the caller then falls back to dladdr's names).
inline std::vector<std::vector<Location>>
symbolize(const std::vector<Frame> &Frames) {
  std::vector<std::vector<Location>> Result;
  std::string Symbolizer = findSymbolizer();
  if (Symbolizer.empty() || Frames.empty())
    return Result;
  char Input[] = "/tmp/heapcount-frames-XXXXXX";
  int Fd = mkstemp(Input);
  if (Fd < 0)
    return Result;
  std::string Lines;
  for (const Frame &F : Frames)
    Lines += "\"" + F.Module + "\" " + hex(F.Offset) + "\n";
  bool Written = write(Fd, Lines.data(), Lines.size()) ==
                 static_cast<ssize_t>(Lines.size());
  close(Fd);
  std::string Command = shellQuote(Symbolizer) +
                        " --inlines --demangle --functions=linkage < " +
                        shellQuote(Input) + " 2>/dev/null";
  // The symbolizer's path and the input file are quoted for the shell,
  // which only redirects.
  // NOLINTNEXTLINE(bugprone-command-processor)
  FILE *Pipe = Written ? popen(Command.c_str(), "r") : nullptr;
  if (!Pipe) {
    unlink(Input);
    return Result;
  }
  // For each address: pairs of lines (function, file:line:column), then an
  // empty line.
  std::vector<Location> Current;
  std::string Function;
  bool HaveFunction = false;
  char Buffer[8192];
  while (std::fgets(Buffer, sizeof(Buffer), Pipe)) {
    std::string Line(Buffer);
    while (!Line.empty() && (Line.back() == '\n' || Line.back() == '\r'))
      Line.pop_back();
    if (Line.empty()) {
      Result.push_back(Current);
      Current.clear();
      HaveFunction = false;
      continue;
    }
    if (!HaveFunction) {
      Function = Line;
      HaveFunction = true;
      continue;
    }
    HaveFunction = false;
    Location L;
    L.Function = Function == "??" ? std::string() : Function;
    // file:line:column; "??:0:0" when unknown.
    std::size_t Column = Line.rfind(':');
    std::size_t LineAt = Column == std::string::npos || Column == 0
                             ? std::string::npos
                             : Line.rfind(':', Column - 1);
    if (LineAt != std::string::npos) {
      std::string File = Line.substr(0, LineAt);
      unsigned Number = static_cast<unsigned>(
          std::strtoul(Line.c_str() + LineAt + 1, nullptr, 10));
      if (File != "??" && Number) {
        L.File = File;
        L.Line = Number;
      }
    }
    Current.push_back(L);
  }
  int Status = pclose(Pipe);
  unlink(Input);
  if (Status != 0 || Result.size() != Frames.size())
    Result.clear();
  return Result;
}

// The call site of one stack: its first frame outside the runtimes and the
// standard library, innermost first (inlined frames included).
inline void attribute(const std::vector<std::vector<const void *>> &Stacks,
                      std::vector<CallSite> &Sites) {
  std::vector<Frame> Frames;
  std::vector<std::size_t> FirstFrame;
  FirstFrame.reserve(Stacks.size() + 1);
  for (const std::vector<const void *> &Stack : Stacks) {
    FirstFrame.push_back(Frames.size());
    for (const void *Address : Stack)
      Frames.push_back(describe(Address));
  }
  FirstFrame.push_back(Frames.size());
  std::vector<std::vector<Location>> Symbols = symbolize(Frames);
  for (std::size_t S = 0; S < Stacks.size(); ++S) {
    CallSite &Site = Sites[S];
    for (std::size_t I = FirstFrame[S]; I < FirstFrame[S + 1]; ++I) {
      const Frame &F = Frames[I];
      if (F.Module.empty() || isRuntimeModule(F.Module))
        continue;
      if (!Symbols.empty()) {
        const Location *Found = nullptr;
        for (const Location &L : Symbols[I])
          if (!isLibraryFrame(L.Function, L.File)) {
            Found = &L;
            break;
          }
        if (!Found)
          continue;
        Site.Function = Found->Function;
        Site.Site = Found->File.empty()
                        ? Found->Function + " (" + baseName(F.Module) + "+" +
                              hex(F.Offset) + ")"
                        : Found->File + ":" + std::to_string(Found->Line);
        break;
      }
      if (!F.Symbol.empty() && isLibraryFrame(F.Symbol, ""))
        continue;
      Site.Function = F.Symbol;
      Site.Site = F.Symbol.empty() ? baseName(F.Module) + "+" + hex(F.Offset)
                                   : F.Symbol + " (" + baseName(F.Module) +
                                         "+" + hex(F.Offset) + ")";
      break;
    }
    if (Site.Site.empty())
      Site.Site = "(no frame outside the standard library within " +
                  std::to_string(Stacks[S].size()) + " frames)";
  }
}
#elif defined(_WIN32) && defined(__GNUC__)
inline std::string hex(std::uintptr_t Value) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "0x%llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

// A DLL of Windows, of a C or C++ runtime, or heapcount's: never a call
// site (the names are compared without case, as Windows does).
inline bool isWindowsRuntimeModule(const std::string &Path) {
  static const char *const Prefixes[] = {
      "ntdll.",    "kernel32.",  "kernelbase.", "api-ms-win-",   "msvcrt.",
      "ucrtbase.", "vcruntime",  "msvcp",       "libstdc++-",    "libgcc_s_",
      "libc++.",   "libunwind.", "heapcount.",  "libwinpthread", "concrt"};
  std::string Base = baseName(Path);
  for (char &C : Base)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  for (const char *Prefix : Prefixes)
    if (startsWith(Base, Prefix))
      return true;
  return false;
}

// The C++ runtime and standard library linked into a module, by their
// mangled names (a demangled template function starts with its return
// type, so the prefixes of isLibraryFrame would miss it).
inline bool isLibrarySymbol(const std::string &Mangled) {
  static const char *const Prefixes[] = {
      "_ZNSt",           "_ZNKSt", "_ZSt", "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx",
      "_ZN10__cxxabiv1", "_Znw",   "_Zna", "_Zdl",          "_Zda",
      "__cxa_",          "__gxx_"};
  for (const char *Prefix : Prefixes)
    if (startsWith(Mangled, Prefix))
      return true;
  return false;
}

struct FunctionSymbol {
  std::uintptr_t Rva;
  std::string Name; // mangled
};

// The functions of a module's COFF symbol table, by address: mingw-w64's
// linker keeps the table in the file (not in memory) unless the module is
// stripped, when there are none.
inline std::vector<FunctionSymbol>
readFunctionSymbols(const std::string &Path) {
  std::vector<FunctionSymbol> Symbols;
  FILE *File = std::fopen(Path.c_str(), "rb");
  if (!File)
    return Symbols;
  auto ReadAt = [&](unsigned long Offset, void *Into, std::size_t Size) {
    return std::fseek(File, static_cast<long>(Offset), SEEK_SET) == 0 &&
           std::fread(Into, 1, Size, File) == Size;
  };
  IMAGE_DOS_HEADER Dos;
  DWORD Signature = 0;
  IMAGE_FILE_HEADER Header;
  constexpr std::size_t SymbolSize = 18; // IMAGE_SIZEOF_SYMBOL
  if (ReadAt(0, &Dos, sizeof(Dos)) && Dos.e_magic == IMAGE_DOS_SIGNATURE &&
      ReadAt(Dos.e_lfanew, &Signature, sizeof(Signature)) &&
      Signature == IMAGE_NT_SIGNATURE &&
      ReadAt(Dos.e_lfanew + sizeof(Signature), &Header, sizeof(Header)) &&
      Header.PointerToSymbolTable && Header.NumberOfSymbols) {
    std::vector<IMAGE_SECTION_HEADER> Sections(Header.NumberOfSections);
    unsigned long SectionsAt = Dos.e_lfanew + sizeof(Signature) +
                               sizeof(Header) + Header.SizeOfOptionalHeader;
    std::vector<unsigned char> Table(Header.NumberOfSymbols * SymbolSize);
    unsigned long StringsAt = Header.PointerToSymbolTable + Table.size();
    std::uint32_t StringsSize = 0;
    std::vector<char> Strings;
    if (ReadAt(SectionsAt, Sections.data(),
               Sections.size() * sizeof(IMAGE_SECTION_HEADER)) &&
        ReadAt(Header.PointerToSymbolTable, Table.data(), Table.size()) &&
        ReadAt(StringsAt, &StringsSize, sizeof(StringsSize)) &&
        StringsSize >= sizeof(StringsSize)) {
      Strings.resize(StringsSize + 1); // and a NUL after the last name
      if (!ReadAt(StringsAt, Strings.data(), StringsSize))
        Strings.clear();
    }
    for (std::size_t I = 0; !Strings.empty() && I < Header.NumberOfSymbols;
         ++I) {
      const unsigned char *Symbol = &Table[I * SymbolSize];
      std::uint32_t Value = 0, Zeroes = 0, Offset = 0;
      std::int16_t Section = 0;
      std::uint16_t Type = 0;
      std::memcpy(&Zeroes, Symbol, 4);
      std::memcpy(&Offset, Symbol + 4, 4);
      std::memcpy(&Value, Symbol + 8, 4);
      std::memcpy(&Section, Symbol + 12, 2);
      std::memcpy(&Type, Symbol + 14, 2);
      unsigned char Class = Symbol[16];
      unsigned char Aux = Symbol[17];
      // A function (its type's derived part is "function") defined in a
      // section, external or static.
      if (Section > 0 && static_cast<std::size_t>(Section) <= Sections.size() &&
          (Type & 0x30) == 0x20 &&
          (Class == IMAGE_SYM_CLASS_EXTERNAL ||
           Class == IMAGE_SYM_CLASS_STATIC)) {
        std::string Name;
        if (Zeroes == 0 && Offset < StringsSize)
          Name = &Strings[Offset];
        else if (Zeroes != 0)
          Name.assign(reinterpret_cast<const char *>(Symbol),
                      strnlen(reinterpret_cast<const char *>(Symbol), 8));
        Symbols.push_back(
            FunctionSymbol{Sections[Section - 1].VirtualAddress + Value, Name});
      }
      I += Aux;
    }
  }
  std::fclose(File);
  std::sort(Symbols.begin(), Symbols.end(),
            [](const FunctionSymbol &A, const FunctionSymbol &B) {
              return A.Rva < B.Rva;
            });
  return Symbols;
}

// The functions of each module met so far, read once per failure.
struct ModuleSymbols {
  std::vector<std::pair<std::string, std::vector<FunctionSymbol>>> Modules;
  const std::vector<FunctionSymbol> &of(const std::string &Path) {
    for (const auto &Module : Modules)
      if (Module.first == Path)
        return Module.second;
    Modules.emplace_back(Path, readFunctionSymbols(Path));
    return Modules.back().second;
  }
};

struct Frame {
  std::string Module;
  std::uintptr_t Offset = 0; // of the call instruction, from the image base
  std::string Mangled;       // the function around it, when known
  std::string Symbol;        // demangled
};

inline Frame describe(const void *ReturnAddress, ModuleSymbols &Symbols) {
  Frame F;
  // The call instruction is before the return address.
  auto Address = reinterpret_cast<std::uintptr_t>(ReturnAddress) - 1;
  HMODULE Module = nullptr;
  // NOLINTNEXTLINE(performance-no-int-to-ptr): an address, one byte back.
  if (!GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                              GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                          reinterpret_cast<LPCSTR>(Address), &Module))
    return F;
  char Path[MAX_PATH * 2];
  DWORD Length = GetModuleFileNameA(Module, Path, sizeof(Path));
  if (Length == 0 || Length >= sizeof(Path))
    return F;
  F.Module.assign(Path, Length);
  F.Offset = Address - reinterpret_cast<std::uintptr_t>(Module);
  if (isWindowsRuntimeModule(F.Module))
    return F;
  const std::vector<FunctionSymbol> &Functions = Symbols.of(F.Module);
  auto After = std::upper_bound(
      Functions.begin(), Functions.end(), F.Offset,
      [](std::uintptr_t Rva, const FunctionSymbol &S) { return Rva < S.Rva; });
  if (After == Functions.begin())
    return F;
  F.Mangled = (After - 1)->Name;
  int Status = 0;
  char *Demangled =
      abi::__cxa_demangle(F.Mangled.c_str(), nullptr, nullptr, &Status);
  F.Symbol = Status == 0 && Demangled ? Demangled : F.Mangled;
  std::free(Demangled);
  return F;
}

// The call site of one stack: its first frame outside the Windows and
// runtime DLLs and the standard library linked into the program.
inline void attribute(const std::vector<std::vector<const void *>> &Stacks,
                      std::vector<CallSite> &Sites) {
  ModuleSymbols Symbols;
  for (std::size_t S = 0; S < Stacks.size(); ++S) {
    CallSite &Site = Sites[S];
    for (const void *Address : Stacks[S]) {
      Frame F = describe(Address, Symbols);
      if (F.Module.empty() || isWindowsRuntimeModule(F.Module) ||
          (!F.Mangled.empty() && isLibrarySymbol(F.Mangled)))
        continue;
      std::string Where = baseName(F.Module) + "+" + hex(F.Offset);
      Site.Function = F.Symbol;
      Site.Site = F.Symbol.empty() ? Where : F.Symbol + " (" + Where + ")";
      break;
    }
    if (Site.Site.empty())
      Site.Site = "(no frame outside the standard library within " +
                  std::to_string(Stacks[S].size()) + " frames)";
  }
}
#endif

} // namespace detail

namespace detail {

/// measure() within an assertion's \p Own work: the statement's counts
/// leave out the own work of the assertions nested in it.
template <typename Callable>
Measurement measureIn(OwnWork &Own, Callable &Body) {
  Measurement M;
  heapcount_status Before;
  M.Loaded = heapcount_status_take(&Before) != 0;
  M.StackDepth = M.Loaded ? Before.stack_depth : 0;
  // The first measurement proves that the counter moves.
  if (M.Loaded && Before.counting)
    M.NotCounted = probeProblem();
  // Room for every stack now and many new ones, reserved before counting
  // starts: the walks themselves must not allocate.
  std::vector<detail::StackCount> Old, New;
  if (M.StackDepth) {
    std::size_t Now = 0;
    heapcount_stacks_visit(detail::countStacks, &Now);
    Old.reserve(Now + 64);
    New.reserve(Now + 4096);
  }
  detail::StackCollector OldWalk{&Old};
  if (M.StackDepth)
    heapcount_stacks_visit(detail::StackCollector::visit, &OldWalk);
  OwnWorkCounts NestedBefore = ownWorkNow();
  heapcount_snapshot Start;
  heapcount_snapshot_take(&Start);
  Body();
  heapcount_snapshot End;
  heapcount_snapshot_take(&End);
  OwnWorkCounts NestedAfter = ownWorkNow();
  Own.window(Start, End);
  detail::StackCollector NewWalk{&New};
  if (M.StackDepth)
    heapcount_stacks_visit(detail::StackCollector::visit, &NewWalk);
  heapcount_status After;
  heapcount_status_take(&After);
  M.Counting = M.Loaded && Before.counting && After.counting;
  // What the assertions nested in the statement did for their own sake is
  // not the statement's.
  M.Allocs =
      End.allocs - Start.allocs - (NestedAfter.Allocs - NestedBefore.Allocs);
  M.Frees = End.frees - Start.frees - (NestedAfter.Frees - NestedBefore.Frees);
  M.Bytes = End.bytes - Start.bytes - (NestedAfter.Bytes - NestedBefore.Bytes);
  if (!M.StackDepth || !M.Counting || !M.NotCounted.empty())
    return M;

  // What each stack gained while Body ran, most calls first.
  std::sort(Old.begin(), Old.end(),
            [](const detail::StackCount &A, const detail::StackCount &B) {
              return A.Key < B.Key;
            });
  std::vector<detail::StackCount> Gained;
  std::uint64_t WithStack = 0;
  for (const detail::StackCount &S : New) {
    auto It = std::lower_bound(Old.begin(), Old.end(), S.Key,
                               [](const detail::StackCount &A,
                                  std::uintptr_t K) { return A.Key < K; });
    detail::StackCount D = S;
    if (It != Old.end() && It->Key == S.Key) {
      D.Calls -= It->Calls;
      D.Bytes -= It->Bytes;
    }
    if (D.Calls) {
      Gained.push_back(D);
      WithStack += D.Calls;
    }
  }
  M.SitesIncomplete = OldWalk.Full || NewWalk.Full || WithStack < M.Allocs;
  std::sort(Gained.begin(), Gained.end(),
            [](const detail::StackCount &A, const detail::StackCount &B) {
              return A.Calls != B.Calls ? A.Calls > B.Calls : A.Key < B.Key;
            });
#if defined(HEAPCOUNT_BUDGET_CALL_SITES)
  // The top stacks only: symbolizing every one of a large table is slow.
  if (Gained.size() > 64)
    Gained.resize(64);
  detail::FrameCollector Frames;
  for (const detail::StackCount &S : Gained)
    Frames.Keys.push_back(S.Key);
  Frames.Frames.resize(Frames.Keys.size());
  heapcount_stacks_visit(detail::FrameCollector::visit, &Frames);
  std::vector<CallSite> PerStack(Gained.size());
  detail::attribute(Frames.Frames, PerStack);
  // Stacks that share a site are one site.
  for (std::size_t I = 0; I < Gained.size(); ++I) {
    auto Same =
        std::find_if(M.Sites.begin(), M.Sites.end(), [&](const CallSite &C) {
          return C.Site == PerStack[I].Site;
        });
    if (Same == M.Sites.end()) {
      M.Sites.push_back(PerStack[I]);
      Same = M.Sites.end() - 1;
    }
    Same->Calls += Gained[I].Calls;
    Same->Bytes += Gained[I].Bytes;
  }
  std::sort(M.Sites.begin(), M.Sites.end(),
            [](const CallSite &A, const CallSite &B) {
              return A.Calls != B.Calls ? A.Calls > B.Calls : A.Site < B.Site;
            });
#endif
  return M;
}

} // namespace detail

/// Runs \p Body and measures its heap calls; with stacks recorded, also its
/// call sites. Budget assertions nested in \p Body count their statements
/// only.
template <typename Callable> Measurement measure(Callable &&Body) {
  detail::OwnWork Own;
  return detail::measureIn(Own, Body);
}

/// What a budget limits.
enum class Limit { Allocs, Bytes };

/// The outcome of checking a measurement against a budget: true when the
/// code was counted and stayed within it. The message says why not.
class BudgetResult {
public:
  BudgetResult(bool Ok, std::string Message, Measurement M)
      : Ok(Ok), Text(std::move(Message)), Counts(std::move(M)) {}
  explicit operator bool() const { return Ok; }
  bool ok() const { return Ok; }
  const std::string &message() const { return Text; }
  const Measurement &measurement() const { return Counts; }

private:
  bool Ok;
  std::string Text;
  Measurement Counts;
};

inline std::ostream &operator<<(std::ostream &Out, const BudgetResult &R) {
  return Out << R.message();
}

/// Checks \p M against \p Max of \p What. \p Code and \p Assertion name the
/// code and the assertion in the message (the assertion macros pass their
/// text; "the code" and "the budget" otherwise).
inline BudgetResult checkBudget(const Measurement &M, Limit What,
                                BudgetLimit Max, const char *Code = nullptr,
                                const char *Assertion = nullptr) {
  std::string Name = Code && *Code ? std::string("`") + Code + "`" : "the code";
  std::string Check = Assertion && *Assertion ? Assertion : "the budget";
  // "1 allocation", "2 allocations", "1 byte allocated".
  auto Quantity = [What](std::uint64_t N, const std::string &Text) {
    bool One = N == 1;
    return Text + (What == Limit::Allocs
                       ? (One ? " allocation" : " allocations")
                       : (One ? " byte allocated" : " bytes allocated"));
  };
  std::string Budget = Quantity(Max.value(), Max.text());
  std::string Failed = "heapcount: " + Check + " failed: " + Name;
  if (Max.negative())
    return BudgetResult(false,
                        Failed + " cannot meet a negative budget (" +
                            Max.text() +
                            "): a budget counts from 0; write the most the "
                            "code may make",
                        M);
  if (!M.Loaded)
    return BudgetResult(
        false,
        Failed +
            " was not measured: heapcount's counting library is not in "
            "this process (link the test with AllocTidy::heapcount or "
            "libheapcount, or run it under heapcount), so the budget of " +
            Budget + " cannot be checked",
        M);
  if (!M.Counting)
    return BudgetResult(
        false,
        Failed +
            " was not measured: heapcount is loaded but not counting (it "
            "waits for its start marker, --start=api or "
            "--start=scope:NAME), so the budget of " +
            Budget + " cannot be checked",
        M);
  if (!M.NotCounted.empty())
    return BudgetResult(false,
                        Failed + " was not measured: " + M.NotCounted +
                            ", so the budget of " + Budget +
                            " cannot be checked",
                        M);
  std::uint64_t Got = What == Limit::Allocs ? M.Allocs : M.Bytes;
  std::string Text;
  bool Ok = Got <= Max.value();
  if (Ok)
    Text = "heapcount: " + Name + " made " +
           Quantity(Got, std::to_string(Got)) + ", within the budget of " +
           Max.text();
  else
    Text = Failed + " made " + Quantity(Got, std::to_string(Got)) +
           ", over the budget of " + Max.text();
  Text += "\n  counted: " + std::to_string(M.Allocs) + " allocs, " +
          std::to_string(M.Frees) + " frees, " + std::to_string(M.Bytes) +
          " bytes allocated (the whole process while it ran)";
  if (!M.StackDepth) {
    Text += "\n  call sites: none recorded (set HEAPCOUNT_STACKS=16 in the "
            "environment to list them)";
  } else if (M.Sites.empty()) {
    Text += M.Allocs ? "\n  call sites: not available on this platform"
                     : "\n  call sites: none (no allocation)";
  } else {
    Text += "\n  top call sites (stacks of up to " +
            std::to_string(M.StackDepth) + " frames" +
            (M.SitesIncomplete ? "; some allocations had no room" : "") + "):";
    std::size_t Shown = 0;
    for (const CallSite &S : M.Sites) {
      if (++Shown > 5) {
        Text += "\n    ... " + std::to_string(M.Sites.size() - 5) + " more";
        break;
      }
      char Numbers[64];
      std::snprintf(Numbers, sizeof(Numbers), "%8llu calls %10llu bytes  ",
                    static_cast<unsigned long long>(S.Calls),
                    static_cast<unsigned long long>(S.Bytes));
      Text += "\n    " + std::string(Numbers) + S.Site;
      if (!S.Function.empty() && S.Site.find(S.Function) == std::string::npos)
        Text += "  " + S.Function;
    }
  }
  return BudgetResult(Ok, Text, M);
}

/// \p Body makes at most \p Max allocations. Its own work (measuring,
/// the message) is left out of any measurement it is nested in, up to the
/// return of the result.
template <typename Callable>
BudgetResult allocsAtMost(BudgetLimit Max, Callable &&Body) {
  detail::OwnWork Own;
  return checkBudget(detail::measureIn(Own, Body), Limit::Allocs, Max);
}

/// \p Body makes no allocation.
template <typename Callable> BudgetResult noAllocs(Callable &&Body) {
  return allocsAtMost(0, std::forward<Callable>(Body));
}

/// \p Body asks for at most \p Max bytes in all its allocations.
template <typename Callable>
BudgetResult allocBytesAtMost(BudgetLimit Max, Callable &&Body) {
  detail::OwnWork Own;
  return checkBudget(detail::measureIn(Own, Body), Limit::Bytes, Max);
}

} // namespace heapcount

#endif // HEAPCOUNT_BUDGET_H
