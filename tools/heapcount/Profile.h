//===- Profile.h - heapcount --profile: container growth by site -*- C++
//-*-===//
//
// `heapcount --profile FILE` writes, for every allocation a standard
// container's growth made, the user's call site (the one --stacks picks),
// the element type and its size, and a histogram of the element counts
// requested there: the profile that alloc-small-vector.ProfileFile reads.
// The format is a contract (docs/heapcount.md, "Profiles").
//
// The library keys its stacks by requested size (HEAPCOUNT_STACK_SIZES=1),
// so every stack entry has one size. A stack is a container's growth when
// its symbolized frames have a standard allocator frame
// (std::allocator<T>::allocate and its kin), whose T is the element; sizeof(T)
// comes from the program's DWARF through llvm-dwarfdump, or from the data
// model for builtin and pointer types.
//
// Everything but findDwarfdump, lookUpTypeSizes, describeSourceFile and
// reportProfile is a pure function of its arguments, unit-tested. Plain C++17,
// no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_HEAPCOUNT_PROFILE_H
#define ALLOC_TIDY_TOOLS_HEAPCOUNT_PROFILE_H

#include "tools/heapcount/CallSites.h"
#include "tools/heapcount/StackFolder.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace heapcount {

/// The stack depth --profile records unless --stacks=DEPTH says otherwise:
/// deep enough to get past libc++'s and libstdc++'s frames at -O0 (up to
/// about ten of them between the allocation and the container's member
/// function the user called) to the user's frame.
constexpr unsigned DefaultProfileDepth = 24;

// --- Names ---------------------------------------------------------------

/// \p Name without the ABI tags the demangler prints ("[abi:cxx11]",
/// "[abi:ne180100]").
std::string stripAbiTags(const std::string &Name);

/// The components of a qualified name, split at the "::" outside template
/// arguments and parentheses: "std::vector<a::b>::push_back" -> "std",
/// "vector<a::b>", "push_back". "(anonymous namespace)" is one component.
std::vector<std::string> splitQualifiedName(const std::string &Name);

/// A component's name without its template arguments: "allocator<int>" ->
/// "allocator".
std::string templateName(const std::string &Component);

/// A component's template arguments, trimmed: "pair<int, std::vector<int> >"
/// -> "int", "std::vector<int> ". Empty when it has none.
std::vector<std::string> templateArguments(const std::string &Component);

/// T when \p Function (demangled, as a symbolizer gives it) is one of the
/// standard library's allocation functions: std::allocator<T>::allocate,
/// std::__new_allocator<T>::allocate, __gnu_cxx::new_allocator<T>::allocate,
/// std::allocator_traits<std::allocator<T> >::allocate,
/// std::_Vector_base<T, A>::_M_allocate, libc++'s std::__1:: equivalents
/// (and allocate_at_least). "" otherwise. T is spelled as in \p Function.
std::string allocatorElementType(const std::string &Function);

/// The class a member function of the standard library belongs to:
/// "std::vector<int, std::allocator<int> >" for
/// "std::vector<int, std::allocator<int> >::push_back(int const&)". ""
/// for a function that is not a member of a class in namespace std or
/// __gnu_cxx (a namespace-scope function such as std::make_shared).
std::string standardClassOf(const std::string &Function);

/// \p Name with the ">>" that close two template argument lists spelled
/// "> >", as the format's example and older demanglers write them (LLVM 19
/// and later print ">>"), so that a profile does not depend on the
/// symbolizer's version: "std::vector<std::vector<int>>" ->
/// "std::vector<std::vector<int> >". Inside parentheses ">>" is left alone.
std::string spaceTemplateClosers(const std::string &Name);

/// A spelling of a C++ type in which the demangler's and the DWARF's
/// spellings of one type agree: no optional spaces ("> >" and ">>" alike),
/// cv-qualifiers after what they qualify ("const char *" and "char const*"),
/// builtin types in one form ("long unsigned int" and "unsigned long"),
/// integer literals without suffixes ("3ul" and "3UL"), no leading "::".
std::string canonicalTypeName(const std::string &Type);

/// sizeof(\p Type) when it is a builtin arithmetic type or a pointer, in
/// the LP64 data model of Linux (long and pointers 8 bytes, wchar_t 4,
/// member function pointers 16); 0 for any other type.
std::uint64_t builtinTypeSize(const std::string &Type);

