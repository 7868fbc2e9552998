//===--- ProfileEvidence.h - what a profile measured at a finding -*- C++
//-*-===//
//
// Static analysis cannot tell a loop run once at start-up from one run a
// million times; a heapcount profile (HeapProfile.h) can. This reads several
// profiles as one (one per test or benchmark run), finds the sites a
// container's code made, and turns what they measured into the saving of
// each kind of fix (reserve before a loop, hoist out of a loop, a vector for
// a deque, no allocation at all) and into the decision whether a finding is
// cold. The checks give the code; no check-specific wording lives here
// beyond the measured sentence every check shares.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_PROFILE_PROFILEEVIDENCE_H
#define ALLOC_TIDY_LIB_ANALYSIS_PROFILE_PROFILEEVIDENCE_H

#include "lib/analysis/facts/LoopContainerFills.h"
#include "lib/analysis/profile/HeapProfile.h"
#include "lib/analysis/profile/ProfileSites.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Several profiles read as one. Each keeps its own record of the source
/// files it saw, so that a file changed since one run but not another
/// keeps the sites of the runs that saw it as it is.
class ProfileSet {
public:
  void add(std::string Path, HeapProfile Profile);
  bool empty() const { return Profiles.empty(); }
  size_t size() const { return Profiles.size(); }
  /// The allocations of every profiled run, added up.
  uint64_t allocations() const;

  /// A source file as the profiles saw it.
  struct FileView {
    std::string Path;
    /// The sites of the profiles that saw the file as it is, like sites
    /// (same line, column, function, container and element) added up.
    std::vector<ProfileSite> Sites;
    /// The same for the allocations that are no container's growth.
    std::vector<ProfileSite> AllocationSites;
    /// The profiles that list the file but saw another version of it (or
    /// recorded no hash of it); their sites here are left out.
    std::vector<std::string> Stale;
    /// How many sites the stale profiles have in the file.
    size_t StaleSites = 0;
    /// Whether a profile that saw the file as it is lists it: its code ran
    /// and allocated in the profiled runs, or it has no sites at all.
    bool Covered = false;
    /// Whether a profile that saw the file as it is names it only as the
    /// caller of sites elsewhere: its lines locate calls, and its code is
    /// not measured (it is not Covered).
    bool CallersCurrent = false;
    bool StaleForLackOfHash = false;
  };
  /// The file whose path a profile knows it by is \p Path, its text
  /// \p Contents.
  FileView view(llvm::StringRef Path, llvm::StringRef Contents) const;

private:
  struct Entry {
    std::string Path;
    HeapProfile Profile;
  };
  std::vector<Entry> Profiles;
};

/// Which of a profile's sites are a given container's growth: the standard
/// class template (vector, basic_string, deque, ...) and the element. A
/// deque's map of block pointers counts as its own.
struct ContainerIdentity {
  std::string Template;
  std::string Element;
  uint64_t ElementSize = 0;
};

/// The code where heapcount sees container \p D allocate: its uses, and
/// its declaration (a local) or its class's constructors (a member), where
/// it is constructed.
std::vector<ProfileAnchor> containerCode(const clang::ValueDecl &D,
                                         llvm::ArrayRef<ContainerUse> Uses);

/// The code where heapcount sees a fixed run of appends, \p Appends in
/// \p Function, allocate: for a local vector \p Var, its uses and its
/// declaration (containerCode); for \p Member of the local object \p Var,
/// the appends alone (the object's constructor leaves it empty, without
/// allocating).
std::vector<ProfileAnchor>
appendRunCode(const clang::VarDecl &Var, const clang::FieldDecl *Member,
              llvm::ArrayRef<const clang::Stmt *> Appends,
              const clang::FunctionDecl &Function, clang::ASTContext &Ctx);

/// The code where heapcount sees \p Statement of \p Function allocate as
/// it copies a \p Copied value: the statement itself (a standard
/// container's copy is charged there, its library frames left out) and,
/// for a class of the project, its copy constructor, through the statement
/// (an implicit one's allocations are at its class).
std::vector<ProfileAnchor> copyCode(const clang::Stmt &Statement,
                                    const clang::FunctionDecl &Function,
                                    clang::QualType Copied);

/// The copy constructors of \p Copied (a class of the project) where
/// heapcount sees the copies made through the call \p Through allocate
/// (an implicit one's allocations are at its class).
std::vector<ProfileAnchor> copyConstructorCode(clang::SourceRange Through,
                                               clang::QualType Copied);

/// The code where heapcount sees \p Fills allocate: each fill, and the
/// growth in the functions that fill the container through a reference.
std::vector<ProfileAnchor> fillCode(llvm::ArrayRef<ContainerFill> Fills,
                                    clang::ASTContext &Ctx);

