//===--- ElementRefs.h - where references into a container go ---*- C++ -*-===//
//
// A std::deque keeps its elements where they are as it grows at the back; a
// std::vector moves them, and an inline buffer moves them with the object
// that holds it. A reference, pointer, iterator or view into an element that
// outlives the code that took it can therefore break when the container's
// type changes. These follow such references from the access that yields
// them (c[i], c.back(), c.begin(), ...) to where they end up, through local
// variables, members of the element, views, lambdas and structured bindings.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_ELEMENTREFS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_ELEMENTREFS_H

#include "lib/analysis/facts/ContainerUses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CXXForRangeStmt;
class CXXRecordDecl;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace alloc_tidy {

/// Where a reference, pointer or iterator into an element ends up.
enum class ElementRefFate {
  /// Used within the full-expression (read, written, copied out).
  Temporary,
  /// Stored in a local variable (Holder) and used only in the function.
  LocalVariable,
  /// Stored where it outlives the function: a member, a global, another
  /// container, returned by reference or pointer, captured by a lambda that
  /// is kept, or passed on as a pointer or std::ref.
  Escapes,
};

/// How a reference that escapes leaves the function.
enum class EscapeRoute {
  Returned,
  Stored,
  Captured,
  PassedOn,
  /// A local reference held while the function calls a non-const member
  /// function of the object that owns the container, which may grow it.
  HeldAcrossCall,
};

struct ElementRef {
  ElementRefFate Fate = ElementRefFate::Temporary;
  const clang::VarDecl *Holder = nullptr;
  /// Where the reference is kept.
  const clang::Stmt *KeptAt = nullptr;
  /// For Escapes: how.
  EscapeRoute Route = EscapeRoute::Stored;
  /// The Holder holds an iterator, which is not reported (the fate is
  /// Temporary) but whose value can still escape.
  bool HoldsIterator = false;
};

/// Follows the result of \p Access (c[i], c.back(), c.begin(), ...), which
/// yields a reference or iterator into an element, to where it is kept: up
/// to the local variable that holds it (elementRefsOf() follows that one
/// in turn). \p YieldsIterator says whether Access yields an iterator:
/// iterators held only in local variables are not reported, since deque
/// growth invalidates them as well.
ElementRef traceElementRef(const clang::Expr *Access, bool YieldsIterator,
                           clang::ASTContext &Ctx);

/// The places a range-for loop's reference variable ends up, one for each
/// use of it in the body that keeps it.
llvm::SmallVector<ElementRef, 2>
traceRangeForElementRefs(const clang::CXXForRangeStmt *Loop,
                         clang::ASTContext &Ctx);

/// The element references that \p Use (any use of the container) yields,
/// followed to where they are kept: for one held in a local variable, the
/// variable and, when its value escapes (returned, stored, captured), the
/// escape too. Empty for uses that yield none.
llvm::SmallVector<ElementRef, 2> elementRefsOf(const ContainerUse &Use,
                                               clang::ASTContext &Ctx);

/// Whether an element reference kept as \p Kept (by code in \p Function) can
/// still be alive when one of \p Growth (calls that may reallocate the
/// container) runs. Growth in constructors of \p Owner is taken to happen
/// before any other member function hands out references.
bool isKeptAcrossGrowth(const ElementRef &Kept,
                        const clang::FunctionDecl *Function,
                        llvm::ArrayRef<const ContainerUse *> Growth,
                        const clang::CXXRecordDecl *Owner,
                        clang::ASTContext &Ctx);

/// An element reference that leaves the function that took it, whatever
/// the container's growth in this translation unit: what a whole-program
/// decision weighs against growth in other units.
struct ElementEscape {
  EscapeRoute Route = EscapeRoute::Stored;
  const clang::Stmt *At = nullptr;
  const clang::FunctionDecl *Function = nullptr;
};

/// The escape of \p Ref, which \p Use yields: a reference that escapes, or
/// a local one held across a call of a non-const member function of an
/// object of class \p Owner (the data member's class; null for a variable,
/// which has no owner to call); nothing otherwise.
std::optional<ElementEscape> escapeOf(const ElementRef &Ref,
                                      const ContainerUse &Use,
                                      const clang::CXXRecordDecl *Owner,
                                      clang::ASTContext &Ctx);

/// The escapes of the element references that \p Uses yield: references
/// that escape, and local ones held across a call of a non-const member
/// function of an object of class \p Owner (the data member's class; null
/// for a variable, which has no owner to call).
std::vector<ElementEscape> elementEscapes(llvm::ArrayRef<ContainerUse> Uses,
                                          const clang::CXXRecordDecl *Owner,
                                          clang::ASTContext &Ctx);

/// "returns a reference into it", "stores a reference into it", ...: what
/// \p Route does with the container's element, as a verb phrase.
std::string describeEscape(EscapeRoute Route);

/// Whether a variable or return value of type \p T keeps pointing into what
/// initialises it: a reference, a pointer, or a view (a trivially copyable
/// class that holds a pointer, as std::string_view, std::span and
/// std::reference_wrapper do).
bool keepsElementReference(clang::QualType T);

} // namespace alloc_tidy

#endif
