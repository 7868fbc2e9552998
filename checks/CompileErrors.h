//===--- CompileErrors.h - the unit's own compile errors --------*- C++ -*-===//
//
// Code with compile errors has lost expressions, so the checks stand down on
// it. clangd reports the checks' configuration errors (an invalid option)
// through the compiler's diagnostics engine, before the unit is parsed; the
// engine's "an error occurred" would then silence every alloc-* check for
// one bad option of one check. This tells the two apart.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_CHECKS_COMPILEERRORS_H
#define ALLOC_TIDY_CHECKS_COMPILEERRORS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::alloc {

class CompileErrors {
public:
  /// Called before parsing (from registerPPCallbacks): what is reported so
  /// far is configuration, not code.
  void startParsing(const DiagnosticsEngine &Diags) {
    ConfigurationErrors = Diags.hasUncompilableErrorOccurred();
    ErrorsBefore = Diags.getNumErrors();
  }

  /// Whether the code has errors that make its AST incomplete.
  bool occurred(const DiagnosticsEngine &Diags) const {
    if (!ConfigurationErrors)
      return Diags.hasUncompilableErrorOccurred();
    // The flag was set before parsing; count the errors since (a warning
    // that -Werror upgrades counts too: then the check stands down).
    return Diags.getNumErrors() > ErrorsBefore;
  }

private:
  bool ConfigurationErrors = false;
  unsigned ErrorsBefore = 0;
};

} // namespace clang::tidy::alloc

#endif
