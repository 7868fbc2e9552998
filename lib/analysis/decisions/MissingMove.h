//===--- MissingMove.h - classes whose moves copy ---------------*- C++ -*-===//
//
// A user-declared destructor, copy constructor or copy assignment keeps the
// compiler from declaring a move constructor and a move assignment
// (`~RegEx() = default;` is enough). Every move of such a class then calls
// the copy constructor: a std::vector of it copies its elements each time it
// grows, a temporary pushed into a container is copied, std::move(x) copies
// x. When the class holds a standard container or string, each of those
// copies allocates.
//
// The facts here: which special members suppress the moves, which member
// allocates when copied, where a unit moves an object of the class, whether
// a std::move names a variable that is read afterwards (a real move would
// leave it empty), and the plan of the fix-it: remove a destructor that does
// nothing, or declare the moves (and the copies they would hide) defaulted.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_MISSINGMOVE_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_MISSINGMOVE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// A class whose user-declared special members suppress its implicit move
/// constructor while it stays copyable, and which allocates when copied.
struct SuppressedMove {
  const clang::CXXRecordDecl *Class = nullptr;
  /// The user-declared destructor, copy constructor, copy assignment and
  /// move assignment, in source order.
  llvm::SmallVector<const clang::CXXMethodDecl *, 4> Suppressors;
  /// The member whose copy allocates (directly, or through a member or base
  /// of its own), and its type as written: "m_params",
  /// "std::vector<RegEx>".
  const clang::FieldDecl *Owner = nullptr;
  std::string OwnerType;
};

/// The facts above for \p RD; nullopt when it has a move constructor (or
/// would get one), cannot be copied, or holds nothing that allocates.
std::optional<SuppressedMove> suppressedMove(const clang::CXXRecordDecl &RD,
                                             const clang::ASTContext &Ctx);

/// Where \p Moved, moved (or copied for the last time) at \p Move, may be
/// read again: the first reference to it after \p Move in its function, or
/// \p Move itself when a loop around it does not also hold the variable's
/// declaration (or \p Moved is a member). Invalid when nothing reads it.
clang::SourceLocation readAgainAfterMove(const clang::Expr &Move,
                                         const clang::ValueDecl &Moved,
                                         clang::ASTContext &Ctx);

/// "destructor", "copy constructor", "copy assignment operator", "move
/// assignment operator".
std::string specialMemberName(const clang::CXXMethodDecl &M);

/// A place where a unit moves an object of a class that has no move
/// constructor, so that the object is copied.
struct CopyingMove {
  const clang::CXXRecordDecl *Class = nullptr;
  /// For a Move: the variable it names, when it names one.
  const clang::ValueDecl *MovedFrom = nullptr;
  /// The function called: "push_back".
  std::string Callee;
  enum KindT {
    /// std::move(x), a returned local, or any other xvalue copied.
    Move,
    /// A std::vector of the class grows (push_back, insert, reserve, ...)
    /// and copies its elements into the new buffer.
    Growth,
    /// A temporary bound to a T && parameter of a standard function
    /// (push_back(T{...})), which copies it into place.
    Temporary,
  } Kind = Move;
  clang::SourceLocation Loc;
  /// For a Move of a variable: the first read of it after the move, in the
  /// same function or on the next iteration of a loop around the move; the
  /// move's own location when a loop may read it again.
  clang::SourceLocation ReadAfter;
};

/// \p E copies an object from an xvalue (a CXXConstructExpr of a copy
/// constructor, or a call of a copy assignment operator): the move it
/// stands for. Elidable constructions do not count.
std::optional<CopyingMove> copyingMove(const clang::Expr &E,
                                       clang::ASTContext &Ctx);

/// The moves a call of a standard library function \p Call makes of its
/// arguments' classes: a growing std::vector<T> (Growth), temporaries
/// (Temporary) and std::move(x) (Move) bound to a T && parameter. Any
/// class; the caller keeps those of the classes it reports.
llvm::SmallVector<CopyingMove, 2>
copyingMovesOfCall(const clang::CallExpr &Call, clang::ASTContext &Ctx);

/// The fix-it for a class, or why there is none.
struct MovePlan {
  /// Empty when there is a fix-it; otherwise why not, as a clause:
  /// "its destructor has a body".
  std::string NoFix;
  /// NoFix because a special member is written by hand (a body, or
  /// defaulted outside the class): moves must be written by hand too.
  bool HandWritten = false;
  /// Remove this range (a destructor that does nothing, on its own lines).
  clang::CharSourceRange Removal;
  /// Or insert this text at InsertAt (defaulted moves, and the copies that
  /// declaring them would otherwise delete).
  clang::SourceLocation InsertAt;
  std::string Insertion;
};

/// How to give \p Facts' class its moves without changing what it does.
MovePlan planMove(const SuppressedMove &Facts, const clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
