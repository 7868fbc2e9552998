//===--- BufferReuse.h - a member buffer shared by nested calls -*- C++ -*-===//
//
// A buffer kept in a member is shared by every call of the function on one
// object. A call that starts while another is still using it (recursion,
// a callback) would clear and refill what the outer call is reading, unless
// the outer call is done with the buffer by then, or has not taken it yet:
// every expression from which the function may run again (Reentry.h) comes
// before the buffer's declaration or after its last use in the body, and no
// loop runs such an expression and a use again.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_BUFFERREUSE_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_BUFFERREUSE_H

#include "lib/analysis/facts/Reentry.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace alloc_tidy {

/// Why a call that starts again from one of \p Points could find \p Var
/// (a local of the function whose body is \p Body, not declared in a loop)
/// still in use once it lives in a member, said for a reader; empty when
/// none can: each point ends before \p Var is declared (the nested call is
/// over before this one takes the member) or begins after the end of every
/// use of \p Var, no loop holds a point and a use, and the body has no goto.
std::string whyReentryMeetsBuffer(const clang::VarDecl &Var,
                                  const clang::Stmt &Body,
                                  llvm::ArrayRef<ReentryPoint> Points,
                                  clang::ASTContext &Ctx);

/// Whether \p Point ends before \p Var's declaration begins, outside any
/// lambda or block (one written before the declaration may run after it).
bool reentersBeforeDeclaration(const clang::VarDecl &Var,
                               const ReentryPoint &Point,
                               clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
