//===--- InlineVectorModel.h - the layout of an inline-buffer vector -*- C++ -*-===//
//
// A layout note for "'Row' grows from 32 to 992 bytes when 'Cells' becomes
// boost::container::small_vector<Cell, 120>" needs the new member's type,
// but the class is usually not declared in the translation unit before the
// fix-it adds its header. For the presets whose layout is known, this builds
// a stand-in record with the same members in the same order (the vector's
// header fields, then storage for N elements), which clang lays out for the
// translation unit's target. The unit tests compare the stand-in's size and
// alignment with the real class's for many element types and capacities.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_INLINEVECTORMODEL_H
#define ALLOC_TIDY_LIB_LAYOUT_INLINEVECTORMODEL_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace alloc_tidy {

/// An implicit record laid out like \p Class<\p Element, \p Capacity>
/// (Class is a preset name, e.g. "boost::container::small_vector"), or a
/// null type with \p Why set when there is no model for that class, or the
/// element type has no computable size.
clang::QualType inlineVectorModelType(clang::ASTContext &Ctx,
                                      llvm::StringRef Class,
                                      clang::QualType Element,
                                      uint64_t Capacity, std::string &Why);

} // namespace alloc_tidy

#endif
