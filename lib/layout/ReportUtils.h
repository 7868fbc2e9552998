//===--- ReportUtils.h - wording shared by the renderers --------*- C++ -*-===//
//
// The renderers describe the same things (a base, a bit-field, a hole) in
// several formats; these helpers keep the words the same in all of them.
// Internal to lib/layout.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_REPORTUTILS_H
#define ALLOC_TIDY_LIB_LAYOUT_REPORTUTILS_H

#include "lib/layout/LayoutModel.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace alloc_tidy {
namespace layout {

/// The better field order when it makes the record smaller, else null.
const ReorderResult *betterOrder(const RecordLayout &L);
/// The type column: the type as written, or what the ABI pointer is.
std::string entryTypeText(const LayoutEntry &E);
/// The member column: the field name ("flags : 3" for a bit-field), or
/// "<base>", "<primary base>", "<virtual base>" for bases.
std::string entryNameText(const LayoutEntry &E);
/// "bits 128-130" (counted from the start of the record), "bit 5".
std::string bitsText(const LayoutEntry &E);
/// A bit-field's first bit counted from its Offset byte.
uint64_t bitInUnit(const LayoutEntry &E);
/// "struct ns::AttrRow".
std::string recordTitle(const RecordLayout &L);
/// "file.h:12", or empty when the record has no file.
std::string location(const RecordLayout &L);
/// "Itanium C++ ABI" for "itanium", and so on.
std::string abiTitle(llvm::StringRef Abi);
/// Holes grouped by where they are shown: slot 0 before the first entry,
/// slot I + 1 after entry I.
std::vector<std::vector<const Hole *>> holesByEntry(const RecordLayout &L);
/// "1 byte", "3 bytes".
std::string plural(uint64_t N, llvm::StringRef One, llvm::StringRef Many);
/// Sum of Hole::Bits: unused bits between bit-fields.
uint64_t holeBits(const RecordLayout &L);
/// "size: 24, align: 8, members: 3, holes: 1 (4 bytes), padding: ..."
std::string summaryText(const RecordLayout &L);

} // namespace layout
} // namespace alloc_tidy

#endif
