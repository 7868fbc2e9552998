//===--- SmallVectorCheck.h ------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_SMALLVECTORCHECK_H
#define ALLOC_TIDY_CHECKS_SMALLVECTORCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::alloc {

/// Finds std::vector variables and members whose size is small and bounded, which a vector with an inline buffer (or std::array) holds without a heap allocation.
/// For the user-facing documentation see: docs/checks/alloc-small-vector.md
class SmallVectorCheck : public ClangTidyCheck {
public:
  SmallVectorCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
};

} // namespace clang::tidy::alloc

#endif