// --- Container growth ----------------------------------------------------

/// The allocations of a site that came through one place of the user's code
/// above it (a caller of the site's function, or of a function that called
/// it): a container filled by a callee belongs to the caller that handed it
/// over, and only this share is its.
struct SiteCaller {
  std::string File; ///< As the site's.
  unsigned Line = 0, Column = 0;
  std::uint64_t Allocations = 0;
  /// As the site's Counts (an allocation site's Sizes).
  std::map<std::uint64_t, std::uint64_t> Counts;
  /// The processes whose allocations there came through this place; 0
  /// when unknown (a profile written before heapcount counted them).
  std::uint64_t Processes = 0;
};

/// Which callers a site's allocations came through (walkStack's Callers):
/// each place at most once per stack, however often recursion passes it.
struct SiteCallers {
  /// False for a profile written before heapcount recorded them.
  bool Known = true;
  /// By file, line and column.
  std::vector<SiteCaller> Places;
  /// The allocations whose stacks ended at the report's depth before
  /// MaxCallerLevels callers (File empty): any place may be theirs.
  SiteCaller Cut;

  /// Adds a stack's \p Allocations, asking for \p Count each, through
  /// \p Places (deduplicated here).
  void add(std::vector<SiteCaller> Places, bool WasCut,
           std::uint64_t Allocations, std::uint64_t Count);
  /// Adds the callers of the same site in other processes.
  void merge(const SiteCallers &Other);
};

/// What one allocation stack is, for a profile.
struct ContainerGrowth {
  /// T, as the allocator frame spells it (spaceTemplateClosers).
  std::string Element;
  /// The outermost standard class passed (spaceTemplateClosers).
  std::string Container;
  /// The site (normalized, as the debug information names it), empty when
  /// it has no line information.
  std::string File;
  std::string Function; ///< The function at the site (may be empty).
  std::string Site;     ///< The site as --stacks prints it, for messages.
  /// The function of the innermost frame (see FrameModule).
  std::string InnermostFunction;
  /// The places of the user's code above the site (walkStack's Callers;
  /// files normalized, no allocations yet); see CallersCut.
  std::vector<SiteCaller> Callers;
  /// Where the stack is best known without a line: the file address and the
  /// module (-1 for none) of the site's frame when it reached the user's
  /// code, else of the innermost frame.
  std::uint64_t FrameOffset = 0;
  int FrameModule = -1;
  unsigned Line = 0, Column = 0;
  int ElementModule = -1; ///< The module of the allocator frame (its DWARF).
  bool IsGrowth = false;  ///< Made by a standard container's growth.
  /// The stack reaches the user's code (else it ended, or was cut at the
  /// depth, in the standard library or the runtime).
  bool ReachedUserCode = false;
  /// Not recognized, but an inlined level of the standard library is an
  /// allocation function named without its class ("allocate",
  /// "_M_allocate"): clang's -gline-tables-only names inlined functions so.
  bool UnqualifiedAllocator = false;
  /// The stack ended before MaxCallerLevels callers.
  bool CallersCut = false;
};

/// Whether \p Stack is a container's growth, and where and of what. The
/// site (File, Line, Column, Function, ReachedUserCode) is filled in for
/// every stack, growth or not. The allocator frame is the innermost level that
/// allocatorElementType knows; when there is none and the innermost frame is a
/// member of std::basic_string<C, ...> in a runtime module (libstdc++.so and
/// libc++.so have no inlined frames to show), the element is C. The container
/// is the outermost member function of a standard class passed on the way to
/// the site.
ContainerGrowth classifyStack(const StackReport &Report, const StackInfo &Stack,
                              const SymbolTable &Symbols);

// --- Element sizes from DWARF --------------------------------------------

/// A type's debugging information entry, as llvm-dwarfdump prints it.
struct DwarfType {
  std::uint64_t Offset = 0;
  std::string Tag;           ///< "DW_TAG_structure_type", ...
  std::string QualifiedName; ///< Enclosing namespaces and classes included.
  /// Inside a function: QualifiedName names the function without its
  /// parameters ("f::Row"), and nothing when it is unnamed (a lambda).
  bool Local = false;
  bool Declaration = false;
  bool HasByteSize = false;
  std::uint64_t ByteSize = 0;
};

