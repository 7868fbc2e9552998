//===--- InsertIterators.h - containers grown through insert iterators ----===//
//
// std::back_inserter(V), std::front_inserter(V) and std::inserter(V, It)
// make iterators whose assignments grow V: an algorithm, or a function of
// the project that takes an output iterator, grows the container without
// naming it. These facts find the container behind such an iterator: at
// the call that makes it, and through a function's output iterator
// parameter to what its callers pass.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_INSERTITERATORS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_INSERTITERATORS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <vector>

namespace alloc_tidy {

/// The container type of \p T when \p T (a reference to it included) is
/// std::back_insert_iterator<C>, std::front_insert_iterator<C> or
/// std::insert_iterator<C>; nullopt otherwise.
std::optional<clang::QualType> insertIteratorContainer(clang::QualType T);

/// The container that \p E, an expression that makes an insert iterator,
/// grows: V in std::back_inserter(V), std::front_inserter(V),
/// std::inserter(V, It) and std::back_insert_iterator<C>(V), through
/// parentheses, conversions and copies of the iterator; null otherwise.
const clang::Expr *insertedContainer(const clang::Expr *E);

/// The iterator that an assignment to \p Target writes through, when
/// \p Target is '*Out', '*Out++', '*++Out' or 'Out' itself for an insert
/// iterator Out; null otherwise.
const clang::Expr *insertIteratorWrittenBy(const clang::Expr *Target);

/// Every call of every function in a unit, found in one walk of the unit
/// the first time a parameter is asked about: a profile's sites in one
/// unit can ask about many parameters.
class CallIndex {
public:
  explicit CallIndex(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The arguments that the calls of \p Param's function in the unit pass
  /// for \p Param, leaving out those that pass \p Param itself on (a
  /// recursive call); nullopt when the function is called in another way
  /// (a pointer to it taken, a call through an operator) or when none
  /// calls it.
  std::optional<std::vector<const clang::Expr *>>
  argumentsPassedFor(const clang::ParmVarDecl &Param);

private:
  struct Uses {
    std::vector<const clang::CallExpr *> Calls;
    /// Named other than as a call's callee: a pointer to it, for calls
    /// this unit does not show.
    bool NamedElsewhere = false;
  };
  void build();

  clang::ASTContext &Ctx;
  bool Built = false;
  llvm::DenseMap<const clang::FunctionDecl *, Uses> ByFunction;
};

} // namespace alloc_tidy

#endif
