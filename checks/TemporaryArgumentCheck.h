//===--- TemporaryArgumentCheck.h -------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_TEMPORARYARGUMENTCHECK_H
#define ALLOC_TIDY_CHECKS_TEMPORARYARGUMENTCHECK_H

#include "checks/ColdFunctionsOption.h"
#include "checks/CompileErrors.h"
#include "checks/ProfileOption.h"
#include "checks/StlOption.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "lib/analysis/facts/RebuiltStrings.h"
#include "lib/analysis/facts/Repetition.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::alloc {

/// Finds standard containers and strings built from constants for a const
/// reference parameter on every call, which one 'static const' object built
/// once could serve, and strings rebuilt from another string's c_str() for
/// such a parameter, which the string itself binds without a copy.
/// For the user-facing documentation see:
/// docs/checks/alloc-temporary-argument.md
class TemporaryArgumentCheck : public ClangTidyCheck {
public:
  TemporaryArgumentCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override {
    this->PP = PP;
    Errors.startParsing(PP->getDiagnostics());
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override {
    Profiles.endTranslationUnit();
    NamesTaken.clear();
  }

private:
  /// Whether a string of \p Length characters of \p CharSize bytes
  /// allocates on the library the unit uses (on every library, when it is
  /// not known).
  bool stringAllocates(uint64_t Length, uint64_t CharSize) const;
  /// Where \p Temporary, an argument of \p Callee, is built again and
  /// again; nullopt where the check does not judge the code (a template's
  /// instantiation, a cold function, call or loop).
  std::optional<alloc_tidy::Repetition>
  repeatedPlace(const MaterializeTemporaryExpr &Temporary,
                const FunctionDecl &Callee, ASTContext &Ctx);
  /// The note on the loop that builds \p Temporary on every iteration.
  void noteLoop(alloc_tidy::Repetition &Where,
                const MaterializeTemporaryExpr &Temporary, ASTContext &Ctx);
  void reportRebuiltString(const MaterializeTemporaryExpr &Temporary,
                           const alloc_tidy::RebuiltStringArgument &Facts,
                           ASTContext &Ctx);

  CompileErrors Errors;
  Preprocessor *PP = nullptr;
  StlOption TargetStl;
  ColdFunctionsOption ColdFunctions;
  /// Also report a construction outside any loop, once per call of its
  /// function, without a profile to show the function is hot.
  bool OutsideLoops;
  /// Without a profile, an argument built where this many other
  /// allocations run beside it on every run is not reported (0: no limit).
  uint64_t AllocationsBeside;
  /// Measured savings, cold findings, and the hot functions outside loops.
  ProfileOption Profiles;
  /// The names the fix-its declared, per function, so two never clash.
  llvm::DenseMap<const FunctionDecl *, llvm::StringSet<>> NamesTaken;
};

} // namespace clang::tidy::alloc

#endif
