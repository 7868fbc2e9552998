//===--- LayoutModel.h - a record's layout as plain data --------*- C++ -*-===//
//
// What alloc-layout reports and the checks quote: the bytes of one record,
// member by member, with the holes between them. Plain data with no clang
// types, so that the renderers, the JSON reader and the diff work on it
// without an AST (a report read back from disk is the same structure).
//
// Offsets and sizes are in bytes, except the bit-field positions, which are in
// bits from the start of the record.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_LAYOUTMODEL_H
#define ALLOC_TIDY_LIB_LAYOUT_LAYOUTMODEL_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {
namespace layout {

/// What occupies a range of the record's bytes.
enum class EntryKind {
  VPtr,        ///< Itanium vptr or MSVC vfptr the record introduces
  VBPtr,       ///< MSVC virtual-base table pointer the record introduces
  VtorDisp,    ///< MSVC vtordisp: 4 bytes just before a virtual base
  Base,        ///< non-virtual base class subobject
  VirtualBase, ///< virtual base class subobject (placed after the fields)
  Field,       ///< non-static data member
};

/// One thing in the record: a pointer the ABI adds, a base or a field.
struct LayoutEntry {
  // Strings, then 8-byte numbers, then the small ones: alloc-padding (run
  // on this project) holds us to the order that needs no padding.
  /// Field or base name as written ("cells", "Base"); "__vptr"/"__vbptr".
  std::string Name;
  /// The type as written in the source, e.g. "std::vector<Cell>".
  std::string Type;
  /// Source position of the declaration ("file.h", Line); empty file for
  /// entries with no declaration of their own (pointers the ABI adds).
  std::string File;
  uint64_t Offset = 0;
  /// Bytes the entry occupies: sizeof for fields, the non-virtual data size
  /// for bases (their tail padding may hold later members), 0 for an empty
  /// base or an empty [[no_unique_address]] member. For a bit-field, the
  /// bytes its bits touch.
  uint64_t Size = 0;
  uint64_t Align = 1;
  uint64_t BitOffset = 0; ///< from the start of the record, bit-fields only
  uint64_t BitWidth = 0;  ///< bit-fields only
  EntryKind Kind = EntryKind::Field;
  unsigned Line = 0;
  bool IsBitField = false;
  bool IsPrimaryBase = false;
  bool IsEmpty = false;           ///< an empty class (base or member)
  bool IsNoUniqueAddress = false; ///< [[no_unique_address]] member
};

/// Unused bytes: between two entries (after Entries[AfterEntry]) or, with
/// AfterEntry == -1, at the start. Bit-level gaps between bit-fields are
/// counted in Bits; Size is then 0 unless whole bytes are unused.
struct Hole {
  int AfterEntry = -1;
  uint64_t Offset = 0;
  uint64_t Size = 0;
  uint64_t Bits = 0; ///< unused bits in a bit-field unit, not whole bytes
};

/// A member order that needs less padding, and what it gives.
struct ReorderResult {
  /// Field names in the suggested order (bases and ABI pointers stay put).
  std::vector<std::string> FieldOrder;
  uint64_t Size = 0;
};

struct RecordLayout {
  std::string Name;          ///< "AttrRow", "vector<int>" for specialisations
  std::string QualifiedName; ///< "ns::AttrRow"
  std::string Kind;          ///< "struct", "class" or "union"
  std::string File;
  uint64_t Size = 0;
  uint64_t DataSize = 0; ///< sizeof without tail padding (Itanium dsize)
  uint64_t Align = 1;
  /// Entries in offset order (the order the ABI places them; for a union,
  /// declaration order, all at offset 0).
  std::vector<LayoutEntry> Entries;
  std::vector<Hole> Holes;
  uint64_t TailPadding = 0;
  /// Every unused byte: holes plus tail padding (whole bytes only).
  uint64_t PaddingBytes = 0;
  /// Cache lines the record spans when it starts on a line boundary.
  uint64_t CacheLines = 0;
  uint64_t CacheLineSize = 64;
  /// The smallest size a reordering of the fields reaches and the order
  /// that reaches it; unset when no order is smaller (or when reordering is
  /// not computed).
  std::optional<ReorderResult> Optimal;
  unsigned Line = 0;
  bool IsPacked = false;
  bool IsUnion = false;
  bool IsDynamic = false; ///< has a vptr somewhere (own or inherited)
};

/// Sum of Hole::Size over all holes (whole bytes between members).
uint64_t holeBytes(const RecordLayout &Layout);

/// Bytes that a better field order would save (0 without Optimal).
uint64_t reorderSavings(const RecordLayout &Layout);

/// Number of entries that are fields.
unsigned fieldCount(const RecordLayout &Layout);

/// The entry named \p Name of kind Field, or null.
const LayoutEntry *findField(const RecordLayout &Layout,
                             const std::string &Name);

} // namespace layout
} // namespace alloc_tidy

#endif
