//===--- AppendSplit.h - the pieces of a concatenation appended -*- C++ -*-===//
//
// Whether 'T += A + B + C' may become 'T.append(A).append(B).append(C)',
// and its text. The split appends A before B is evaluated: B (and C) must
// not read T, or memory T owns, so that each piece has the value it had when
// all of them were evaluated first. A piece that reads only constants and
// the function's own variables always qualifies; one that reads objects from
// outside the function (a reference parameter, a member of *this) qualifies
// when T is a local that nothing else can reach. The first piece is
// evaluated before anything is appended, as before.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_APPENDSPLIT_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_APPENDSPLIT_H

#include "lib/analysis/facts/Concatenations.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace alloc_tidy {

struct AppendSplit {
  /// The text that replaces the whole '+=' or append() call; empty when
  /// there is none.
  std::string Replacement;
  /// Why there is none (empty when there is one).
  std::string NoFix;
  /// Pieces that are strings built only to be appended ('std::string("...")',
  /// 'std::string(P, N)'): the plan appends what builds them, so each is a
  /// string fewer.
  std::vector<const clang::Expr *> BuiltPieces;
};

AppendSplit planAppendSplit(const AppendedConcatenation &Facts,
                            const clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
