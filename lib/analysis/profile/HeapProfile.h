//===--- HeapProfile.h - heapcount's container profile ----------*- C++ -*-===//
//
// `heapcount --profile FILE` records, for every allocation a container made
// as it grew, the user's call site, the element type and size, how many
// elements each allocation asked for, and in how many processes
// (docs/heapcount.md, "Profiles"). This
// reads such a file, tells whether a source file is still the one that was
// profiled, and picks the inline capacity that would have served a given
// share of the allocations. No clang: the check maps sites to declarations.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_PROFILE_HEAPPROFILE_H
#define ALLOC_TIDY_LIB_ANALYSIS_PROFILE_HEAPPROFILE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Allocations by the number of elements each one asked for.
using ElementHistogram = std::map<uint64_t, uint64_t>;

/// The allocations of a site that came through one place of the code above
/// it: a caller of the site's function, or a caller of that caller.
struct SiteCaller {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0; ///< 0 when the symbolizer did not say.
  uint64_t Allocations = 0;
  /// As the site's Counts.
  ElementHistogram Counts;
  /// The processes whose allocations there came through this place;
  /// nullopt when the profile does not say.
  std::optional<uint64_t> Processes;
};

/// One container site of the profile.
struct ProfileSite {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0; ///< 0 when the symbolizer did not say.
  std::string Function;
  std::string Container;
  std::string Element;
  uint64_t ElementSize = 0;
  uint64_t Allocations = 0;
  ElementHistogram Counts;
  /// The processes that allocated there, and for each count of Counts the
  /// processes that asked for it there; nullopt and empty when the profile
  /// does not say (written before heapcount counted them).
  std::optional<uint64_t> Processes;
  ElementHistogram ProcessesByCount;
  /// The places above the site its allocations came through (each counted
  /// once per stack), up to eight levels up: which caller handed over the
  /// container a callee fills. nullopt when the profile does not say
  /// (written before heapcount recorded them).
  std::optional<std::vector<SiteCaller>> Callers;
  /// The allocations whose stacks ended before heapcount saw eight levels
  /// above the site: any caller may be theirs.
  SiteCaller CallersCut;
};

/// A source file as it was when the profile was written.
struct ProfiledFile {
  std::optional<uint64_t> Size;
  std::optional<uint64_t> Hash; ///< FNV-1a, 64 bits.
  /// Named only by the callers of sites ("callers_only"): its code ran,
  /// and no site is there.
  bool CallersOnly = false;
};

/// A profile file, read and checked.
struct HeapProfile {
  std::string Program;
  uint64_t Allocations = 0;
  llvm::StringMap<ProfiledFile> Files;
  /// By file, then in the file's order.
  llvm::StringMap<std::vector<ProfileSite>> SitesByFile;
  /// Allocations that are no container's growth ("allocation_sites"), by
  /// file: no container or element, an element size of 1 and counts by
  /// the bytes each allocation asked for.
  llvm::StringMap<std::vector<ProfileSite>> AllocationSitesByFile;

  /// Parses the JSON text of a profile (format version 1). The error says
  /// what is wrong and where ("sites[3]: 'line' is missing").
  static llvm::Expected<HeapProfile> parse(llvm::StringRef Json);
  /// Reads and parses \p Path.
  static llvm::Expected<HeapProfile> load(llvm::StringRef Path);

  /// Whether \p Contents is the file \p Path was when it was profiled.
  enum class FileState { Current, Changed, Unknown };
  /// Unknown when the profile has no hash of it.
  FileState fileState(llvm::StringRef Path, llvm::StringRef Contents) const;
};

/// FNV-1a, 64 bits, the hash the profile records for each source file.
uint64_t fnv1a64(llvm::StringRef Data);

/// The inline capacity chosen from a histogram.
struct CapacityChoice {
  uint64_t Capacity = 0; ///< Elements.
  uint64_t Covered = 0;  ///< Allocations asking for at most Capacity.
  uint64_t Total = 0;    ///< All allocations of the histogram.
  uint64_t Largest = 0;  ///< The most elements any allocation asked for.
};

/// The smallest capacity that covers at least \p Coverage (0 < Coverage
/// <= 1) of the allocations; nullopt for an empty histogram.
std::optional<CapacityChoice> chooseCapacity(const ElementHistogram &Counts,
                                             double Coverage);

/// A type as written by a demangler or by clang, reduced for comparison:
/// no spaces, no cv-qualifiers or class keys, no leading "::" and no
/// standard-library inline namespace ("std::__cxx11::", "std::__1::"), so
/// "char const*" and "const char *" both give "char*".
std::string normalizeTypeName(llvm::StringRef Name);

} // namespace alloc_tidy

#endif // ALLOC_TIDY_LIB_ANALYSIS_PROFILE_HEAPPROFILE_H