/// The identity of a container of type \p T (a standard vector, string,
/// deque, stack or queue, or a reference to one); nullopt for any other
/// type, node-based containers included (their sites are their nodes').
std::optional<ContainerIdentity>
identifyContainer(clang::QualType T, const clang::ASTContext &Ctx);

/// Whether \p Site is the growth of a container of \p Id.
bool siteIsOf(const ProfileSite &Site, const ContainerIdentity &Id);

/// The sites at a finding's code and what they add up to.
struct Measurement {
  std::vector<SiteMatch> Sites;
  uint64_t Allocations = 0;
  /// The element counts the allocations asked for, all sites together;
  /// a deque's map is left out (its blocks are what the elements cost).
  ElementHistogram Counts;
  /// The allocations of a deque's map of block pointers, and the pointers
  /// they asked for.
  uint64_t MapAllocations = 0;
  ElementHistogram MapCounts;
  /// The processes that allocated at the code, and for each count of
  /// Counts the processes that asked for it: the most any of the sites saw
  /// (one piece of code allocates at its sites in the same processes, as a
  /// rule). nullopt when a site's profile does not say; 0 without sites.
  std::optional<uint64_t> Processes = 0;
  ElementHistogram ProcessesByCount;
  /// The growth of a std::basic_string: it asks for one element more than
  /// its capacity (the terminating null), and whenever it grows, at least
  /// doubles its capacity (libstdc++ and libc++).
  bool OfString = false;
  /// A file of the code whose profiles are all stale, and them.
  std::string StaleFile;
  std::vector<std::string> StaleProfiles;
  /// Whether a profile saw a file of the code as it is (its sites count,
  /// none of them included).
  bool Covered = false;
  bool StaleForLackOfHash = false;
};

/// The sites of \p Id's growth that lie in \p Code (each anchor a range and
/// the function it is in). A site's column, when known, must lie in the
/// range on the range's first and last lines.
Measurement
measureAt(llvm::ArrayRef<ProfileAnchor> Code, const ContainerIdentity &Id,
          llvm::function_ref<const ProfileSet::FileView *(clang::FileID)> View,
          const clang::ASTContext &Ctx);

/// The allocations that are no container's growth (a string class's own
/// new[] or malloc) in \p Code; no element to match.
Measurement measureAllocationsAt(
    llvm::ArrayRef<ProfileAnchor> Code,
    llvm::function_ref<const ProfileSet::FileView *(clang::FileID)> View,
    const clang::ASTContext &Ctx);

/// What \p Id's growth made in \p Code. A narrow string's allocations may
/// also be recorded as plain allocation sites (heapcount did not see the
/// allocator's frame, as in a string constructed by libstdc++'s compiled
/// code at -O2): those in the code count too, their bytes as elements.
Measurement measureContainerAt(
    llvm::ArrayRef<ProfileAnchor> Code, const ContainerIdentity &Id,
    llvm::function_ref<const ProfileSet::FileView *(clang::FileID)> View,
    const clang::ASTContext &Ctx);

/// Every allocation in \p Code: any container's growth and the plain
/// allocation sites (a temporary container and the strings it holds).
Measurement measureAnyAt(
    llvm::ArrayRef<ProfileAnchor> Code,
    llvm::function_ref<const ProfileSet::FileView *(clang::FileID)> View,
    const clang::ASTContext &Ctx);

/// An inline buffer for a string class, sized from the bytes its
/// allocations asked for.
struct MeasuredBuffer {
  uint64_t Allocations = 0;
  /// The buffer, in bytes: the smallest that holds the chosen share.
  uint64_t Bytes = 0;
  /// The allocations that asked for at most Bytes: those it saves.
  uint64_t Covered = 0;
};
/// The buffer that holds \p Coverage (0 < Coverage <= 1) of the requests
/// measured in \p M (counts by bytes); nullopt without any.
std::optional<MeasuredBuffer> sizeStringBuffer(const Measurement &M,
                                               double Coverage);
/// "'Str' allocated 83,590 times in the profiled run; 91% asked for at most
/// 16 bytes; an inline buffer of 16 characters would save about 76,067
/// allocations".
std::string describeStringBuffer(llvm::StringRef Class, const MeasuredBuffer &B,
                                 uint64_t CharSize);

/// What a change would have saved in the profiled run.
struct MeasuredSaving {
  /// How many times the code ran from empty: each run's first growth asks
  /// for the fewest elements, so the allocations that asked for the fewest.
  uint64_t Runs = 0;
  /// The most elements one allocation asked for.
  uint64_t Largest = 0;
  uint64_t Saved = 0;
};

