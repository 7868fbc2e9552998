//===--- StringClasses.h - string classes that always allocate -*- C++ -*-===//
//
// Recognises a user's string class that puts every string on the heap: a
// record owning a pointer to characters that its constructors allocate,
// with a length member and no inline buffer.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_STRINGCLASSES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_STRINGCLASSES_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// Whether \p T is a character array, or a record or union that holds one
/// (\p Depth levels of nesting are followed up to 3): storage for a string
/// that does not allocate.
bool hasInlineCharacters(clang::QualType T, unsigned Depth = 0);

/// How \p E (through parentheses, casts and both arms of a ?:) allocates
/// characters: "new[]" for an array new of string characters, "'malloc'",
/// "'strdup'", ... for a call to a C allocation or duplication function;
/// empty if it does not.
std::string allocationKind(const clang::Expr *E);

/// A string class that allocates every string it holds.
struct HeapStringClass {
  /// The pointer member that owns the characters.
  const clang::FieldDecl *Characters = nullptr;
  /// The first allocation of them in a constructor (or in a member
  /// function a constructor calls).
  const clang::Expr *Allocation = nullptr;
  /// allocationKind() of Allocation.
  std::string Kind;
  /// Every allocation of them the constructors make, Allocation first.
  std::vector<const clang::Expr *> Allocations;
  /// The character type, unqualified.
  clang::QualType Char;
};

/// \p Record as a string class that allocates every string, however short:
/// a pointer member to string characters, an integer member (a length), no
/// inline characters, constructors that allocate that one pointer member
/// and take a pointer to const characters or duplicate them. Nullopt for
/// anything else, and for unions, lambdas, templates and their
/// specialisations, unnamed records and the standard library's records.
std::optional<HeapStringClass>
findHeapStringClass(const clang::CXXRecordDecl &Record);

} // namespace alloc_tidy

#endif
