//===--- ComparatorParameters.h - callables copying per element -*- C++ -*-===//
//
// auto Cmp = [](Option A, Option B) { return A.Name < B.Name; }; given to a
// std::set<Option, decltype(Cmp)> copies two Options, strings and all, on
// every comparison: a set compares about log2(n) times per insert or
// lookup, std::sort n log2(n) times in all. Taken as const Option &, the
// parameters copy nothing. The facts here: which callables a standard
// container or algorithm calls per element, which of a call operator's
// by-value parameters allocate when copied and are only read, and the
// spelling of the reference that replaces each.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_COMPARATORPARAMETERS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_COMPARATORPARAMETERS_H

#include "lib/analysis/decisions/TextEdit.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace alloc_tidy {

/// The classes of the callables a standard container of \p Container's
/// class calls for the elements it places and looks up: the Compare of
/// set, multiset, map, multimap and priority_queue, the Hash and the
/// equality of the unordered ones. Classes of the standard library
/// (std::less) are left out.
llvm::SmallVector<const clang::CXXRecordDecl *, 2>
elementCallables(const clang::CXXRecordDecl &Container);

/// Whether \p F is declared in namespace std or one nested in it
/// (std::ranges), or in a class of those.
bool isInStandardNamespace(const clang::Decl &F);

/// The class of a callable object that \p Call, a call of a standard
/// library function (an algorithm), is given as an argument; null when
/// none is.
const clang::CXXRecordDecl *callableArgument(const clang::CallExpr &Call);

/// The one call operator (operator()) of \p Callable that is defined in it
/// and is no template; null when there is none, several, or one that is
/// virtual.
const clang::CXXMethodDecl *soleCallOperator(const clang::CXXRecordDecl &C);

/// The parameters of \p CallOperator (defined) taken by value, of a class
/// whose copy allocates (allocatesWhenCopied), that its body only reads:
/// no assignment, no non-const call or reference, no move.
llvm::SmallVector<const clang::ParmVarDecl *, 2>
readOnlyCopiedParameters(const clang::CXXMethodDecl &CallOperator,
                         clang::ASTContext &Ctx);

/// The edits that make \p Parameter ('T P' or 'const T P') a 'const T &P';
/// empty when a macro writes its declaration or it has no name.
llvm::SmallVector<TextEdit, 2>
constReferenceEdits(const clang::ParmVarDecl &Parameter,
                    const clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
