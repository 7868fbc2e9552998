//===--- StlFacts.h - what each standard library allocates ------*- C++ -*-===//
//
// The allocation behaviour that alloc-* checks quote in their notes differs
// between standard libraries; these are the facts, taken from each library's
// headers, and the detection of which library a translation unit uses.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_STLFACTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_STLFACTS_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace clang {
class ClassTemplateSpecializationDecl;
class Preprocessor;
class QualType;
} // namespace clang

namespace alloc_tidy {

enum class StlFlavor { Unknown, LibStdCxx, LibCxx, Msvc };

/// The library whose configuration macro the translation unit defines.
StlFlavor detectStl(clang::Preprocessor &PP);

/// Parses an option value: "libstdc++", "libc++" or "msvc"; "auto" and
/// anything else give std::nullopt (the caller reports unknown values).
std::optional<StlFlavor> parseStlFlavor(llvm::StringRef Name);

/// The name users know the library by, ready for a sentence: "libstdc++",
/// "libc++", "the MSVC STL".
llvm::StringRef stlDisplayName(StlFlavor Flavor);

/// How a std::deque<T> stores its elements in one library.
struct DequeBlockFacts {
  uint64_t ElementsPerBlock;
  uint64_t BlockBytes;
  /// Blocks allocated by an empty, default-constructed deque.
  uint64_t BlocksWhenEmpty;
};

/// Block facts for an element of \p ElementSize bytes; nullopt for Unknown.
std::optional<DequeBlockFacts> dequeBlockFacts(StlFlavor Flavor,
                                               uint64_t ElementSize);

/// Block allocations a deque makes while \p Count elements are appended to
/// it from empty (the block map comes on top).
uint64_t dequeBlockAllocations(const DequeBlockFacts &Facts, uint64_t Count);

/// All the allocations of that: the blocks and the map of block pointers,
/// allocated once when the deque is built (it grows again only every time
/// the block count about doubles, which the callers' "about" covers).
uint64_t dequeAllocations(const DequeBlockFacts &Facts, uint64_t Count);

/// Allocations a std::vector makes while \p Count elements are appended one
/// at a time to an empty vector: one per capacity it grows to. nullopt for
/// Unknown.
std::optional<uint64_t> vectorGrowthAllocations(StlFlavor Flavor,
                                                uint64_t Count);

/// Characters of \p CharSize bytes a default-constructed std::basic_string
/// holds in its inline buffer, without allocating; nullopt for Unknown.
std::optional<uint64_t> stringInlineCapacity(StlFlavor Flavor,
                                             uint64_t CharSize);

/// The inline capacity of \p Flavor's strings; for Unknown, the largest of
/// the known libraries' (what fits it fits every one of them).
uint64_t stringInlineCapacityOrLargest(StlFlavor Flavor, uint64_t CharSize);

/// Allocations a std::basic_string makes while \p Count characters are
/// appended one at a time to an empty string; nullopt where the growth rule
/// is not known here (libc++ rounds capacities to its allocation
/// granularity, the MSVC STL too).
std::optional<uint64_t>
stringGrowthAllocations(StlFlavor Flavor, uint64_t CharSize, uint64_t Count);

/// Whether the standard class template \p Name ("vector", "basic_string",
/// "map", ...) allocates when its object holds anything: copying one that
/// holds elements allocates.
bool isAllocatingStdTemplate(llvm::StringRef Name);

/// The standard container or string that \p T names (through a reference
/// too), or null: a copy of one that holds elements allocates.
const clang::ClassTemplateSpecializationDecl *
allocatingStdClass(clang::QualType T);

/// Whether the standard container or string \p Spec allocates through
/// std::allocator: its last template argument (the allocator in every
/// allocating standard template) is std::allocator<...>. Another allocator
/// may draw from an arena that is reset or freed (a pool per compile): an
/// object that outlives the code that built it, a 'static const' or a
/// container hoisted out of a loop, would keep memory the arena takes back.
bool hasStandardAllocator(const clang::ClassTemplateSpecializationDecl &Spec);

} // namespace alloc_tidy

#endif
