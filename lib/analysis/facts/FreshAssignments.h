//===--- FreshAssignments.h - a container emptied by a new one --*- C++ -*-===//
//
// 'Brackets = std::stack<int>();' empties a container by assigning a new
// one. On libstdc++ a new std::deque allocates its map and first block, and
// its move assignment builds one more empty deque for the object it leaves
// behind: four allocations to get an empty container that already had its
// memory. The facts here: which assignments do that, to what, and whether
// the target can be named twice (a clear() or a loop of pop()s in its
// place).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_FRESHASSIGNMENTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_FRESHASSIGNMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// What the assigned container is.
enum class FreshShape {
  Deque, ///< std::deque: clear() empties it.
  Stack, ///< std::stack over the default deque: pop() from the top.
  Queue, ///< std::queue over the default deque: pop() from the front.
};

/// 'X = T()', 'X = T{}' or 'X = {}' on a standard deque, or a stack or
/// queue over one, on std::allocator.
struct FreshAssignment {
  const clang::CXXOperatorCallExpr *Assign = nullptr;
  /// X, and how it is spelled.
  const clang::Expr *Target = nullptr;
  const clang::Stmt *Statement = nullptr;
  std::string TargetText;
  /// The element type.
  clang::QualType Element;
  FreshShape Shape = FreshShape::Deque;
  /// The assignment is a statement of its own (its value unused), where
  /// another statement can take its place: Statement, the assignment with
  /// the parentheses and conversions around it.
  bool IsStatement = false;
  /// X names a variable, or a member of one or of this, through no call:
  /// naming it twice names the same object and runs nothing.
  bool TargetIsPlain = false;
};

/// The facts of \p Assign when it assigns a new, empty deque-backed
/// container; nullopt for any other assignment.
std::optional<FreshAssignment>
freshDequeAssignment(const clang::CXXOperatorCallExpr &Assign,
                     clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
