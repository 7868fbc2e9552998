//===--- Concatenations.h - a concatenation appended to a string -*- C++
//-*-===//
//
// 'Out += "- " + Name + " (";' builds a temporary string from its pieces
// (one allocation once it passes the inline buffer, and often a second as
// the temporary grows for the last piece) only to copy it into Out and free
// it. Appending the pieces one after another allocates nothing but Out's
// own growth. The facts here: the pieces in order, what kind each is, the
// '+' that makes each temporary, and what each piece reads, which decides
// whether it may be read after the earlier pieces have been appended.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONCATENATIONS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONCATENATIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// What a piece of a concatenation is, as std::basic_string::append takes
/// it.
enum class PieceKind {
  String,     ///< a basic_string of the target's type: append(S)
  Characters, ///< a pointer to (or an array of) its characters: append(P)
  Character,  ///< one character: append(1, C)
};

/// What evaluating a piece reads, seen from the string appended to.
enum class PieceReads {
  /// Only constants and the function's own non-reference variables (and
  /// value parameters) other than the target's: nothing the target can be.
  OwnValues,
  /// Also objects that existed before the function ran (reference
  /// parameters, members of *this, globals), none through a pointer: the
  /// target can be one of them unless it is a local of its own.
  OutsideValues,
  /// Anything else (a call, a pointer followed, a side effect): it could
  /// read the target or the memory it holds.
  Unknown,
};

struct ConcatenationPiece {
  const clang::Expr *Written = nullptr;
  PieceKind Kind = PieceKind::String;
  PieceReads Reads = PieceReads::Unknown;
  /// It reads characters through a pointer that is not a literal: 'P',
  /// 'Names[I]', 'std::string(P)', 'std::string(P, N)'. Those characters can
  /// be a string's own (a c_str() kept earlier).
  bool ThroughPointer = false;
};

/// 'T += A + B + ...' or 'T.append(A + B + ...)' on a std::basic_string,
/// where the argument is a chain of the standard operator+ of at least two
/// pieces.
struct AppendedConcatenation {
  /// The '+=' or append() call.
  const clang::Expr *Append = nullptr;
  /// T, the string appended to.
  const clang::Expr *Target = nullptr;
  /// The variable T names, directly or as the object whose member it is
  /// (null for a member of *this or an expression through a call).
  const clang::VarDecl *TargetRoot = nullptr;
  /// T is a non-reference local variable (or value parameter) of the
  /// function that no pointer or reference is taken to and no lambda
  /// captures: nothing outside its own uses can read it.
  bool TargetIsPrivate = false;
  std::vector<ConcatenationPiece> Pieces;
  /// The string's character type.
  clang::QualType Character;
  /// The '+' of each operator+ call, left to right: where a temporary is
  /// made.
  std::vector<clang::SourceLocation> Operators;
};

/// The facts of \p Append (a CXXOperatorCallExpr '+=' or a
/// CXXMemberCallExpr 'append' of std::basic_string) when its argument is a
/// concatenation of pieces append() takes directly; nullopt otherwise.
std::optional<AppendedConcatenation>
appendedConcatenation(const clang::Expr &Append, clang::ASTContext &Ctx);

/// The facts of \p Chain, a chain of the standard operator+ of
/// std::basic_string whose result starts a new string (it is returned, or
/// it initializes a variable): no string is appended to, so Target is null
/// and the new string is private. nullopt when \p Chain is not such a chain
/// or a piece is one append() would take differently.
std::optional<AppendedConcatenation>
builtConcatenation(const clang::Expr &Chain, clang::ASTContext &Ctx);

/// Whether \p Target names a local variable of its own (of the function
/// around \p Use): not a reference, not static, not captured, and never
/// handed to anything that could keep it (its address taken, a reference
/// bound to it, a non-const reference parameter).
bool isPrivateLocal(const clang::Expr *Target, const clang::Expr &Use,
                    clang::ASTContext &Ctx);

/// Whether code in \p Body may keep a pointer, iterator or reference into the
/// characters of the string variable \p Var beyond the expression that takes
/// it: a c_str(), data(), begin(), operator[] or other accessor of \p Var
/// whose result is anything but an argument of a standard library call
/// (which copies the characters and keeps nothing). A piece read through
/// such a pointer would see the string's new characters once it is
/// assigned in place.
bool charactersMayBeKept(const clang::VarDecl &Var, const clang::Stmt &Body,
                         clang::ASTContext &Ctx);

/// \p E without the nodes that carry a string prvalue to where it is used:
/// parentheses, implicit casts, temporaries bound or materialized, and the
/// elidable copy or move of C++11 and C++14.
const clang::Expr *carriedValue(const clang::Expr *E);

/// A concatenation passed to a function: 'take(A + B + C)'.
struct ConcatenatedArgument {
  const clang::Expr *Argument = nullptr;
  const clang::ParmVarDecl *Param = nullptr;
};

/// The one argument of \p Call that is a concatenation bound to a
/// 'const S &' parameter of the concatenation's own string type, and that
/// parameter; nulls when there is none or more than one, or the callee is
/// not known (a call through a pointer) or is a member of the string.
ConcatenatedArgument concatenatedArgument(const clang::CallExpr &Call);

/// Whether evaluating the callee of \p Call, or an argument other than
/// \p Argument, can change something.
bool restHasSideEffects(const clang::CallExpr &Call,
                        const clang::Expr *Argument,
                        const clang::ASTContext &Ctx);

/// The standard alias of \p String ("std::string", "std::wstring", ...)
/// when it is a std::basic_string with the default traits and allocator;
/// empty otherwise.
std::string standardStringName(clang::QualType String);

/// The length of the concatenation when every piece is a string literal or
/// a character literal; nullopt when a piece's length is known only at run
/// time.
std::optional<uint64_t> literalLength(const AppendedConcatenation &Facts);

} // namespace alloc_tidy

#endif
