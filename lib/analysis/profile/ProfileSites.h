//===--- ProfileSites.h - a heapcount profile's sites -----------*- C++ -*-===//
//
// When the analysis cannot bound a vector, a heapcount profile (see
// HeapProfile.h) can show the sizes it had at run time. This collects the
// code whose allocations heapcount attributes to a vector (its growing calls
// and its constructions), attributes the profile's sites to the vectors
// whose code holds them, and picks a capacity from the sites' counts.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_PROFILE_PROFILESITES_H
#define ALLOC_TIDY_LIB_ANALYSIS_PROFILE_PROFILESITES_H

#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/InlineVectorClasses.h"
#include "lib/analysis/profile/HeapProfile.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileEntry.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Code whose allocations heapcount attributes to a vector.
struct ProfileAnchor {
  ProfileAnchor(clang::SourceRange Range, const clang::FunctionDecl *Function,
                clang::SourceRange Through = clang::SourceRange())
      : Range(Range), Function(Function), Through(Through) {}

  clang::SourceRange Range;
  const clang::FunctionDecl *Function = nullptr;
  /// For growth in a function the container is handed to by reference:
  /// the call that hands it over, in the container's own function. Only
  /// the allocations that came through that call are the container's (the
  /// function may fill other callers' containers too); invalid otherwise.
  clang::SourceRange Through;
};

/// What a vector needs to be sized from a profile.
struct ProfiledUses {
  /// Why it cannot be: a use the replacement cannot take, a construction
  /// from another vector, a constructor defined elsewhere; empty when it can.
  std::string Silence;
  llvm::StringSet<> Members;
  llvm::SmallVector<VectorConstruction, 4> Constructions;
  /// Its calls, then its constructions.
  std::vector<ProfileAnchor> Anchors;
};

/// The uses and constructions of \p D (a local or data member) that a
/// profile's sites can be at, and whether the vector is replaceable.
ProfiledUses profiledUsesOf(const clang::ValueDecl &D,
                            llvm::ArrayRef<ContainerUse> Uses,
                            const clang::ASTContext &Ctx);

/// Whether \p Site may be in \p F: the name a function has in a symbolized
/// frame holds its own ("Row::Row(int)" holds "Row"). True when either is
/// unknown.
bool siteIsInFunction(const ProfileSite &Site, const clang::FunctionDecl *F);

/// The last component of a normalized type name, template arguments left
/// out: "ns::Cell" -> "Cell", "std::pair<int,int>" -> "pair".
llvm::StringRef lastComponent(llvm::StringRef Normalized);

/// A site attributed to a vector, and the code of the vector it is at.
struct SiteMatch {
  const ProfileSite *Site = nullptr;
  clang::SourceLocation Loc;
};

/// A vector whose sites are looked for.
struct ProfiledVector {
  clang::QualType Element;
  llvm::ArrayRef<ProfileAnchor> Anchors;
};

struct SiteMatches {
  std::vector<SiteMatch> Sites;
  /// Sites at its code whose element has the same name but another size:
  /// a profile of another program or target.
  std::vector<SiteMatch> Mismatched;
};

/// Attributes the sites \p SitesIn gives for a file (null: none) to the
/// vectors whose anchors hold them, all vectors at once: a site two vectors
/// of the same element claim goes to the one whose code holds its column,
/// or to neither. One result per vector, in order.
std::vector<SiteMatches> matchProfileSites(
    llvm::ArrayRef<ProfiledVector> Vectors,
    llvm::function_ref<const std::vector<ProfileSite> *(clang::FileID)> SitesIn,
    const clang::ASTContext &Ctx);

/// The capacity a vector's sites ask for.
struct ProfiledCapacity {
  /// The choice for \p Coverage of the allocations; nullopt without any.
  std::optional<CapacityChoice> Choice;
  /// Its capacity, when it saves at least the minimum of allocations.
  std::optional<uint64_t> Capacity;
  /// Why no inline buffer is worth it; empty when one is.
  std::string Silence;
};

ProfiledCapacity capacityFromProfile(llvm::ArrayRef<SiteMatch> Sites,
                                     double Coverage, uint64_t MinAllocations,
                                     uint64_t ElementSize, uint64_t MaxBytes);

/// The path a profile names \p File by: its real path, as heapcount
/// resolves the debug information's, else its absolute path without dots;
/// empty when neither is known.
std::string profilePathOf(clang::FileEntryRef File);

/// The sites a profile has in one source file.
struct FileSites {
  std::string Path;
  /// Null when the profile has none there.
  const std::vector<ProfileSite> *Sites = nullptr;
  /// Whether the file is still the one profiled.
  HeapProfile::FileState State = HeapProfile::FileState::Current;
};

/// The sites \p Profile has in \p File, whose text is \p Contents.
FileSites profileSitesOf(const HeapProfile &Profile, clang::FileEntryRef File,
                         llvm::StringRef Contents);

} // namespace alloc_tidy

#endif
