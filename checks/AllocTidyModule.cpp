//===--- AllocTidyModule.cpp - registers the alloc-* checks ---------------===//

#include "alloc-tidy/Version.h"
#include "checks/AppendConcatenationCheck.h"
#include "checks/ConstantTableCheck.h"
#include "checks/ContainerInLoopCheck.h"
#include "checks/CopiedParameterCheck.h"
#include "checks/DequeAsArrayCheck.h"
#include "checks/LastUseCopyCheck.h"
#include "checks/MissingMoveCheck.h"
#include "checks/PaddingCheck.h"
#include "checks/PerCallBufferCheck.h"
#include "checks/ReserveInLoopCheck.h"
#include "checks/ResetByAssignmentCheck.h"
#include "checks/SmallStringCheck.h"
#include "checks/SmallVectorCheck.h"
#include "checks/StringViewParameterCheck.h"
#include "checks/TemporaryArgumentCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/Version.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#if CLANG_VERSION_MAJOR < 22
// LLVM 22 moved the registry typedef into ClangTidyModule.h.
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif
#include <cstdio>
#include <cstdlib>
#include <string>

namespace clang::tidy::alloc {

class AllocTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<AppendConcatenationCheck>(
        "alloc-append-concatenation");
    Factories.registerCheck<ConstantTableCheck>("alloc-constant-table");
    Factories.registerCheck<ContainerInLoopCheck>("alloc-container-in-loop");
    Factories.registerCheck<CopiedParameterCheck>("alloc-copied-parameter");
    Factories.registerCheck<DequeAsArrayCheck>("alloc-deque-as-array");
    Factories.registerCheck<LastUseCopyCheck>("alloc-last-use-copy");
    Factories.registerCheck<MissingMoveCheck>("alloc-missing-move");
    Factories.registerCheck<PaddingCheck>("alloc-padding");
    Factories.registerCheck<PerCallBufferCheck>("alloc-per-call-buffer");
    Factories.registerCheck<ReserveInLoopCheck>("alloc-reserve-in-loop");
    Factories.registerCheck<ResetByAssignmentCheck>(
        "alloc-reset-by-assignment");
    Factories.registerCheck<SmallStringCheck>("alloc-small-string");
    Factories.registerCheck<SmallVectorCheck>("alloc-small-vector");
    Factories.registerCheck<StringViewParameterCheck>(
        "alloc-string-view-parameter");
    Factories.registerCheck<TemporaryArgumentCheck>("alloc-temporary-argument");
  }
};

namespace {

/// The major version of the clang the module runs in: the one it was built
/// against when linked in, the host's when loaded as a plugin (the symbol
/// resolves to the host's libclang-cpp).
unsigned hostMajorVersion() {
  std::string Full = getClangFullVersion();
  size_t At = Full.find("version ");
  return At == std::string::npos ? CLANG_VERSION_MAJOR
                                 : static_cast<unsigned>(std::strtoul(
                                       Full.c_str() + At + 8, nullptr, 10));
}

/// A plugin built for another release would load, register, and then match
/// nothing, silently. Refuse to register and say why instead.
bool registerModule() {
  unsigned Host = hostMajorVersion();
  if (Host != CLANG_VERSION_MAJOR) {
    // stdio, not llvm::errs(): LLVM's classes differ between releases.
    std::fprintf(stderr,
                 "error: the alloc-tidy plugin was built for clang-tidy %d "
                 "but is loaded into clang-tidy %u, where its checks would "
                 "report nothing; rebuild it with "
                 "-DALLOC_TIDY_LLVM_VERSION=%u, or use alloc-tidy\n",
                 CLANG_VERSION_MAJOR, Host, Host);
    return false;
  }
  // NOLINTNEXTLINE(bugprone-throwing-static-initialization): registry idiom
  static ClangTidyModuleRegistry::Add<AllocTidyModule> Registration(
      "AllocTidyModule", "Checks for allocation-heavy C++.");
  // `clang-tidy --load=PLUGIN --version` and `alloc-tidy --version` say which
  // release the checks were built for; --load comes before --version, so the
  // printer is in place when the option is parsed.
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &OS) { OS << ALLOC_TIDY_VERSION_LINE << "\n"; });
  return true;
}

} // namespace

// Runs when the plugin is loaded and when a front end links the module in.
// NOLINTNEXTLINE(bugprone-throwing-static-initialization): registry idiom
[[maybe_unused]] static const bool Registered = registerModule();

} // namespace clang::tidy::alloc
