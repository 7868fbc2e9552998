//===--- LayoutBuilder.h - layouts from clang's ASTRecordLayout -*- C++ -*-===//
//
// Turns clang's own record layout (the one the compiler would use for the
// translation unit's target and ABI, Itanium or MSVC) into a RecordLayout:
// the entries in offset order, the holes between them, tail padding, cache
// lines and, on request, the field order that minimises padding.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_LAYOUT_LAYOUTBUILDER_H
#define ALLOC_TIDY_LIB_LAYOUT_LAYOUTBUILDER_H

#include "lib/layout/LayoutModel.h"
#include <optional>

namespace clang {
class ASTContext;
class FieldDecl;
class RecordDecl;
} // namespace clang

namespace alloc_tidy {
namespace layout {

struct LayoutOptions {
  uint64_t CacheLineSize = 64;
  /// Whether to search for a field order with less padding (fills
  /// RecordLayout::Optimal). Costs a few extra layouts of the record.
  bool ComputeOptimal = true;
};

/// The width of bit-field \p F, and whether it is a zero-width one (":0",
/// which only aligns the next bit-field); the same call on every LLVM
/// release alloc-tidy builds against.
unsigned bitFieldWidth(const clang::FieldDecl &F, const clang::ASTContext &Ctx);
bool isZeroWidthBitField(const clang::FieldDecl &F,
                         const clang::ASTContext &Ctx);

/// Whether \p RD is a record whose layout can be computed: a complete,
/// valid definition that is not dependent (a template pattern has no
/// layout; its instantiations do).
bool hasComputableLayout(const clang::RecordDecl &RD);

/// An upper bound on the bytes any field order of \p RD (a record with a
/// computable layout) can save: its size less the least size an order can
/// have (what its fields, its own vtable pointer and its non-virtual bases'
/// data need, rounded up to its alignment). Cheap: no layout of its own,
/// only what clang computes for sizeof.
uint64_t reorderSavingsBound(const clang::RecordDecl &RD,
                             const clang::ASTContext &Ctx);

/// The layout of \p RD for the target and ABI of \p Ctx; nullopt when
/// hasComputableLayout() is false.
std::optional<RecordLayout> computeLayout(const clang::RecordDecl &RD,
                                          clang::ASTContext &Ctx,
                                          const LayoutOptions &Options = {});

} // namespace layout
} // namespace alloc_tidy

#endif
