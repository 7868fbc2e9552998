//===--- TripCount.h - how many times a loop runs ---------------*- C++ -*-===//
//
// Answers "how many iterations will this loop make, as an expression that can
// be evaluated just before it?" for counted for-loops and range-for loops.
// Used to place reserve(n) in front of a loop that fills a container.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_TRIPCOUNT_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_TRIPCOUNT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>

namespace alloc_tidy {

struct TripCount {
  /// Source text of the count, valid just before the loop and free of side
  /// effects; already clamped at zero when it could be negative.
  std::string Spelling;
  /// The count when it is a constant.
  std::optional<uint64_t> Value;
};

/// The trip count of \p Loop, or nullopt when it cannot be computed before
/// the loop: unknown shape, a bound or counter that the body changes, a range
/// the body modifies, or an early exit (break, return, goto, throw,
/// co_return) out of the loop.
///
/// Shapes: for loops over an integer counter (declared in the loop, assigned
/// in it, or taken as it stands), over iterators (c.begin() to c.end(), or
/// any two pointers or random-access iterators), range-for over arrays,
/// initializer lists and anything with a size(), while and do loops whose
/// body steps the counter in its last statement, and while (n--).
///
/// \p InvariantIn, a statement enclosing \p Loop (an outer loop), asks for a
/// count that also holds throughout it, so that it can be evaluated before
/// InvariantIn: nothing it reads may change or be declared there.
std::optional<TripCount>
computeTripCount(const clang::Stmt *Loop, clang::ASTContext &Ctx,
                 const clang::Stmt *InvariantIn = nullptr);

/// The trip count of \p Loop spelled so that it can be evaluated just before
/// \p From, an earlier statement of the same block: nothing the count reads
/// may be declared or change from From up to the end of Loop. Nullopt when
/// the two are not statements of one block, in that order.
std::optional<TripCount> computeTripCountFrom(const clang::Stmt *Loop,
                                              const clang::Stmt *From,
                                              clang::ASTContext &Ctx);

/// The body of a for, range-for, while or do loop; null for anything else.
const clang::Stmt *loopBody(const clang::Stmt *Loop);

/// Whether \p S runs exactly once per iteration of \p Loop: it is the body,
/// or a statement of the body's block (not nested in a condition or an
/// inner loop).
bool runsOncePerIteration(const clang::Stmt *S, const clang::Stmt *Loop);

/// The 'continue' statements that skip the rest of \p Loop's body (not
/// those of loops nested in it).
llvm::SmallVector<const clang::ContinueStmt *, 2>
ownContinues(const clang::Stmt *Loop);

/// True when \p Loop's body has a statement that leaves the loop early.
bool loopMayExitEarly(const clang::Stmt *Loop);

/// Whether \p S lies in the body of \p Loop (not in its header).
bool isInLoopBody(const clang::Stmt *S, const clang::Stmt *Loop,
                  clang::ASTContext &Ctx);

/// Whether every path through \p S, a statement at the end of a loop body,
/// leaves the loop: break, return, goto, throw or a call that does not
/// return, in both branches of an if.
bool alwaysLeaves(const clang::Stmt *S);

/// Loops whose body runs at most once: do {...} while (false), a constant
/// trip count of 0 or 1, a body that always leaves the loop at its end.
bool runsAtMostOnce(const clang::Stmt *Loop, clang::ASTContext &Ctx);

/// Whether \p Loop runs once per element of a range: a range-for, or a loop
/// whose condition compares with a container's size(), length() or end().
/// Such a count grows with the data; a bare integer bound (a width, an
/// indent, a number of digits) is often small.
bool runsOverARange(const clang::Stmt *Loop);

} // namespace alloc_tidy

#endif
