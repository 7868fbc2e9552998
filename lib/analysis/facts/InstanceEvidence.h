//===--- InstanceEvidence.h - where a unit makes many of a record -*- C++
//-*-===//
//
// The plain data that RecordInstances finds and PaddingDecision weighs: one
// place where a translation unit creates instances of a record (the
// elements of a container or an array, objects allocated in a loop, the
// members of those). No clang types, so that the decision stays a pure
// function of data.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_INSTANCEEVIDENCE_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_INSTANCEEVIDENCE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// One place where the translation unit creates instances of a record.
struct InstanceEvidence {
  enum class Kind {
    /// An element type of a container: std::vector<T>, std::map<K, T>, a
    /// user container with push_back or insert, std::array<T, N>.
    ContainerElement,
    /// The element type of an array variable or member, T[N].
    ArrayElement,
    /// new T[n] or std::make_unique<T[]>(n).
    ArrayNew,
    /// new T, std::make_unique<T>, std::make_shared<T> inside a loop.
    LoopAllocation,
    /// new T or std::make_unique<T> outside any loop: one object at a time.
    HeapAllocation,
    /// A member (or base) of a record that has many instances, by value:
    /// Via names that record, Inner the evidence about it.
    MemberOf,
  };
  /// What holds or makes the instances, as the user wrote or would write it:
  /// "std::vector<Row>", "Rows" (an array), "new Row", the outer record.
  std::string Via;
  /// Where, as "rows.cpp:12" (file name and line).
  std::string Where;
  /// The number of instances when the code fixes it (T[16], new T[16],
  /// std::array<T, 16>).
  std::optional<uint64_t> Count;
  /// For MemberOf: the evidence about the outer record (one level of it is
  /// enough for the note).
  std::vector<InstanceEvidence> Inner;
  Kind What = Kind::ContainerElement;
  /// For a heap allocation: whether the allocator's chunk size is known from
  /// the object's size (new, make_unique) or not (make_shared puts a control
  /// block of the library's own size next to it).
  bool ExactChunk = true;
  /// For an ArrayElement or the elements of a std::array: the array is a
  /// constant of static storage, a table written once by its initializer,
  /// never allocated.
  bool ConstantTable = false;
  /// For a HeapAllocation: it runs once per instance of something many (a
  /// node of a linked structure, a pimpl made in the constructor of a class
  /// with many instances), so it counts without SingleHeapObjects.
  bool Repeated = false;
  /// For MemberOf a union (Via): the union is as large as its largest
  /// member, so a member that shrinks makes it smaller only by what it had
  /// over the others.
  struct UnionMember {
    /// The member's size (Count instances of the record, an array of them).
    uint64_t Size = 0;
    uint64_t Count = 1;
    /// The largest of the union's other members, and its alignment.
    uint64_t Others = 0;
    uint64_t Align = 1;
  };
  std::optional<UnionMember> InUnion;
};

/// The bytes that each instance at the end of \p E's chain of MemberOf
/// (the outermost record with many instances) saves when the record shrinks
/// by \p Saved bytes: as much, unless a union on the way stays as large.
uint64_t savedThroughMembers(const InstanceEvidence &E, uint64_t Saved);

} // namespace alloc_tidy

#endif
