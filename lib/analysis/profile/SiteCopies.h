//===--- SiteCopies.h - copies at a profile site ----------------*- C++ -*-===//
//
// Part of describeSiteCode (SiteCode.h): the copies of a container whose
// cause lies outside the expression that makes them, a copy of the object
// that holds it, or a copy the function keeps to put back, and the text
// both share with the other descriptions.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_PROFILE_SITECOPIES_H
#define ALLOC_TIDY_LIB_ANALYSIS_PROFILE_SITECOPIES_H

#include "lib/analysis/profile/SiteCode.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// \p T as a reader sees it, in quotes: "'std::vector<int>'".
std::string quotedTypeName(clang::QualType T, const clang::ASTContext &Ctx);

/// The qualified name of the function around \p E; "?" outside one.
std::string enclosingFunctionName(const clang::Expr *E, clang::ASTContext &Ctx);

/// When \p Source, the value a container copy at \p At is made from, is
/// a member of another object of the class whose member function makes
/// the copy (o.m in a copy constructor, an assignment operator or a
/// 'set(const T &o)'), the copy is part of copying that object: the
/// description names the class, whose copies are the ones to look at.
std::optional<std::string> copyWithItsOwner(const clang::Expr *Source,
                                            const clang::Expr *At,
                                            clang::ASTContext &Ctx);

/// A local copy of an object that the function later puts back in its
/// place ('auto Saved = Stack; ... Stack.swap(Saved);', or 'Stack =
/// Saved'): the calls in between may change the object, and the copy is
/// what the code needs to undo that. Neither a move nor a reference keeps
/// it; only another way of undoing would.
std::optional<SiteCode> copyKeptToRestore(const clang::CXXConstructExpr &Copy,
                                          clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