/// The llvm-dwarfdump --name queries that find the entries of \p Types.
/// A type that is no template's specialization is looked for by its
/// unqualified name ("Cell" for "ns::Cell"): an exact --name is about ten
/// times faster than a --regex one on a large program, whose run time grows
/// with each pattern. A specialization has a pattern too ("^pair(<.*)?$"
/// for "std::pair<int, int>"), asked only when its likely spelling
/// (dwarfSpelling) finds nothing: the debug information may spell its
/// arguments otherwise. Types without a name to look for (lambdas, unnamed
/// types) have neither.
struct DwarfdumpNames {
  std::vector<std::string> Exact;    ///< Plain --name values.
  std::vector<std::string> Patterns; ///< --name values with --regex.
};
DwarfdumpNames dwarfdumpNames(const std::set<std::string> &Types);

/// How clang's debug information most likely names the last component of
/// \p Type, a specialization, as the demangler spells it: cv-qualifiers
/// first, a space before '*' and between closing '>'s
/// ("std::pair<int const, char const*>" -> "pair<const int, const char *>").
/// A guess: an exact --name with it is tried first, and a pattern only for
/// what it does not find.
std::string dwarfSpelling(const std::string &Type);

/// The class, structure, union, enumeration and base type entries of
/// `llvm-dwarfdump --show-parents --name=...` output, each with its
/// qualified name built from the parents printed before it.
std::vector<DwarfType> parseDwarfdumpTypes(const std::string &Output);

/// sizeof(\p Type) according to \p Types, the entries of \p Module's
/// debugging information; or 0 and why not in \p Why.
struct TypeSize {
  std::uint64_t Bytes = 0;
  std::string Why; ///< Set when Bytes is 0.
};
TypeSize typeSizeFromDwarf(const std::string &Type,
                           const std::vector<DwarfType> &Types,
                           const std::string &Module);

/// llvm-dwarfdump: HEAPCOUNT_DWARFDUMP when set (a path, a name on PATH, or
/// "none"), else the first of llvm-dwarfdump and llvm-dwarfdump-22 on PATH
/// and /usr/lib/llvm-22/bin/llvm-dwarfdump. "" with \p Why when none.
std::string findDwarfdump(std::string &Why);

/// The sizes of \p Types (element types that are not builtin) in
/// \p ModulePath, from one run of \p Dwarfdump ("" when there is none:
/// \p NoToolWhy then says why).
std::map<std::string, TypeSize>
lookUpTypeSizes(const std::string &Dwarfdump, const std::string &NoToolWhy,
                const std::string &ModulePath,
                const std::set<std::string> &Types);

// --- The profile ---------------------------------------------------------

/// The 64-bit FNV-1a hash of \p Data (offset basis 0xcbf29ce484222325,
/// prime 0x100000001b3).
std::uint64_t fnv1a64(const std::string &Data);

/// A source file named by a site, as the profile's "files" lists it.
struct SourceFile {
  std::string Path; ///< realpath(), or the normalized path when missing.
  bool Exists = false;
  /// Named only as a caller of sites: its code ran, but the profile has no
  /// site there (a reader must not take it for code that made no
  /// allocation).
  bool CallersOnly = false;
  std::uint64_t Size = 0, Hash = 0; ///< Only when Exists.
};
/// The file that the debug information names \p DebugPath. A path that does
/// not exist is looked for under each of \p SourceRoots by its trailing
/// components, longest first (findUnderSourceRoots).
SourceFile describeSourceFile(const std::string &DebugPath,
                              const std::vector<std::string> &SourceRoots = {});

/// Where \p Path, which does not exist, is under one of \p SourceRoots: a
/// build with -ffile-prefix-map or -fdebug-prefix-map names its files
/// relative to the source directory, and the symbolizer puts the build
/// directory in front of them. The first root, then the longest trailing
/// part of \p Path, that names an existing file wins; "" when none does.
std::string findUnderSourceRoots(const std::string &Path,
                                 const std::vector<std::string> &SourceRoots);

/// One site of the profile.
struct ProfileSite {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Function, Container, Element;
  std::uint64_t ElementSize = 0;
  std::uint64_t Allocations = 0, Bytes = 0;
  /// Elements requested -> allocations, ascending.
  std::map<std::uint64_t, std::uint64_t> Counts;
  /// The processes that allocated there, and for each element count of
  /// Counts, the processes that asked for it there. 0 and empty when
  /// unknown (a profile written before heapcount counted them).
  std::uint64_t Processes = 0;
  std::map<std::uint64_t, std::uint64_t> ProcessesByCount;
  SiteCallers Callers;
};

