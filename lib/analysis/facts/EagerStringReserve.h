//===--- EagerStringReserve.h - a reserve a string gets anyway ---*- C++
//-*-===//
//
// std::string Text; Text.reserve(20); allocates on every run. Without the
// reserve, the string allocates only once it passes its inline buffer (15
// characters on libstdc++), and that first growth already takes twice the
// inline capacity (30): a reserve of at most that much never saves an
// allocation, and costs one in every run whose string stays short (a
// decoder that gives up after a character or two). The facts here find
// such a reserve, right after the declaration of a local string that
// starts in its inline buffer, in a function that keeps no pointer into
// the string (a pointer taken before a growth would move).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_EAGERSTRINGRESERVE_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_EAGERSTRINGRESERVE_H

#include "lib/analysis/facts/StlFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <cstdint>
#include <optional>

namespace alloc_tidy {

/// A reserve of a local std::string that its growth would give it anyway.
struct EagerStringReserve {
  const clang::VarDecl *String = nullptr;
  /// The call, the whole statement: String.reserve(Requested);
  const clang::CXXMemberCallExpr *Reserve = nullptr;
  uint64_t Requested = 0;
  /// The string's inline capacity on the target library.
  uint64_t InlineCapacity = 0;
};

/// Whether reserving \p Requested characters of a std::string on \p Stl
/// (every known library when Unknown) can save no allocation: more than
/// the inline buffer holds (less does not allocate), and at most what the
/// first growth past it takes (twice the inline capacity on libstdc++ and
/// libc++; MSVC's grows to 31).
bool reserveGrowthGivesAnyway(StlFlavor Stl, uint64_t Requested);

/// The facts of \p Var, a local std::string, when the statement right
/// after its declaration is Var.reserve(K) with a constant K that
/// reserveGrowthGivesAnyway(), Var starts in its inline buffer (declared
/// empty, or from a literal that fits), and the function never asks for
/// its capacity nor takes a pointer, iterator, view or reference into its
/// characters (which a growth without the reserve could move); nullopt
/// otherwise.
std::optional<EagerStringReserve> eagerStringReserve(const clang::VarDecl &Var,
                                                     StlFlavor Stl,
                                                     clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
