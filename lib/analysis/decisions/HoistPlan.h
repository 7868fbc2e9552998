//===--- HoistPlan.h - a declaration moved before its loop -------*- C++
//-*-===//
//
// Moving "T v;" from a loop body to just before the loop, with "v.clear();"
// where it was: the text of both edits, or why the hoisted declaration
// could mean something else (a type or name declared in the loop, another
// meaning of the name in the block, a goto, a preprocessor directive) or
// behave differently (elements whose destruction runs user code).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_HOISTPLAN_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_HOISTPLAN_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <string>

namespace alloc_tidy {

struct HoistPlan {
  /// Why there is no fix-it, and where; empty when there is one.
  std::string NoFix;
  clang::SourceLocation NoFixLoc;
  /// The declaration to insert before the loop, with the loop's indent.
  std::string Hoisted;
  /// The declaration in the loop body, to replace with a clear().
  clang::CharSourceRange DeclRange;
};

/// The hoisting of \p Var, declared by \p Decl in the body of \p Loop, a
/// container of \p Element.
HoistPlan planHoist(const clang::VarDecl *Var, const clang::DeclStmt *Decl,
                    const clang::Stmt *Loop, clang::QualType Element,
                    clang::ASTContext &Ctx);

/// Whether destroying a \p T runs no code of the user's: then destroying
/// the elements at the next clear() instead of at the end of the iteration
/// cannot be observed. \p Seen breaks cycles.
bool destroysQuietly(clang::QualType T, const clang::ASTContext &Ctx,
                     llvm::SmallPtrSetImpl<const clang::CXXRecordDecl *> &Seen);

} // namespace alloc_tidy

#endif
