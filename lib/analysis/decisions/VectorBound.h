//===--- VectorBound.h - how many elements a vector can hold ----*- C++ -*-===//
//
// The facts behind alloc-small-vector: whether a std::vector local or data
// member is one the check can follow at all, and, from every use this
// translation unit sees, the most elements it can hold, with the evidence
// for that bound. Nothing here knows about diagnostics; the check turns the
// bound into a warning, notes and fix-its.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_VECTORBOUND_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_VECTORBOUND_H

#include "lib/analysis/decisions/TextEdit.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/InlineVectorClasses.h"
#include "lib/analysis/facts/VectorSizes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

class ConstructorArguments;

/// Why a vector declared as \p D is left alone whatever its uses: in a
/// system header, written by a macro, in a template, static or thread-local,
/// a member of a template, union or lambda; nullopt when it can be followed.
std::optional<std::string>
whyDeclarationIgnored(const clang::ValueDecl &D,
                      const clang::SourceManager &SM);

/// Why the vector type of \p D cannot be replaced: not a specialization,
/// an element type the analysis cannot size (incomplete, dependent, bool),
/// a custom allocator; nullopt when it can. \p Element receives the element
/// type whenever the type has one.
std::optional<std::string> whyTypeIgnored(const clang::ValueDecl &D,
                                          clang::QualType &Element);

/// A note that backs a bound: where the elements come from.
struct SizeEvidence {
  clang::SourceLocation Loc;
  std::string Text;
};

/// The limits of an inline buffer worth suggesting.
struct InlineLimits {
  uint64_t MaxElements = 8;
  uint64_t MaxBytes = 1024;
};

/// The bound of one vector, and what the replacement needs to support.
/// The analysis stops at the first use it cannot follow: the fields filled
/// until then are kept.
struct VectorBound {
  /// Why there is no bound; empty when Capacity is one.
  std::string Silence;
  /// The analysis stopped only because it could not bound the size; a
  /// profile can still show the sizes the vector had at run time.
  bool SizeUnknown = false;
  /// The elements the container must hold inline.
  uint64_t Capacity = 0;
  /// A local's initializer.
  std::optional<InitShape> Init;
  /// A member that grows beyond its constructors' elements under a
  /// condition; the first place it does.
  const clang::Stmt *ConditionalGrowth = nullptr;
  /// The loop a local is declared in.
  const clang::Stmt *DeclLoop = nullptr;
  std::vector<SizeEvidence> Notes;
  /// Member functions the code calls on it, and that subscripts and
  /// range-for loops need.
  llvm::StringSet<> Members;
  llvm::SmallVector<VectorConstruction, 4> Constructions;
  /// A local whose size never changes after construction: std::array.
  bool UseArray = false;
  /// A member whose size comes from a constructor argument.
  bool SizedByArgument = false;
  /// A local filled only by single appends from empty, without reserve():
  /// the growth allocations can be counted.
  bool OnlyAppends = true;
};

/// The bound of local \p Var, a vector of \p Element used as \p Uses: its
/// initial size, plus what each append adds (times the trip counts of the
/// constant loops around it), plus the largest size set.
VectorBound boundOfLocal(const clang::VarDecl &Var, clang::QualType Element,
                         llvm::ArrayRef<ContainerUse> Uses,
                         const InlineLimits &Limits, clang::ASTContext &Ctx);

/// The bound of data member \p Field, a vector of \p Element used as
/// \p Uses: what every constructor defined in this unit gives it, a
/// constant or a constructor argument every construction passes as the
/// same constant (asked of \p Calls, built on first use); other member
/// functions may grow it only under a condition. Capacity stays 0 without
/// a silence when every constructor is defined in another unit.
VectorBound boundOfMember(const clang::FieldDecl &Field,
                          clang::QualType Element,
                          llvm::ArrayRef<ContainerUse> Uses,
                          const InlineLimits &Limits,
                          llvm::function_ref<ConstructorArguments &()> Calls,
                          clang::ASTContext &Ctx);

/// Why the elements of the data member \p Field must not live in an inline
/// buffer: a reference to one leaves the function that takes it (returned,
/// stored, captured by a lambda that is kept), and an inline buffer moves
/// its elements with the object that holds it, where a std::vector's stay
/// put; nothing when none does. \p Uses are its uses.
std::optional<std::string>
inlineElementsEscape(const clang::FieldDecl &Field,
                     llvm::ArrayRef<ContainerUse> Uses, clang::ASTContext &Ctx);

/// The edits that make the initializer \p Init of a vector one of a
/// std::array: "(n)" becomes "{}" (n value-initialized elements), and braces
/// whose elements are braced get one more pair (std::array is an aggregate
/// around a C array: the first inner pair would initialize that array).
std::vector<TextEdit> arrayInitializerEdits(const InitShape &Init);

} // namespace alloc_tidy

#endif
