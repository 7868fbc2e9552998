//===--- SmallStringCheck.h ------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_SMALLSTRINGCHECK_H
#define ALLOC_TIDY_CHECKS_SMALLSTRINGCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::alloc {

/// Finds std::string objects built from long literals over and over, and string classes that allocate every string however short.
/// For the user-facing documentation see: docs/checks/alloc-small-string.md
class SmallStringCheck : public ClangTidyCheck {
public:
  SmallStringCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
};

} // namespace clang::tidy::alloc

#endif
