//===--- PmrLocalPlan.h - a local vector on a stack buffer ------*- C++ -*-===//
//
// A local std::vector that a profile shows small almost always, in code that
// uses no small-vector class, can keep its elements on the stack with the
// standard library alone: a std::pmr::vector whose memory comes from a
// std::pmr::monotonic_buffer_resource over a buffer declared just before
// it. Past the buffer the resource takes memory from the heap, as the vector
// did. The type changes, so the vector must never meet code that names
// std::vector: only its own members (no iterators, no swap or assignment
// from another vector), indexing and range-for. This states the edits, or
// why the rewrite could change what the code means or fail to compile.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_PMRLOCALPLAN_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_PMRLOCALPLAN_H

#include "lib/analysis/decisions/TextEdit.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace alloc_tidy {

struct PmrLocalPlan {
  /// Why there is no rewrite; empty when there is one.
  std::string Why;
  /// The buffer and the resource, inserted before the declaration with its
  /// indent; the type; the resource added to the constructor's arguments.
  std::vector<TextEdit> Edits;
  /// The buffer's size in elements: a vector that grows by doubling to
  /// Capacity asks for less than twice that in all.
  uint64_t BufferElements = 0;
  /// What the buffer holds, for a note.
  std::string Note;
};

/// The rewrite of \p Var, a local std::vector of \p Element (as the
/// declaration spells it, \p ElementBytes each) whose type is written at
/// \p Type and whose references are \p Uses, to keep up to \p Capacity
/// elements on the stack in a buffer of at most \p MaxBufferBytes.
PmrLocalPlan planPmrLocal(const clang::VarDecl &Var,
                          llvm::ArrayRef<ContainerUse> Uses,
                          clang::CharSourceRange Type, llvm::StringRef Element,
                          uint64_t ElementBytes, uint64_t Capacity,
                          uint64_t MaxBufferBytes, clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
