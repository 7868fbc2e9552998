//===--- AllocationsBeside.h - what else a run of the code allocates -*- C++
//-*-===//
//
// A fix that removes one allocation is worth what that allocation is among
// those the same code makes anyway: a literal turned into a 'static const'
// string saves the whole cost of a loop that builds nothing else, and a
// twelfth of one whose every iteration builds a dozen strings (a code
// generator's text, a report's lines). These facts count, for a site, the
// expressions that make a standard string or container, a 'new' or a
// make_unique in the same run of its loop body (or call of its function),
// on every path that runs the site.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_ALLOCATIONSBESIDE_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_ALLOCATIONSBESIDE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace alloc_tidy {

/// Whether \p E makes a heap object by itself (not by the growth of one)
/// that a 'static const' object would not remove: a 'new', a
/// std::make_unique / make_shared, a standard string or container built
/// with contents that are not all constants (a copy of an lvalue, a count or
/// a list that holds a variable), or a call that returns one by value. A
/// default-constructed or moved-into object, an elided copy, and one that
/// the same kind of fix removes (built from constants only, as
/// isBuiltFromConstants says, or a string rebuilt from another's c_str())
/// count for nothing.
bool makesAllocation(const clang::Expr &E, clang::ASTContext &Ctx);

/// How many expressions that make an allocation (makesAllocation) run with
/// \p Site in one run of \p Scope (a loop's body, or a function's body):
/// those outside \p Site, not under a condition, a nested loop, a lambda or
/// a catch that \p Site is not also under. Unevaluated operands (sizeof,
/// decltype) make nothing.
unsigned countAllocationsBeside(const clang::Stmt &Site,
                                const clang::Stmt &Scope,
                                clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