/// Reserving the total before each run: one allocation a run instead of
/// every growth.
MeasuredSaving savingOfReserve(const Measurement &M);
/// Whether reserving an upper bound of the appends (a loop that appends
/// under a condition) pays for itself in the profiled run: such a reserve
/// also allocates in a run that appends nothing, which a profile cannot
/// count (it sees only runs that allocated). It pays when the growths it
/// saves outnumber the runs that allocated, so that as many runs again
/// with nothing to append would not undo it: more than one growth saved
/// per run, not the one of a container that stays at one or two elements.
bool upperBoundReservePays(const Measurement &M);
/// Hoisting a container out of a loop: it keeps its capacity, so it grows
/// only to hold more than it ever held instead of on every iteration. In
/// each process that ran the loop it starts again from empty: at most once
/// for each count that process asked for, and a string, which at least
/// doubles, at most as many times as doubling takes it from the fewest
/// elements to the most. Without the processes, one run of the loop: once
/// for each count.
MeasuredSaving savingOfHoist(const Measurement &M);
/// A vector for a deque's blocks and map: reserved once per deque
/// (\p Reserved), or growing by doubling to the elements of each deque.
MeasuredSaving savingOfVectorForDeque(const Measurement &M, bool Reserved);
/// Whether every deque measured at its code allocated its map and one block
/// and nothing more: none ever needed a second block, so none held more
/// elements than a block holds (libstdc++ never reuses a block a pop frees).
/// How many each held within the block, the profile cannot tell.
bool dequesStayedInFirstBlock(const Measurement &M);
/// Whether the profiles measured allocations at a deque's code and a vector
/// would save none of them: deques whose blocks a vector growing to the same
/// size matches or exceeds. Deques that stayed in their first block
/// (dequesStayedInFirstBlock) are not judged without a reserve: a vector
/// holding 0 or 1 elements makes fewer allocations than their 2, one holding
/// 3 or more makes more, and the profile cannot tell which.
bool vectorForDequeSavesNothing(const Measurement &M, bool Reserved);
/// A change after which the code does not allocate at all (a string_view).
MeasuredSaving savingOfNoAllocation(const Measurement &M);
/// An inline buffer of \p Capacity elements: the allocations that asked
/// for no more are saved.
MeasuredSaving savingOfInlineBuffer(const Measurement &M, uint64_t Capacity);

/// Whether a finding is cold: a profile covers its code and the code made
/// fewer than \p MinAllocations allocations there (0 reports everything).
bool isCold(const Measurement &M, uint64_t MinAllocations);

/// The measured notes, one per kind of fix; each ends with wouldSave(),
/// and says so when the code made no allocation in the profiled run.
/// "heapcount's profile: in the profiled run 'v' grew 14 times at these
/// appends, in 1 run of up to 9,001 elements; reserving first would save
/// about 13 allocations".
/// With \p CopiedElement (the element's class, which a vector copies when
/// it grows: isCopiedOnGrowth), the saving is a floor: each growth also
/// copies the elements, whose copies may allocate where the profile cannot
/// tell them from the argument's, so no "about" figure is given.
std::string describeReserve(llvm::StringRef Name, const Measurement &M,
                            llvm::StringRef CopiedElement = "");
/// "... 'line' allocated 40,000 times in this loop (for 1 to 64 elements,
/// in 21 processes); declared before the loop, it keeps its capacity, which
/// would save about ...". The processes are named when more than one.
std::string describeHoist(llvm::StringRef Name, const Measurement &M);
/// The same for a loop in \p Function, which \p Repeat says runs again and
/// again ("is run again and again by the call at line 87 (in a loop, or
/// recursive)"): each call starts the container empty, and the profile does
/// not count calls, so there is no "would save about" figure.
std::string describeHoistPerCall(llvm::StringRef Name, const Measurement &M,
                                 llvm::StringRef Function,
                                 llvm::StringRef Repeat);
/// "... 'buf' allocated 4,884 times in calls of this function (...); kept
/// in a member, it grows only past the capacity it reached: with one
/// 'Reader' in each process, that would save about 4,740 allocations (each
/// further object starts empty)". The profile counts processes, not the
/// objects that each keep a member. An empty \p Class: kept in a
/// thread_local variable, one for each thread.
std::string describeCallBuffer(llvm::StringRef Name, llvm::StringRef Class,
                               const Measurement &M);
/// "... 'rows' made 563 allocations (blocks and their map) in 1 deque; a
/// std::vector reserved once would save about 562 allocations". For deques
/// that stayed in their first block (and no reserve) there is no "about":
/// the saving is given as a range, from nothing to all they made.
std::string describeVectorForDeque(llvm::StringRef Name, const Measurement &M,
                                   bool Reserved);
/// "... 'key' allocated 40,000 times; <Change> would save about 40,000
/// allocations".
/// \p Kept is what the change still allocates in each process that runs
/// the code (a 'static const' string allocates once in each).
std::string describeNoAllocation(llvm::StringRef Name, const Measurement &M,
                                 llvm::StringRef Change, uint64_t Kept = 0);

