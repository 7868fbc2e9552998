//===--- QuickFixFilter.h - one code action per fix -------------*- C++ -*-===//
//
// A client that does not take LSP related information (Neovim configured as
// docs/editors.md says) gets each note of a warning as a diagnostic of its
// own, and clangd answers a code action request for such a note with the
// warning's fix. With the cursor on a line that holds the warning and a note
// (the request's context then names both), the same quick fix is offered
// twice, and applying both garbles the buffer. alloc-clangd passes clangd's
// output through this filter, which drops a code action that repeats an
// earlier one of the same response (the same title, kind and edit or
// command).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_TOOLS_ALLOC_CLANGD_QUICKFIXFILTER_H
#define ALLOC_TIDY_TOOLS_ALLOC_CLANGD_QUICKFIXFILTER_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <thread>

namespace alloc_tidy {

/// \p Message (the JSON of one LSP message) without repeated code actions;
/// \p Message itself when it is no code action response or repeats none.
std::string withoutRepeatedCodeActions(llvm::StringRef Message);

/// The LSP messages in \p Pending that are complete, each filtered, with
/// what is not an LSP message passed as it is; \p Pending keeps the rest
/// (all of it when \p AtEnd).
std::string filterLspOutput(std::string &Pending, bool AtEnd);

/// Routes this process's standard output through filterLspOutput() on a
/// thread of its own until stop(). Does nothing where it cannot (no pipe).
class QuickFixFilter {
public:
  void start();
  /// Flushes what was written, restores the standard output and waits for
  /// the filter to pass on the rest.
  void stop();

private:
  int RealOut = -1;
  int PipeRead = -1;
  std::thread Thread;
};

} // namespace alloc_tidy

#endif
