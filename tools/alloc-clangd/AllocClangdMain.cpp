//===--- AllocClangdMain.cpp - clangd with the alloc module ---------------===//
//
// Stock clangd plus the alloc-* checks. clangd builds its clang-tidy checks
// from the module registry, so linking the module in is all it takes; the
// editor then shows our diagnostics and offers our fix-its as code actions.
//
//===----------------------------------------------------------------------===//

#include "alloc-tidy/Version.h"
#include "tools/ResourceDir.h"
#include "tools/alloc-clangd/QuickFixFilter.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <string>
#include <vector>

namespace clang::clangd {
// Defined in libclangdMain; its header is not installed by Debian.
int clangdMain(int Argc, char *Argv[]);
} // namespace clang::clangd

/// clangd replaces LLVM's version printer with its own, so the module's extra
/// line never shows. Add it after clangd's lines (editors read the first one
/// to learn clangd's version): clangd exits from option parsing, and this
/// handler, registered after llvm::outs() exists, runs before outs() is
/// flushed and destroyed.
static void addVersionLineAtExit(int Argc, char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if (Arg == "--")
      break;
    if (Arg == "--version" || Arg == "-version") {
      llvm::outs();
      std::atexit([] { llvm::outs() << ALLOC_TIDY_VERSION_LINE << "\n"; });
      return;
    }
  }
}

/// Whether clangd runs as a language server, writing LSP messages to the
/// standard output (not --check, --help, --version and the like).
static bool servesLsp(int Argc, char **Argv) {
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Name = llvm::StringRef(Argv[I]).ltrim('-');
    if (Name.starts_with("check") || Name.starts_with("help") ||
        Name == "version" || Name.starts_with("print") ||
        Name.starts_with("dump"))
      return false;
  }
  return true;
}

int main(int Argc, char **Argv) {
  addVersionLineAtExit(Argc, Argv);
  const char **ConstArgv = const_cast<const char **>(Argv);
  std::string Dir = alloc_tidy::fallbackResourceDir(
      Argv[0], reinterpret_cast<void *>(&main), ALLOC_TIDY_RESOURCE_DIR);
  std::string Flag = "--resource-dir=" + Dir;
  std::vector<char *> Args(Argv, Argv + Argc);
  if (!Dir.empty() && !alloc_tidy::mentionsResourceDir(Argc, ConstArgv))
    Args.insert(Args.begin() + 1, Flag.data());
  Args.push_back(nullptr);
  // One code action per fix, for the clients that take notes as
  // diagnostics of their own (QuickFixFilter.h).
  alloc_tidy::QuickFixFilter Filter;
  if (servesLsp(Argc, Argv))
    Filter.start();
  int Status =
      clang::clangd::clangdMain(static_cast<int>(Args.size() - 1), Args.data());
  Filter.stop();
  return Status;
}
