//===--- Guards.h - the conditions code runs under --------------*- C++ -*-===//
//
// A container declared in a loop and filled only under several conditions
// (inside two ifs, after a chain of `if (...) continue;` filters) is usually
// empty at run time, and an empty std::vector or std::string allocates
// nothing. Counting those conditions separates "filled on every iteration"
// from "filled when a rare case turns up".
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_GUARDS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_GUARDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

namespace alloc_tidy {

/// The conditions, inside \p Scope, that one run of \p Scope may skip
/// \p Site by: each branch of an if, case of a switch, arm of a ?: or
/// right-hand side of && and || that \p Site sits in, and each
/// `if (...) continue;` (or a block ending in continue) before it in an
/// enclosing block. Filters written before \p After (a statement in the
/// same scope, such as the declaration of what \p Site fills) are not
/// counted: they skip \p After too. Loops are not conditions: their bodies
/// run for each element. Zero when \p Site is not inside \p Scope.
unsigned conditionsSkipping(const clang::Stmt &Site, const clang::Stmt &Scope,
                            const clang::Stmt *After, clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
