//===--- AllocTidyMain.cpp - clang-tidy with the alloc module -------------===//
//
// Stock clang-tidy (every upstream module comes with libclangTidyMain) plus
// the alloc-* checks, linked in statically so no plugin version can mismatch.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"
#include "tools/ResourceDir.h"
#include <string>
#include <vector>

int main(int Argc, const char **Argv) {
  std::string Dir = alloc_tidy::fallbackResourceDir(
      Argv[0], reinterpret_cast<void *>(&main), ALLOC_TIDY_RESOURCE_DIR);
  if (Dir.empty() || alloc_tidy::mentionsResourceDir(Argc, Argv))
    return clang::tidy::clangTidyMain(Argc, Argv);

  // --extra-arg-before keeps a -resource-dir from the compile command last,
  // so a user's own choice still wins.
  std::string Extra = "--extra-arg-before=-resource-dir=" + Dir;
  std::vector<const char *> Args(Argv, Argv + Argc);
  Args.insert(Args.begin() + 1, Extra.c_str());
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size()),
                                    Args.data());
}