/// Sites with the same file, line, column, function, container and element
/// merged (allocations, bytes, counts and processes summed: the sites are
/// of separate processes), sorted by file, line, column and container (then
/// function and element). Processes are unknown once a site does not know
/// them.
std::vector<ProfileSite> mergeSites(std::vector<ProfileSite> Sites);

/// Allocations by container growth that are not in the profile, for one
/// reason.
struct LeftOut {
  std::uint64_t Allocations = 0;
  std::uint64_t Stacks = 0;
};

/// A site of allocations that are not a container's growth (new char[n],
/// malloc, realloc in the user's code): the first user frame with a line.
struct AllocationSite {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Function;
  std::uint64_t Allocations = 0, Bytes = 0;
  /// Requested bytes -> allocations, ascending.
  std::map<std::uint64_t, std::uint64_t> Sizes;
  /// As a ProfileSite's, for each size of Sizes.
  std::uint64_t Processes = 0;
  std::map<std::uint64_t, std::uint64_t> ProcessesBySize;
  /// Each caller's Counts are bytes, as Sizes.
  SiteCallers Callers;
};

/// Sites with the same file, line, column and function merged (allocations,
/// bytes, sizes and processes summed, as mergeSites does), sorted by file,
/// line, column and function.
std::vector<AllocationSite>
mergeAllocationSites(std::vector<AllocationSite> Sites);

/// Container growth left out for one reason at one place: the site's file,
/// line and function when known, else a module and file address (of the
/// site's frame, or of the innermost frame when the stack did not reach the
/// user's code) and that frame's function.
struct UnattributedGroup {
  /// "no_user_frame", "no_line", "no_element_size", "not_multiple",
  /// "not_by_size", "unqualified_allocator" (see
  /// ContainerGrowth::UnqualifiedAllocator) or "source_changed" (merge: the
  /// file changed).
  std::string Reason;
  std::string Element; ///< For no_element_size: the element type.
  std::string Function, File;
  unsigned Line = 0, Column = 0;
  std::string Module; ///< When File is empty; "" when no module holds it.
  std::uint64_t Offset = 0;
  std::uint64_t Allocations = 0, Bytes = 0;
};

/// Groups with the same reason, element and place merged, most allocations
/// first (then most bytes, then by reason and place).
std::vector<UnattributedGroup>
mergeUnattributed(std::vector<UnattributedGroup> Groups);

/// The unattributed groups a profile file lists at most.
constexpr std::size_t MaxUnattributedInFile = 20;

/// What heapcount --profile writes.
struct Profile {
  std::string Program;
  std::uint64_t Allocations = 0; ///< The report's total.allocs.
  std::uint64_t Profiled = 0;    ///< Allocations in Sites.
  std::vector<SourceFile> Files; ///< Sorted by path.
  std::vector<ProfileSite> Sites;
  // Container growth left out: a stack that does not reach the user's code,
  // no line information at the site, no size for the element (by type, with
  // why), a size that is not a multiple of the element's, stacks not keyed
  // by size.
  LeftOut NoUserFrame;
  LeftOut NoLine;
  std::map<std::string, std::pair<LeftOut, std::string>> NoElementSize;
  LeftOut NotMultiple;
  LeftOut NoSize;
  std::uint64_t Dropped = 0; ///< Allocations the stack table missed.
  /// Stacks with an allocation function named without its class
  /// (ContainerGrowth::UnqualifiedAllocator).
  LeftOut Unqualified;
  /// Sites dropped by a merge because their file changed between profiles.
  LeftOut Changed;
  /// Left out for a reason no longer known (read from a profile file).
  std::uint64_t LeftOutUnknown = 0;
  /// The frames were symbolized by addr2line, which can lose inlined frames
  /// (the warning about sites without line information says so).
  bool ByAddr2line = false;
  /// Allocations that are not a container's growth, by site.
  std::vector<AllocationSite> AllocationSites;
  /// The container growth left out, by reason and place (mergeUnattributed).
  std::vector<UnattributedGroup> Unattributed;
  /// The processes profiled, and their distinct programs (sorted).
  std::uint64_t Processes = 1;
  std::set<std::string> Programs;
  /// Why the profile is not the whole run ("heapcount was stopped by
  /// SIGTERM while symbolizing (3 of 12 modules done)"); "" when it is.
  std::string Incomplete;
  std::uint64_t leftOut() const;
};

