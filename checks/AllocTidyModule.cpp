//===--- AllocTidyModule.cpp - registers the alloc-* checks ---------------===//

#include "checks/DequeAsArrayCheck.h"
#include "clang/Basic/Version.h"
#include "clang-tidy/ClangTidyModule.h"
#if CLANG_VERSION_MAJOR < 22
// LLVM 22 moved the registry typedef into ClangTidyModule.h.
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

namespace clang::tidy::alloc {

class AllocTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<DequeAsArrayCheck>("alloc-deque-as-array");
  }
};

// Runs when the plugin is loaded and when a front end links the module in.
// NOLINTBEGIN(bugprone-throwing-static-initialization): the registry idiom
static ClangTidyModuleRegistry::Add<AllocTidyModule>
    Registration("alloc-module", "Checks for allocation-heavy C++.");
// NOLINTEND(bugprone-throwing-static-initialization)

} // namespace clang::tidy::alloc
