//===--- LoopContainerFills.h - a container refilled in a loop --*- C++
//-*-===//
//
// A vector or string declared in a loop body starts empty on every
// iteration. What kind of container it is as far as allocation goes, and,
// use by use, whether the loop fills it with calls that allocate and
// whether anything takes its buffer away or may keep it.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_LOOPCONTAINERFILLS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_LOOPCONTAINERFILLS_H

#include "lib/analysis/facts/ParameterFills.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// What kind of container the variable is, as far as allocation goes.
struct LoopContainerShape {
  const clang::CXXRecordDecl *Record = nullptr;
  clang::QualType Element;
  bool IsString = false;
  /// Elements held without allocating (a string's inline buffer, a small
  /// vector's N); nullopt when the first element allocates.
  std::optional<uint64_t> InlineElements;
};

/// A use that allocates.
struct ContainerFill {
  const clang::Expr *Site = nullptr;
  /// Always allocates when it runs on the freshly constructed container.
  bool Definite = false;
  /// For a call that fills it through a reference parameter: the growth
  /// calls in the callee, where heapcount sees the allocations.
  std::vector<const clang::Expr *> CalleeGrowth;
  /// The same in functions of other units (ParameterFills.h).
  std::vector<CodeSpan> CalleeGrowthElsewhere;
};

/// The shape of \p Var's container type: a std::basic_string, or a
/// vector-like template whose first argument is the element; nullopt for
/// anything else.
std::optional<LoopContainerShape>
loopContainerShape(const clang::VarDecl *Var, const clang::ASTContext &Ctx);

/// Constructed with no arguments ("T v;", "T v{};", "T v = T();"): any
/// other initial content would be lost by hoisting.
bool isDefaultConstructed(const clang::VarDecl *Var);

/// What the body of \p Loop does with \p Var, declared in it.
struct LoopContainerUses {
  /// The uses that allocate.
  std::vector<ContainerFill> Fills;
  /// Why hoisting would not help or cannot be shown safe; empty if it can.
  std::string Escape;
};

/// Follows every reference to \p Var in the body of \p Loop. A lambda that
/// captures it by reference is an escape. With \p UnboundedStrings, a
/// string counts as filled by appends of unknown length too (by default
/// only contents proven longer than its inline buffer count). A call to a
/// function of another unit is judged by \p Elsewhere's records, if given.
LoopContainerUses
judgeLoopContainerUses(const clang::VarDecl *Var, const clang::Stmt *Loop,
                       const LoopContainerShape &S, bool UnboundedStrings,
                       clang::ASTContext &Ctx,
                       const ParameterFillsElsewhere *Elsewhere = nullptr);

/// The same for \p Var declared outside any loop of a function whose body
/// is \p FunctionBody: what one call does with it. Appends in a loop of the
/// function count as repeated.
LoopContainerUses judgeCallContainerUses(
    const clang::VarDecl *Var, const clang::Stmt *FunctionBody,
    const LoopContainerShape &S, bool UnboundedStrings, clang::ASTContext &Ctx,
    const ParameterFillsElsewhere *Elsewhere = nullptr);

} // namespace alloc_tidy

#endif
