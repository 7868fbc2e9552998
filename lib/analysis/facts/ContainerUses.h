//===--- ContainerUses.h - what code does with a container ------*- C++ -*-===//
//
// Questions the alloc-* checks ask about one container variable or data
// member: what does each reference to it do (call which member, pass it
// where, link it to which other container)? Where references to its
// elements go is ElementRefs' question.
//
// Nothing here knows about diagnostics; the checks turn answers into them.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONTAINERUSES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_CONTAINERUSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace alloc_tidy {

enum class UseKind {
  /// A member function call, or the free std::begin/end/size/... form of one;
  /// ContainerUse::Method names it.
  Call,
  /// c[i].
  Subscript,
  /// for (x : c).
  RangeFor,
  /// Captured by a lambda, by copy or by reference. The closure's type
  /// follows the container's, and the uses in the lambda's body are
  /// classified on their own.
  Captured,
  /// An argument to a parameter whose type is deduced from the argument
  /// (a template parameter taken by value or by const reference).
  PassedToTemplate,
  /// A const reference or by-value argument to a parameter whose type names
  /// the container type; changing the container means changing the callee.
  PassedToFixedType,
  /// Swapped with, assigned to or from, compared with, or copied into
  /// another container: both must keep the same type. Other names it.
  Linked,
  /// Anything the analysis does not follow (address taken, bound to a
  /// reference, non-const reference argument, returned, unevaluated, ...).
  Unknown,
};

struct ContainerUse {
  UseKind Kind = UseKind::Unknown;
  /// The DeclRefExpr or MemberExpr that names the container.
  const clang::Expr *Ref = nullptr;
  /// The expression that uses it: the call, subscript or argument; for
  /// RangeFor, the loop statement.
  const clang::Stmt *Site = nullptr;
  /// For Call: the member function's name ("push_back").
  std::string Method;
  /// For Linked: the other container.
  const clang::ValueDecl *Other = nullptr;
  /// For PassedToFixedType: the callee.
  const clang::FunctionDecl *Callee = nullptr;
  /// The function whose body holds the use (null at namespace scope).
  const clang::FunctionDecl *Function = nullptr;
  /// For Unknown: a short phrase saying what the use is.
  std::string Why;
};

/// Classifies one reference (a DeclRefExpr or MemberExpr) to a container.
ContainerUse classifyContainerUse(const clang::Expr *Ref,
                                  clang::ASTContext &Ctx);

/// The declaration a container reference names: the VarDecl or FieldDecl
/// of a DeclRefExpr or MemberExpr, else null.
const clang::ValueDecl *referencedContainer(const clang::Expr *E);

/// A call of capacity() on \p Container (a VarDecl or FieldDecl) in
/// \p Scope, the first in source order; null when there is none. What it
/// returns depends on how the container grew: a reserve(), or a container
/// kept across iterations, changes it.
const clang::CXXMemberCallExpr *capacityRead(const clang::ValueDecl *Container,
                                             const clang::Stmt *Scope);
/// The same in the whole translation unit (for a data member, which any
/// member function may ask).
const clang::CXXMemberCallExpr *capacityRead(const clang::ValueDecl *Container,
                                             clang::ASTContext &Ctx);

/// The function (or lambda body's function) that holds \p S, or null.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S,
                                             clang::ASTContext &Ctx);

/// Where a container named by code lives, seen from the innermost function,
/// lambda or block whose body holds that code.
enum class ContainerHome {
  /// A variable declared in that body: a new object on every call.
  Local,
  /// A parameter of that function, lambda or block.
  Parameter,
  /// A data member of 'this', named in a member function (not in a lambda
  /// or block inside one).
  Member,
  /// Anything the body reaches from outside: a variable of an enclosing
  /// function captured by reference or by copy, an init-capture, a '__block'
  /// variable, a member through a captured 'this'. It keeps its contents
  /// from one call of the lambda or block to the next.
  Enclosing,
};

/// Where \p Container (a VarDecl or FieldDecl) lives as seen from \p Site.
ContainerHome containerHome(const clang::ValueDecl *Container,
                            const clang::Stmt *Site, clang::ASTContext &Ctx);

/// The innermost loop statement holding \p S within \p Function's body.
const clang::Stmt *enclosingLoop(const clang::Stmt *S, clang::ASTContext &Ctx);

/// The statement \p E belongs to: the outermost expression above it, such as
/// the call in "c.push_back(x);".
const clang::Stmt *fullStatementOf(const clang::Expr *E,
                                   clang::ASTContext &Ctx);

/// The statement of a block that holds \p E: fullStatementOf(E), or the
/// declaration statement when that is a variable's initializer.
const clang::Stmt *blockStatementOf(const clang::Expr *E,
                                    clang::ASTContext &Ctx);

/// The statement just before \p S in the block that holds it, or null when
/// \p S is first or not directly in a block.
const clang::Stmt *previousStatement(const clang::Stmt *S,
                                     clang::ASTContext &Ctx);

/// Whether \p Type can be moved or copied into new storage, which a vector
/// needs when it grows.
bool isMoveInsertable(clang::QualType Type);

/// Whether a std::vector of \p Type copies its elements when it grows, as
/// it does for a copyable class without a move constructor that cannot throw
/// (std::move_if_noexcept): a class that declares a copy constructor, copy
/// assignment or destructor but no move constructor (so it has no implicit
/// one), or whose own move constructor is not noexcept. A copy of an element
/// that owns memory allocates, so such a vector can allocate more than the
/// deque it replaces. Only what the class itself declares is judged: an
/// implicit move constructor counts as not throwing.
bool isCopiedOnGrowth(clang::QualType Type);

/// Whether copying a \p Type from a const lvalue (what a growing vector
/// does to the elements isCopiedOnGrowth names) can allocate. It cannot for
/// a scalar, a pointer, a class copied as bytes, a class whose implicit or
/// defaulted copy constructor copies only such members and bases, and a
/// class whose own copy constructor, defined in this unit, calls nothing,
/// allocates nothing and initialises its members and bases without a call
/// (`Entry(const Entry &O) : Seq(O.Seq), Chunk(O.Chunk) {}`). Anything else
/// can, including a copy constructor whose definition this unit does not
/// see.
bool copyMayAllocate(clang::QualType Type);

/// The name of the class that a standard container of type \p Container
/// holds when a vector of it copies its elements as it grows
/// (isCopiedOnGrowth) and a copy may allocate (copyMayAllocate), e.g.
/// "Tree" for std::vector<Tree>; empty otherwise.
std::string elementCopiedOnGrowth(clang::QualType Container);

} // namespace alloc_tidy

#endif
