//===--- InlineVectorModel.h - inline-buffer vector layouts ----*- C++ -*-===//
//
// A layout note for "'Row' grows from 32 to 992 bytes when 'Cells' becomes
// boost::container::small_vector<Cell, 120>" needs the new member's type,
// but the class is usually not declared in the translation unit before the
// fix-it adds its header. For the presets whose layout is known, this builds
// a stand-in record with the class's own subobjects (its bases, the vector's
// pointer and sizes, the inline storage with its alignment attributes),
// which clang lays out for the translation unit's target. The unit tests
// compare the stand-in's size and alignment with the real class's for many
// element types and capacities.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_INLINEVECTORMODEL_H
#define ALLOC_TIDY_LIB_LAYOUT_INLINEVECTORMODEL_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace alloc_tidy {

/// An implicit record laid out like \p Class<\p Element, \p Capacity>
/// (Class is a preset name, e.g. "boost::container::small_vector"; a
/// leading "::" is ignored), or a null type with \p Why set (a sentence
/// such as "the layout of absl::InlinedVector is not modelled") when there
/// is no model for that class or target, or the element type has no
/// computable size (incomplete, dependent, not an object type).
///
/// Modelled: boost::container::small_vector as Boost 1.74 lays it out and
/// llvm::SmallVector (LLVM 22; LLVM 19 is the same), for targets with the
/// Itanium C++ ABI (measured on x86-64 and i386 Linux). Boost 1.80 changed
/// small_vector's storage (from then on N elements follow the vector's
/// header, read in Boost.Container's history, not measured), so for some
/// element types and capacities a newer Boost gives other sizes.
///
/// The record is named as the class would be printed,
/// "boost::container::small_vector<Run, 120>", is never added to the
/// translation unit (no lookup finds it), and each call makes a new one.
clang::QualType inlineVectorModelType(clang::ASTContext &Ctx,
                                      llvm::StringRef Class,
                                      clang::QualType Element,
                                      uint64_t Capacity, std::string &Why);

/// How many elements \p Class<\p Element, \p Capacity> holds before it
/// allocates, for the same classes and targets: Capacity for
/// llvm::SmallVector; for Boost 1.74's small_vector what fits in its
/// storage, which is less than Capacity when part of that storage lands in
/// the tail padding of its base: small_vector<int, 3> holds 2 ints,
/// small_vector<short, 7> holds 4. nullopt, with \p Why set, where
/// inlineVectorModelType gives no type.
std::optional<uint64_t> inlineVectorModelCapacity(clang::ASTContext &Ctx,
                                                  llvm::StringRef Class,
                                                  clang::QualType Element,
                                                  uint64_t Capacity,
                                                  std::string &Why);

/// The capacity to write in \p Class<\p Element, N> for it to hold
/// \p Capacity elements inline: the smallest N from Capacity up (at most 64
/// more) that inlineVectorModelCapacity says holds them; Capacity itself
/// for a class the model holds to its word or does not know.
uint64_t inlineVectorCapacityToDeclare(clang::ASTContext &Ctx,
                                       llvm::StringRef Class,
                                       clang::QualType Element,
                                       uint64_t Capacity);

/// Why \p Declared, not \p Capacity, is written for \p Class (\p Spelled:
/// "Class<Element, Capacity>" as the fix-it spells it): "Spelled holds only
/// 2 elements inline (part of its buffer falls in padding); 4 is the
/// smallest capacity that holds 3". nullopt when the class holds Capacity
/// elements, or its layout is not modelled.
std::optional<std::string>
describeCapacityShortfall(clang::ASTContext &Ctx, llvm::StringRef Class,
                          clang::QualType Element, uint64_t Capacity,
                          uint64_t Declared, llvm::StringRef Spelled);

} // namespace alloc_tidy

#endif
