//===--- ColdFunctionsOption.h - options ColdFunctions, ColdClasses -*- C++
//-*-===//
//
// The checks stay silent in code that only runs to report an error, to read
// the configuration or to walk the command line: their savings are real but
// not worth a change. Options ColdFunctions and ColdClasses (local or global)
// are the patterns of such functions' names and of the names of classes whose
// member functions are cold; an empty value turns a pattern off.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_COLDFUNCTIONSOPTION_H
#define ALLOC_TIDY_CHECKS_COLDFUNCTIONSOPTION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/ColdCode.h"
#include <string>

namespace clang::tidy::alloc {

class ColdFunctionsOption {
public:
  /// Reads options ColdFunctions and ColdClasses of \p Check (regular
  /// expressions, defaults alloc_tidy::DefaultColdFunctions and
  /// alloc_tidy::DefaultColdClasses). An invalid expression is reported as a
  /// configuration error, and then that pattern names nothing.
  ColdFunctionsOption(ClangTidyCheck &Check,
                      ClangTidyCheck::OptionsView &Options,
                      StringRef CheckName);

  void store(ClangTidyCheck::OptionsView &Options,
             ClangTidyOptions::OptionMap &Opts) const;

  /// Whether \p D is declared in a cold function (or a lambda in one).
  bool isCold(const Decl &D) const;
  /// Whether a call of \p Callee only runs to report an error: a cold
  /// function, a function that does not return, or a constructor of a
  /// class the function pattern names (an error message object).
  bool isColdCall(const FunctionDecl &Callee) const;
  /// Whether \p Loop, which repeats an allocation, is cold: it walks the
  /// command line.
  bool isColdLoop(const Stmt &Loop) const;

private:
  struct Pattern {
    std::string Text;
    /// The process's shared pattern (sharedNamePattern); null when empty or
    /// invalid.
    const alloc_tidy::NamePattern *Compiled = nullptr;
  };
  static Pattern read(ClangTidyCheck &Check,
                      ClangTidyCheck::OptionsView &Options, StringRef CheckName,
                      StringRef Option, StringRef Default);

  Pattern Functions;
  Pattern Classes;
};

} // namespace clang::tidy::alloc

#endif
