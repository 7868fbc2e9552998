//===--- AllocClangdMain.cpp - clangd with the alloc module ---------------===//
//
// Stock clangd plus the alloc-* checks. clangd builds its clang-tidy checks
// from the module registry, so linking the module in is all it takes; the
// editor then shows our diagnostics and offers our fix-its as code actions.
//
//===----------------------------------------------------------------------===//

#include "tools/ResourceDir.h"
#include <string>
#include <vector>

namespace clang::clangd {
// Defined in libclangdMain; its header is not installed by Debian.
int clangdMain(int Argc, char *Argv[]);
} // namespace clang::clangd

int main(int Argc, char **Argv) {
  const char **ConstArgv = const_cast<const char **>(Argv);
  std::string Dir = alloc_tidy::fallbackResourceDir(
      Argv[0], reinterpret_cast<void *>(&main), ALLOC_TIDY_RESOURCE_DIR);
  if (Dir.empty() || alloc_tidy::mentionsResourceDir(Argc, ConstArgv))
    return clang::clangd::clangdMain(Argc, Argv);

  std::string Flag = "--resource-dir=" + Dir;
  std::vector<char *> Args(Argv, Argv + Argc);
  Args.insert(Args.begin() + 1, Flag.data());
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size() - 1),
                                   Args.data());
}
