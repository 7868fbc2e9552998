//===--- PaddingDecision.h - is a padded record worth a change? -*- C++ -*-===//
//
// Padding costs memory only where there are many instances of a record: the
// elements of a container or an array, the members of such elements, objects
// allocated in a loop. One instance on the stack, or one allocated on the
// heap whose malloc chunk is the same size in either field order, saves
// nothing a maintainer would notice. These are the facts (what the
// translation unit shows about a record's instances, plain data) and the
// decision (report or stay silent, and why), a pure function of the facts
// and the check's options.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_PADDINGDECISION_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_PADDINGDECISION_H

#include "lib/analysis/facts/InstanceEvidence.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// What is known about one padded record and its instances.
struct PaddingFacts {
  uint64_t SizeNow = 0;
  uint64_t SizeReordered = 0;
  /// The places that create instances of it, in source order.
  std::vector<InstanceEvidence> Evidence;
  /// Whether the target's heap is glibc's malloc on a 64-bit target (the
  /// only allocator whose chunk sizes are known here); elsewhere a heap
  /// allocation's chunk is not claimed.
  bool GlibcHeap = true;
  /// Declared in an extern "C" context, or in a header of a translation unit
  /// compiled as C: its layout is shared with C code.
  bool SharedWithC = false;
  /// Why its layout is part of a library's public interface (an exported
  /// record in a public header: publicInterfaceReason); empty when not.
  std::string PublicInterface;
  /// The saving found needs the last field moved, and that field is the
  /// record's variable-length tail (a flexible array member, a trailing
  /// array of 0 or 1 elements, or the address of the last field used past
  /// it): why, for the note.
  std::string TailMustStay;
};

struct PaddingPolicy {
  /// Report every padded record, whatever the evidence of instances.
  bool ReportAll = false;
  /// Report records shared with C code.
  bool WarnCRecords = false;
  /// Report records of a library's public interface, whose reorder breaks
  /// its users' binaries: the maintainer can only take it in a release that
  /// breaks the ABI anyway.
  bool PublicInterfaceRecords = false;
  /// Count a single new T / make_unique<T> outside a loop as evidence when
  /// the smaller size takes a smaller malloc chunk. Off by default: one
  /// object (a pimpl, a per-file state) is not many instances.
  bool SingleHeapObjects = false;
};

struct PaddingDecision {
  bool Report = false;
  /// For a report: the cost in terms a maintainer weighs, the first note
  /// ("saves 8 bytes per element of 'std::vector<Row>' at rows.cpp:12").
  /// Empty when nothing is known about the instances (ReportAll).
  std::string Cost;
  /// The index into PaddingFacts::Evidence that Cost describes, if any.
  std::optional<size_t> CostEvidence;
  /// For silence: why (tests name it). For a report that must not carry a
  /// fix-it: why not.
  std::string Why;
  /// Whether a reorder fix-it may be offered at all.
  bool FixAllowed = true;
};

/// The bytes a constant table (an array of static storage) must save for its
/// padding to be worth a change: a page.
inline constexpr uint64_t SmallTableBytes = 4096;

/// The bytes glibc's malloc takes for a request of \p Size bytes on a
/// 64-bit target: the chunk, max(32, round_up(Size + 8, 16)). new and
/// make_unique allocate through it on Linux.
uint64_t glibcMallocChunk(uint64_t Size);

/// Report or stay silent, and why.
PaddingDecision decidePadding(const PaddingFacts &Facts,
                              const PaddingPolicy &Policy);

} // namespace alloc_tidy

#endif
