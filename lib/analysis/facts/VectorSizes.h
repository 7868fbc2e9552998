//===--- VectorSizes.h - how code sets the size of a vector -----*- C++ -*-===//
//
// The pieces alloc-small-vector bounds a std::vector with: what an
// initializer puts in it, what each member function call does to its size,
// how many times a call runs per run of the code around it, and which other
// uses leave the vector replaceable by one with an inline buffer.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_VECTORSIZES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_VECTORSIZES_H

#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/InlineVectorClasses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <optional>
#include <string>

namespace alloc_tidy {

/// How an initializer builds the vector.
struct InitShape {
  VectorConstruction Form = VectorConstruction::Default;
  /// Elements it holds, when known.
  std::optional<uint64_t> Size;
  /// For Count and CountValue: the count expression.
  const clang::Expr *Count = nullptr;
  /// For InitializerList: the braces.
  const clang::InitListExpr *List = nullptr;
  const clang::CXXConstructExpr *Construct = nullptr;
};

/// The arguments the code wrote (default arguments left out).
unsigned writtenArgs(const clang::CallExpr *Call);

/// The braces of \p E when it is a std::initializer_list built from them.
const clang::InitListExpr *initializerList(const clang::Expr *E);

/// How \p Init (a vector's initializer, a default member initializer or a
/// constructor's member initializer) constructs the vector; nullopt for
/// anything but a constructor call the analysis knows.
std::optional<InitShape> shapeOf(const clang::Expr *Init,
                                 const clang::ASTContext &Ctx);

/// What one member function call does to the size.
struct SizeEffect {
  enum Kind { Read, Append, SetSize, Reserve, Shrink, FromInput } Kind = Read;
  /// Elements appended, or the size set; unknown when Count is set.
  std::optional<uint64_t> N;
  /// A count the analysis could not evaluate.
  const clang::Expr *Count = nullptr;
};

/// What the call \p Use (a UseKind::Call) does to the size.
SizeEffect sizeEffectOf(const ContainerUse &Use, const clang::ASTContext &Ctx);

/// Whether std::array offers member function \p Method with std::vector's
/// meaning.
bool isArrayMember(llvm::StringRef Method);

/// The path from a use up to a scope: the loops and conditions it passes.
struct Placement {
  llvm::SmallVector<const clang::Stmt *, 2> Loops;
  bool Conditional = false;
};

/// The loops and conditions between \p Site and \p Scope (a statement
/// above it), or up to the top of the function when \p Scope is null. A
/// for loop's init and a range-for's range run once: not inside the loop.
Placement placementOf(const clang::Stmt *Site, const clang::Stmt *Scope,
                      clang::ASTContext &Ctx);

/// How many times code placed as \p Where runs per run of its scope: the
/// product of the constant trip counts of its loops; nullopt when a loop's
/// count is not a constant.
std::optional<uint64_t> timesRun(const Placement &Where,
                                 clang::ASTContext &Ctx);

/// Records in \p Members the members of the replacement that a subscript
/// or a range-for loop needs.
void noteMembersUsed(const ContainerUse &Use, llvm::StringSet<> &Members);

/// Why a use stops the analysis: the vector would have to stay a vector,
/// or it may be used where the bound does not hold.
std::string whyNotFollowed(const ContainerUse &Use);

/// The uses every analysis treats alike: subscripts and range-for loops
/// record the members they need, a copy between two objects of the class
/// of \p Field is a copy construction, calls are left to the caller, and
/// any other link or escape stops the analysis; returns why it does.
std::optional<std::string>
followOtherUse(const ContainerUse &Use, const clang::FieldDecl *Field,
               llvm::StringSet<> &Members,
               llvm::SmallVectorImpl<VectorConstruction> &Constructions);

/// Whether "std::array<T, N> A{};" compiles where "std::vector<T> V(N);"
/// does: the elements are copy-list-initialised from {}, which an explicit
/// default constructor refuses.
bool hasImplicitDefaultInit(clang::QualType Element);

/// A constructor's definition in this translation unit (a defaulted one is
/// its own), or null when it is defined elsewhere.
const clang::CXXConstructorDecl *
constructorDefinition(const clang::CXXConstructorDecl *Declared);

/// "Row(int, const char *)": the class and the parameter types.
std::string describeCtor(const clang::CXXConstructorDecl *Ctor,
                         const clang::PrintingPolicy &Policy);

} // namespace alloc_tidy

#endif
