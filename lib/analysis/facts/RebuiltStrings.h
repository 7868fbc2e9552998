//===--- RebuiltStrings.h - a string copied through its characters -*- C++
//-*-===//
//
// find(Name.c_str()) for a const std::string & parameter hands the callee
// the characters of Name, from which a temporary std::string is built, read
// and freed: a copy of Name (one allocation once it passes the inline
// buffer) on every call. Name itself binds the same parameter without one.
// The facts here: the string rebuilt, how its characters were taken, and
// whether passing it instead can make the call choose another overload.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_FACTS_REBUILTSTRINGS_H
#define ALLOC_TIDY_LIB_ANALYSIS_FACTS_REBUILTSTRINGS_H

#include "lib/analysis/facts/TemporaryArguments.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// A std::basic_string built from S.c_str() or S.data(), S a string of the
/// same type, for a const reference parameter of that type.
struct RebuiltStringArgument {
  ConstReferenceArgument Call;
  /// The argument as written: S.c_str(), or std::string(S.c_str()).
  const clang::Expr *Argument = nullptr;
  /// S.
  const clang::Expr *Source = nullptr;
  /// "c_str" or "data".
  std::string Accessor;
  /// S is reached through '->': the replacement dereferences it.
  bool ThroughArrow = false;
  /// Why passing S could change the call's meaning; empty when it cannot.
  std::string NoFix;
};

/// The facts of \p Temporary when it is such a rebuilt string; nullopt
/// otherwise.
std::optional<RebuiltStringArgument>
rebuiltStringArgument(const clang::MaterializeTemporaryExpr &Temporary,
                      clang::ASTContext &Ctx);

/// The text that passes S itself: "S", or "*P" for P->c_str(); empty when
/// S cannot be spelled (written by a macro).
std::string spellSource(const RebuiltStringArgument &Facts,
                        const clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
