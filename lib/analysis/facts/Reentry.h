//===--- Reentry.h - can a member function run again on its object -*- C++
//-*-===//
//
// A buffer kept in a member between calls of one member function is only
// sound when no call of that function on the same object starts while
// another is still using the buffer: recursion through the class's own
// member functions, a virtual call, a callback, or a function handed the
// object could all do that. These facts follow the calls a member function
// makes (into the unit's definitions, recursively) and say why it could run
// again on its object, or that it cannot.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_REENTRY_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_REENTRY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Why a call of \p Method could call \p Method again on the same object
/// before it returns, said for a reader ("it calls 'parse', defined in
/// another unit"), or empty when it cannot. Followed into every function of
/// the unit that the body calls and that can reach the object: the class's
/// own member functions, and functions given the object or a pointer or
/// reference of its class. A call the analysis cannot follow (through a
/// pointer or a callable, virtual, into another unit with the object) is a
/// reason; so is a variable of static storage that can hold the object.
/// With \p Holder, the buffer is kept by an object of that class that the
/// method reaches (its implementation object): code that can reach either
/// object is followed.
std::string whyMayReenter(const clang::CXXMethodDecl &Method,
                          clang::ASTContext &Ctx,
                          const clang::CXXRecordDecl *Holder = nullptr);

/// An expression of a member function's own body (a call, a construction)
/// from which the function may run again on its object, and why.
struct ReentryPoint {
  const clang::Expr *At = nullptr;
  std::string Why;
};

/// The same question asked expression by expression: the expressions of
/// \p Method's body (lambdas' bodies included, where they are written) from
/// which it may run again, in source order; empty when none can. nullopt,
/// with \p Why set, when the reason is no single expression's (a coroutine,
/// a variable of static storage that can hold the object).
std::optional<std::vector<ReentryPoint>>
reentryPoints(const clang::CXXMethodDecl &Method, clang::ASTContext &Ctx,
              std::string &Why);

} // namespace alloc_tidy

#endif
