//===--- SiteOwners.h - whose memory a profile site grows -------*- C++ -*-===//
//
// Part of describeSiteCode (SiteCode.h): where the memory grown at a site
// ends up. A local that its function returns, or that every caller of a
// filling function returns, is the memory of what the code makes; so is a
// container a constructor builds for its new object. A member given a
// braced list is one that a buffer inside the object could hold.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_PROFILE_SITEOWNERS_H
#define ALLOC_TIDY_LIB_ANALYSIS_PROFILE_SITEOWNERS_H

#include "lib/analysis/facts/InsertIterators.h"
#include "lib/analysis/profile/SiteCode.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Whether a return statement of \p F (not of a lambda in it) returns
/// \p Var itself: the local's memory is then the function's result.
bool returnedBy(const clang::VarDecl &Var, const clang::FunctionDecl *F,
                clang::ASTContext &Ctx);

/// The locals that every call of \p Param's function in the unit passes
/// for \p Param (the container \p ContainerOf finds in the argument) and
/// that their own function returns, each as "'Out' of 'f'"; empty when a
/// call passes anything else, or when the unit does not show every call.
std::vector<std::string> returnedByEveryCaller(
    const clang::ParmVarDecl &Param, CallIndex &Calls, clang::ASTContext &Ctx,
    llvm::function_ref<const clang::Expr *(const clang::Expr *)> ContainerOf);

/// The memory of the callers' returned locals \p Returned, \p Verb
/// ("filled", "sized") \p Through a parameter.
SiteCode returnedThrough(const std::vector<std::string> &Returned,
                         llvm::StringRef Verb, const std::string &Through);

/// The number of elements of \p E when it is a braced list that makes a
/// std::initializer_list; nullopt otherwise.
std::optional<unsigned> bracedListLength(const clang::Expr *E);

/// A member \p How ("assigned", "built from") a braced list of \p Length
/// elements at \p At.
SiteCode memberFromList(llvm::StringRef How, unsigned Length,
                        const clang::Expr *At, clang::ASTContext &Ctx);

/// A container that a constructor's initializer \p Init builds, as a
/// member or as a base, from \p Construct: a member from a braced list, or
/// else the new object's own contents.
SiteCode builtByConstructor(const clang::CXXCtorInitializer &Init,
                            const clang::CXXConstructExpr &Construct,
                            clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