/// "... the code that builds 'msg' allocated 4,000 times; built inside the
/// branch at line 12, it allocates only when that branch runs: that would
/// save at most 4,000 allocations". At most: the profile does not say how
/// often the branch ran.
std::string describeBuiltForOneBranch(llvm::StringRef Name,
                                      const Measurement &M,
                                      unsigned BranchLine);
/// "... the argument for 'names' allocated 3,000 times (the container and what
/// it holds); <Change> would save about 2,997 allocations". \p Kept is what the
/// change still allocates in each process that runs the code (the object
/// built once in each).
std::string describeBuiltOnce(llvm::StringRef What, const Measurement &M,
                              llvm::StringRef Change, uint64_t Kept);

/// What a change that builds something once in each process (a 'static
/// const' object) still allocates, \p PerProcess in each: times the
/// processes that allocated at the code, or once when the profile does not
/// say (one process).
uint64_t keptInEachProcess(const Measurement &M, uint64_t PerProcess);

/// "... the copies of 'Name' built for this argument allocated 3,000 times
/// (...); <Change> would save about 3,000 allocations": a string rebuilt
/// from another's characters, every copy of which goes.
std::string describeStringCopies(llvm::StringRef Source, const Measurement &M,
                                 llvm::StringRef Change);

/// "... the temporary strings of this concatenation allocated 3,000 times
/// (...); <Change> would save about 3,000 allocations": every temporary
/// goes. When the string appended to grew at the same statement
/// (\p TargetGrowth allocations, \p Target its name), the pieces appended
/// one by one can make it grow at other lengths, more often or less: the
/// saving is given as a bound, without "about".
std::string describeTemporaries(const Measurement &M, llvm::StringRef Change,
                                llvm::StringRef Target = "",
                                uint64_t TargetGrowth = 0);

/// A concatenation that starts a new string: what its '+' operators and the
/// strings built for its pieces allocated (\p M), and \p Saved of those
/// that \p Change spares (the string it makes still allocates once when
/// it passes the inline buffer). With \p CallerGrowsIt (a caller
/// concatenates onto the string returned, which the '+' operators left with
/// room to spare and the change leaves without), the saving is a bound,
/// without "about".
std::string describeRegrowth(const Measurement &M, uint64_t Saved,
                             llvm::StringRef Change,
                             bool CallerGrowsIt = false);

/// A concatenation assigned, on every iteration of a loop, to a string
/// declared before it: what its '+' operators and the strings built for its
/// pieces allocated (\p M). Assigned and appended piece by piece, the string
/// keeps its memory from one iteration to the next and grows only for a
/// result longer than any before, so the saving is a bound: all of \p M
/// at most.
std::string describeReusedConcatenation(const Measurement &M,
                                        llvm::StringRef Target);

/// A statement that copies where it could move: what the statement
/// allocated, the copy among the rest (a container's growth at a push); no
/// saving to predict from the profile alone.
std::string describeStatement(const Measurement &M);

/// A class that copies where it should move: what its copies (the sites of
/// its copy constructor) allocated. The profile does not tell the copies a
/// move makes from the others, so there is no saving to predict.
std::string describeCopies(llvm::StringRef Class, const Measurement &M);

/// A callable that takes by value what a container or algorithm gives it:
/// "... the copies of 'Option' made through the calls that call it
/// allocated 20,554 times; <Change> would save about 20,554 allocations"
/// (\p Copied: the classes, quoted).
/// Without \p Exact, the calls also copy the elements they insert and the
/// saving is given as a bound, without "about".
std::string describeCallableCopies(llvm::StringRef Copied, const Measurement &M,
                                   llvm::StringRef Change, bool Exact);

/// "... 'v' allocated 100 times (each for 3 elements); an inline buffer of
/// 3 elements would save about 100 allocations".
std::string describeInlineBuffer(llvm::StringRef Name, const Measurement &M,
                                 uint64_t Capacity);

/// "... building 'ToUpper' allocated 1,974,560 times (1,505 in each of
/// 1,312 processes), 12.3% of the run's allocations; a sorted constant
/// array would save about 1,974,560 allocations". \p RunAllocations is the
/// profiled run's total (0: unknown, no share).
std::string describeConstantTable(llvm::StringRef Name, const Measurement &M,
                                  uint64_t RunAllocations);

/// "9,001": a count with thousands separators, as the notes write them.
std::string withSeparators(uint64_t N);

/// The sentence every measured note ends with, which alloc-run reads to
/// rank findings: "<Change> would save about N allocations".
std::string wouldSave(llvm::StringRef Change, uint64_t Saved);

} // namespace alloc_tidy

#endif
