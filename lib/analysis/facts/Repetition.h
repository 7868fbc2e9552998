//===--- Repetition.h - where a construction repeats ------------*- C++ -*-===//
//
// A string built in a function is built again on every call, and on every
// iteration of a loop around it. These functions find the function and the
// innermost loop that repeat a statement, and how often the loop does.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_REPETITION_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_REPETITION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <cstdint>
#include <optional>

namespace alloc_tidy {

/// Where a construction runs again and again.
struct Repetition {
  /// The function whose every call runs the construction.
  const clang::FunctionDecl *Function = nullptr;
  /// The innermost loop that runs it on every iteration, if any.
  const clang::Stmt *Loop = nullptr;
  /// How many times that loop runs it, when the trip count is a constant
  /// (set by countIterations).
  std::optional<uint64_t> Times;
  /// Whether it is a statement of the loop's body, not under a condition
  /// nor skipped by a 'continue' (set by countIterations).
  bool EveryIteration = false;
};

/// Whether \p Child, a child of \p Loop, runs on every iteration: the body,
/// a condition, an increment; not a for loop's init statement nor a
/// range-for's range.
bool repeatsIn(const clang::Stmt *Loop, const clang::Stmt *Child);

/// What one repetition of \p Where runs: the body of its loop, or of its
/// function when no loop repeats it.
const clang::Stmt *repeatedBody(const Repetition &Where);

/// Whether \p Loop is do { ... } while (false): its body runs once.
bool isDoWhileFalse(const clang::Stmt *Loop, const clang::ASTContext &Ctx);

/// Where the construction at \p Site runs again and again: the function
/// (or lambda) that holds it and the innermost loop that repeats it.
/// Nullopt when it runs once: at namespace scope, in the initializer of a
/// static or a parameter, in main() outside a loop; also under a throw (the
/// error path) and in constexpr functions (no static locals there).
std::optional<Repetition> findRepetition(const clang::Stmt &Site,
                                         clang::ASTContext &Ctx);

/// Fills in Where.EveryIteration and Where.Times for \p Statement, the
/// statement that holds the construction; nothing without a loop.
void countIterations(Repetition &Where, const clang::Stmt *Statement,
                     clang::ASTContext &Ctx);

/// Whether \p S, in the body of \p Loop, leaves the loop once it has run:
/// a return holds it, or a break (of this loop), return, throw or goto
/// comes after it in its block, or in a block around it, with nothing
/// before that may continue the loop or jump. A construction there runs at
/// most once per run of the loop, not once per iteration.
bool leavesLoopAfter(const clang::Stmt &S, const clang::Stmt &Loop,
                     clang::ASTContext &Ctx);

/// A call, in the unit, that repeats every call of \p Function: a call of
/// it in a loop, or a call of it in a function that is itself called in a
/// loop (up to \p Depth callers up). Null when the unit shows none; other
/// units may still call it in a loop. A container built in a loop of
/// \p Function starts empty on each of its calls, whatever the loop does.
const clang::CallExpr *callRepeatedByLoop(const clang::FunctionDecl &Function,
                                          clang::ASTContext &Ctx,
                                          unsigned Depth = 3);

} // namespace alloc_tidy

#endif
