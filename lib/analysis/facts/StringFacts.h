//===--- StringFacts.h - what a std::basic_string is built from -*- C++ -*-===//
//
// Facts about std::basic_string types and the expressions that build them:
// which specialisation a type names, its character type, whether it has a
// standard alias, how long a literal it copies is, and which of its members
// and operators a std::basic_string_view offers as well.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_STRINGFACTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_STRINGFACTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/OperatorKinds.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace alloc_tidy {

/// The std::basic_string specialisation \p T names (references and
/// cv-qualifiers aside), or null; also null for a dependent type.
const clang::ClassTemplateSpecializationDecl *basicString(clang::QualType T);

/// The character type of \p String, its first template argument.
clang::QualType
charTypeOf(const clang::ClassTemplateSpecializationDecl &String);

/// Whether the traits and the allocator are std::char_traits and
/// std::allocator, as in the standard aliases.
bool hasStandardArguments(const clang::ClassTemplateSpecializationDecl &String);

/// "string", "wstring", "u8string", "u16string" or "u32string" for a
/// character type with a standard alias; empty for any other type.
llvm::StringRef standardAlias(clang::QualType Char);

/// How a diagnostic names the string type: "std::string", "std::wstring",
/// or the full specialisation when it has its own traits or allocator.
std::string stringTypeName(const clang::ClassTemplateSpecializationDecl &String,
                           const clang::ASTContext &Ctx);

/// Character types a hand-rolled string class stores: char, wchar_t,
/// char8_t, char16_t, char32_t (not the byte types signed and unsigned
/// char).
bool isStringCharacter(clang::QualType T);

/// Whether \p T is "const Char *".
bool isConstCharPointer(clang::QualType T, clang::QualType Char);

/// Code units of \p Literal before its first null character (all of them
/// when it has none).
uint64_t lengthToFirstNull(const clang::StringLiteral &Literal);

/// A string built from a string literal, and how.
struct LiteralInit {
  const clang::StringLiteral *Literal = nullptr;
  /// The argument that spells the characters: the literal, or the macro
  /// that expands to it.
  const clang::Expr *Argument = nullptr;
  /// Characters the string holds: up to the first null character for the
  /// constructor from a pointer, all of them for the "..."s literal.
  uint64_t Length = 0;
  /// Built by operator""s.
  bool FromUserLiteral = false;
  /// Spelled as a temporary: std::string("...") or std::string{"..."}.
  bool ThroughTemporary = false;
};

/// The literal \p E builds a std::basic_string from: through the
/// constructor that takes a pointer to characters (its other arguments
/// defaulted), std::operator""s, or a temporary that spells either.
std::optional<LiteralInit> literalInit(const clang::Expr *E);

/// The constructor call of a string built from its arguments where \p E is
/// written ('std::string(P, N)', 'std::string(N, C)'; not a copy or a move),
/// and its arguments without a defaulted allocator in \p Args; null when
/// \p E is not one.
const clang::CXXConstructExpr *
builtString(const clang::Expr *E,
            llvm::SmallVectorImpl<const clang::Expr *> &Args);

/// Whether std::basic_string_view has a member function \p Name with the
/// meaning and the result type std::basic_string gives it.
bool isStringViewMember(llvm::StringRef Name);

/// Whether std::basic_string_view has the operator \p Op as well
/// (comparisons and stream output).
bool isStringViewOperator(clang::OverloadedOperatorKind Op);

} // namespace alloc_tidy

#endif
