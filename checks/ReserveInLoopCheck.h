//===--- ReserveInLoopCheck.h ---------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_RESERVEINLOOPCHECK_H
#define ALLOC_TIDY_CHECKS_RESERVEINLOOPCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::alloc {

class ReserveInLoopCheck : public ClangTidyCheck {
public:
  ReserveInLoopCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::alloc

#endif
