//===--- DeclReferences.h - the code that names some declarations -*- C++
//-*-===//
//
// A check that decides at the end of a unit, from every use, needs the
// references to its few candidates. Matching every DeclRefExpr, MemberExpr
// and TypeLoc of the unit for them costs every unit, most of which have no
// candidate; this walks the user's code once, only when there are
// candidates, and skips system headers (they cannot name the user's
// variables or aliases).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_DECLREFERENCES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_DECLREFERENCES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace alloc_tidy {

struct DeclReferences {
  /// The DeclRefExprs and MemberExprs that name each declaration asked
  /// for, template instantiations and implicit code included, in the order
  /// of a traversal.
  llvm::DenseMap<const clang::ValueDecl *, std::vector<const clang::Expr *>>
      Refs;
  /// Where each type alias (canonical declaration) whose type is one of the
  /// types asked for is named.
  llvm::DenseMap<const clang::TypedefNameDecl *,
                 std::vector<clang::SourceLocation>>
      AliasUses;
};

/// The references in \p Ctx's unit, outside system headers, to \p Decls, and
/// the uses of type aliases whose canonical type is in \p AliasTypes.
DeclReferences
findDeclReferences(clang::ASTContext &Ctx,
                   const llvm::DenseSet<const clang::ValueDecl *> &Decls,
                   const llvm::DenseSet<const clang::Type *> &AliasTypes);

} // namespace alloc_tidy

#endif