/// Element sizes by (module, element type).
using ElementSizes = std::map<std::pair<int, std::string>, TypeSize>;

/// The profile of \p Report's stacks, classified in \p Growth (one per
/// stack), with the element sizes of \p Sizes (builtin types need none) and
/// the files of \p Files (by the normalized debug path). A site's processes
/// are those of its stacks, each counted once (a process may reach a site
/// through several stacks); unknown when a stack has none (the report of
/// one process, not folded).
Profile buildProfile(const StackReport &Report,
                     const std::vector<ContainerGrowth> &Growth,
                     const ElementSizes &Sizes,
                     const std::map<std::string, SourceFile> &Files);

/// The profile as JSON (format version 1).
std::string profileJson(const Profile &P);

/// Reads a profile file (what profileJson writes; unknown members are
/// skipped). The reasons of "left_out" are not in the file: it is read as
/// LeftOutUnknown. False with \p Error when it is not JSON, not a profile,
/// or of another version.
bool readProfile(const std::string &Json, Profile &P, std::string &Error);

/// Profiles of several processes or runs as one: sites, allocation sites and
/// unattributed groups merged, the counts summed, the first's program kept.
/// A file that two inputs list with different sizes or hashes is looked up
/// as it is now with \p Current: the sites of the inputs that match it are
/// kept, the others left out (as "source_changed") and \p Warnings says so,
/// naming the file; when none matches, none is kept.
Profile
mergeProfiles(std::vector<Profile> Inputs,
              const std::function<SourceFile(const std::string &)> &Current,
              std::vector<std::string> &Warnings);

/// The warnings (each a line "heapcount: warning: profile: ...") and the
/// summary: "heapcount: profile: N container sites, P of A allocations;
/// written to PATH", then the \p Top sites with most allocations.
std::string formatProfile(const Profile &P, unsigned Top,
                          const std::string &Path);

/// Creates or empties the profile, so that an unwritable path is an error
/// before the program runs.
bool prepareProfile(const std::string &Path, std::string &Error);

/// Says when a progress line is due: every second, or every
/// HEAPCOUNT_PROGRESS_SECONDS (0: at every step; the tests use it).
class ProgressClock {
public:
  ProgressClock();
  bool due();

private:
  std::chrono::steady_clock::time_point Last;
  double Interval = 1.0;
};

/// What a run gathered besides the folded stacks.
struct FoldedRun {
  /// The program heapcount ran: its report's path, else the command's.
  std::string Program;
  /// Why the program's own process is not in the profile ("" when it is).
  std::string RootWhy;
  /// Every process whose report was read, the program's included.
  std::uint64_t Processes = 0;
  /// The processes the program started whose reports had no stacks, by why.
  std::map<std::string, std::uint64_t> ChildFailures;
  /// The processes (the program's included) whose reports had no stacks,
  /// and the allocations their reports counted.
  std::uint64_t FailedProcesses = 0, FailedAllocations = 0;
  /// Set when heapcount stopped before every report was folded: what was
  /// left ("after folding 10 of 20 process reports").
  std::string Incomplete;
};

/// What `heapcount --profile PATH` does when the program has ended:
/// symbolizes the frames of \p Folder once per module (saying so per module
/// when \p Verbose, and how far it is every second), builds the profile of
/// each program, merges them, writes the result to \p Path and prints the
/// summary on stderr. A stop signal (catchStopSignals) ends the
/// symbolizing: the profile of what was done is written with
/// "incomplete" set and an error printed; returns that signal, else 0.
/// Source files that do not exist are looked for under \p SourceRoots; a
/// warning says what share of the allocations is at files still missing.
int reportProfile(const StackFolder &Folder, const FoldedRun &Run, unsigned Top,
                  const std::string &Path, bool Verbose,
                  const std::vector<std::string> &SourceRoots = {});

/// `heapcount merge-profiles OUT IN...`: merges profile files taken in
/// separate runs into OUT. Returns the exit status: 0, or 2 with
/// "heapcount: error: ..." and no OUT written.
int runMergeProfiles(const std::vector<std::string> &Args);

} // namespace heapcount

#endif // ALLOC_TIDY_TOOLS_HEAPCOUNT_PROFILE_H
