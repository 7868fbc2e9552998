//===--- StringUses.h - what code does with a std::basic_string -*- C++ -*-===//
//
// Questions alloc-small-string asks about the uses of a string built from a
// literal: does every reference to a local string only read it (so that one
// 'static const' object could serve every call), would a
// std::basic_string_view serve each use as well, and is a temporary string
// passed where a standard overload takes the literal itself?
//
// Nothing here knows about diagnostics; the check turns answers into them.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_STRINGUSES_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_STRINGUSES_H

#include "lib/analysis/facts/TemporaryArguments.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <vector>

namespace alloc_tidy {

/// What one reference to a string does with it.
enum class StringUseKind {
  /// Reads it: a 'static const' object serves it just as well.
  Reads,
  /// Modifies it, or may (a non-const reference).
  Changes,
  /// Moves it or returns it: its allocation is not wasted.
  Keeps,
  /// Something the analysis does not follow (template-dependent, ...).
  Unknown,
};

struct StringUse {
  StringUseKind Kind = StringUseKind::Unknown;
  /// For Reads: whether a std::basic_string_view serves it too.
  bool ViewWorks = false;
};

/// Classifies one reference (a DeclRefExpr) to a std::basic_string
/// variable.
StringUse classifyStringUse(const clang::Expr *Ref, clang::ASTContext &Ctx);

/// The references to \p Var in \p Body, lambdas included, in the order a
/// traversal meets them.
struct VarReferences {
  std::vector<const clang::DeclRefExpr *> Refs;
  /// The first explicit capture of Var by name in a lambda; invalid if
  /// none.
  clang::SourceLocation NamedCapture;
};

VarReferences findVarReferences(const clang::VarDecl &Var,
                                const clang::Stmt &Body);

/// How the references to a local string use it, taken together.
struct LocalStringUses {
  /// Whether every reference only reads the string.
  bool OnlyRead = false;
  /// When OnlyRead: the first reference that a std::basic_string_view does
  /// not serve; null when a view serves them all.
  const clang::DeclRefExpr *NeedsString = nullptr;
  /// The first explicit capture of the string by name; invalid if none.
  clang::SourceLocation NamedCapture;
};

/// Judges the uses of \p Var, a local std::basic_string, in \p Body, the
/// body of the function that declares it.
LocalStringUses judgeLocalStringUses(const clang::VarDecl &Var,
                                     const clang::Stmt &Body,
                                     clang::ASTContext &Ctx);

/// A std::basic_string temporary passed as an argument to a parameter of
/// type const std::basic_string &.
using ConstStringArgument = ConstReferenceArgument;

/// Where \p Temporary is passed as a const std::basic_string & argument of
/// a call, an operator or a constructor; nullopt for any other use (the
/// object of a member call among them).
std::optional<ConstStringArgument>
asConstStringArgument(const clang::Expr &Temporary, clang::ASTContext &Ctx);

/// Whether a standard overload takes a pointer to characters in place of
/// the string \p Argument passes, with the same meaning: the comparisons,
/// + and +=, and the search and comparison members, with another string of
/// type \p String (not itself a temporary built from a literal) on the
/// other side.
bool literalServesInstead(const ConstStringArgument &Argument,
                          const clang::ClassTemplateSpecializationDecl &String);

} // namespace alloc_tidy

#endif
