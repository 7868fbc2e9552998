//===--- ReservedConcatenation.h - a new string from its pieces -*- C++ -*-===//
//
// 'return "\"" + String(P, N) + "\"";' makes a temporary for String(P, N),
// a result as long as the first two pieces at the first '+' and, once that
// is past the inline buffer, a longer one at the second: three allocations
// where one will do. Reserving the total length in a new string and
// appending the pieces one after another allocates once (or never, within
// the inline buffer). That needs every piece's length before any is
// appended, so each length must be read without evaluating anything twice
// that costs or changes something: a string's size(), a literal's length,
// the count given to a string built from a pointer and a count.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_RESERVEDCONCATENATION_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_RESERVEDCONCATENATION_H

#include "lib/analysis/facts/Concatenations.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace alloc_tidy {

struct ReservedConcatenation {
  /// The total length, as an expression: the lengths read at run time in
  /// the pieces' order, then the constant ones summed ("N + 2").
  std::string Length;
  /// The appends in the pieces' order, each '.append(...)'.
  std::string Appends;
  /// The pieces that are strings built only to be concatenated
  /// ('String(P, N)'): appending what they are built from spares their
  /// allocations too.
  std::vector<const clang::Expr *> Temporaries;
  /// The pieces that are strings built from a literal ('String("...")'):
  /// the plan appends the literal, so what a long one allocated is saved
  /// too.
  std::vector<const clang::Expr *> FromLiterals;
  /// Why there is no plan (empty when there is one).
  std::string NoFix;
};

/// The plan for \p Facts, a concatenation that starts a new string
/// (builtConcatenation).
ReservedConcatenation
planReservedConcatenation(const AppendedConcatenation &Facts,
                          const clang::ASTContext &Ctx);

/// Whether evaluating \p E again gives the same value and costs next to
/// nothing: literals, names, members, arithmetic of them, and size(),
/// length(), data() and c_str() of a standard string.
bool isRereadable(const clang::Expr *E);

} // namespace alloc_tidy

#endif
