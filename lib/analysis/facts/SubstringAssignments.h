//===--- SubstringAssignments.h - a string cut to itself ---*- C++ -*-===//
//
// 'Text = Text.substr(End + 2);' keeps a part of a string by building that
// part as a new string and moving it in: one allocation whenever the part
// passes the inline buffer, and the old buffer freed. Text.assign(Text,
// End + 2) copies the part into the memory Text already has (it is never
// longer), with the same result and the same std::out_of_range when the
// position is past the end. The facts here: which assignments do that, and
// how the replacement is spelled.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_SUBSTRINGASSIGNMENTS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_SUBSTRINGASSIGNMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <string>
#include <vector>

namespace alloc_tidy {

/// 'X = X.substr(P)' or 'X = X.substr(P, N)', X a std::basic_string named
/// the same way on both sides (isPlainObject).
struct SubstringAssignment {
  const clang::CXXOperatorCallExpr *Assign = nullptr;
  const clang::Expr *Target = nullptr;
  const clang::CXXMemberCallExpr *Substr = nullptr;
  /// The variable or data member X names.
  const clang::ValueDecl *Object = nullptr;
  /// X, P and N as written; empty when a macro writes one of them.
  std::string TargetText;
  std::vector<std::string> Arguments;
};

/// The facts of \p Assign when it assigns to a string a substring of
/// itself; nullopt for any other assignment (substr() without arguments,
/// a copy of the whole string, is left alone).
std::optional<SubstringAssignment>
selfSubstringAssignment(const clang::CXXOperatorCallExpr &Assign,
                        clang::ASTContext &Ctx);

/// The call that takes the assignment's place, 'X.assign(X, P)' (with
/// 'X.npos' as the count before C++14, where assign() has no default
/// count); empty when part of it cannot be spelled.
std::string assignReplacement(const SubstringAssignment &Facts,
                              const clang::LangOptions &LangOpts);

} // namespace alloc_tidy

#endif
