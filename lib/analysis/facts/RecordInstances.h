//===--- RecordInstances.h - where a unit makes many of a record -*- C++
//-*-===//
//
// Facts over one translation unit about the instances of its records: which
// records are element types of containers and arrays, which are allocated
// with new in a loop or one at a time, which are members of such records;
// and which records use their last field as a variable-length tail
// (&R->Last + N, sizeof(R) + N * sizeof(E) with an array last, offsetof of
// the last field in a size). Only code outside system headers is walked
// (and only the unit's traversal scope, as clangd narrows it).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_RECORDINSTANCES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_RECORDINSTANCES_H

#include "lib/analysis/facts/InstanceEvidence.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace alloc_tidy {

/// One piece of evidence and where the compiler can point at it.
struct LocatedEvidence {
  InstanceEvidence Evidence;
  clang::SourceLocation Loc;
};

class RecordInstances {
public:
  /// Walks the translation unit of \p Ctx (its traversal scope).
  static RecordInstances collect(clang::ASTContext &Ctx);

  /// The places that make instances of \p RD (its definition), in source
  /// order; a by-value member or base of a record with many instances gets
  /// MemberOf evidence.
  std::vector<LocatedEvidence> evidenceFor(const clang::RecordDecl &RD) const;

  /// Why the last field of \p RD must stay last, or empty: a flexible array
  /// member, a trailing array of 0 or 1 elements, or a use of the last field
  /// as the start of a variable-length tail.
  std::string tailReason(const clang::RecordDecl &RD) const;

private:
  llvm::DenseMap<const clang::RecordDecl *, std::vector<LocatedEvidence>>
      Direct;
  llvm::DenseMap<const clang::RecordDecl *, std::vector<LocatedEvidence>>
      Members;
  llvm::DenseMap<const clang::RecordDecl *, std::string> Tails;
  friend class RecordInstancesBuilder;
};

} // namespace alloc_tidy

#endif
