//===--- ColdFunctionsOption.h - option ColdFunctions -----------*- C++ -*-===//
//
// alloc-container-in-loop, alloc-reserve-in-loop and alloc-small-string stay
// silent in functions that only run to report an error: their savings are
// real but not worth a change. Option ColdFunctions (local or global) is the
// pattern of such functions' names; an empty value turns the filter off.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_COLDFUNCTIONSOPTION_H
#define ALLOC_TIDY_CHECKS_COLDFUNCTIONSOPTION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/Support/Regex.h"
#include <optional>
#include <string>

namespace clang::tidy::alloc {

class ColdFunctionsOption {
public:
  /// Reads option ColdFunctions of \p Check (a regular expression, default
  /// alloc_tidy::DefaultColdFunctions). An invalid expression is reported as
  /// a configuration error, and then no name is taken as cold.
  ColdFunctionsOption(ClangTidyCheck &Check,
                      ClangTidyCheck::OptionsView &Options,
                      StringRef CheckName);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;

  /// Whether \p D is declared in a cold function (or a lambda in one).
  bool isCold(const Decl &D) const;
  /// Whether a call of \p Callee only runs to report an error: a cold
  /// function, a function that does not return, or a constructor of a
  /// class the pattern names (an error message object).
  bool isColdCall(const FunctionDecl &Callee) const;

private:
  std::string Pattern;
  std::optional<llvm::Regex> Names;
};

} // namespace clang::tidy::alloc

#endif
