//===--- CalleeFills.h - a container filled through a reference -*- C++ -*-===//
//
// A container declared in a loop and handed to a function by non-const
// reference ("split(Line, Words)"), or by pointer ("split(Line, &Words)"),
// is no escape when that function only fills or reads it: it appends,
// resizes, clears, indexes, iterates, or hands it on to another function
// that does only that. Hoisting it then keeps its capacity across
// iterations as for appends in the loop itself. The function's body must
// be in the unit; anything else it does with the container (keeps its
// address, swaps it, moves from it, asks its capacity) is an escape.
// Through a pointer it may also test the pointer against null; storing,
// reassigning, offsetting, comparing or returning the pointer is an escape. A
// call that hands it back to a function whose use is being judged (recursion)
// adds nothing to judge. A function defined in another unit is judged by that
// unit's records (ParameterFills.h), when a whole-program run has them.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_CALLEEFILLS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_CALLEEFILLS_H

#include "lib/analysis/facts/ParameterFills.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// What a callee does with a container it takes by non-const reference or
/// by pointer.
struct CalleeUse {
  /// Whether it may add elements (its growth calls are in Growth).
  bool Fills = false;
  /// The calls that may grow it, in this function and in those it hands the
  /// container on to: where heapcount sees the allocations.
  std::vector<const clang::Expr *> Growth;
  /// The same in functions of other units, as their records give it.
  std::vector<CodeSpan> GrowthElsewhere;
  /// Whether it returns the reference it was given ("T &f(T &Out)"): the
  /// call's result is the container, used where the caller uses it.
  bool ReturnsIt = false;
};

/// Whether member \p Member of a standard container adds, removes or
/// reorders elements in place, or makes room ("push_back", "clear",
/// "operator+=", ...): it changes the container and reads nothing of it.
bool changesContainer(llvm::StringRef Member);

/// Whether nothing uses the value of \p Call (an expression statement, a
/// cast to void).
bool isResultDiscarded(const clang::Expr *Call, clang::ASTContext &Ctx);

/// The use of parameter \p Index of \p Callee, or nullopt with \p Why set
/// when it is more than filling and reading, or cannot be seen. A function
/// without a body in the unit is looked up in \p Elsewhere, if given.
std::optional<CalleeUse>
containerUseByCallee(const clang::FunctionDecl *Callee, unsigned Index,
                     clang::ASTContext &Ctx, std::string &Why,
                     const ParameterFillsElsewhere *Elsewhere = nullptr);

} // namespace alloc_tidy

#endif
