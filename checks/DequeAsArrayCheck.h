//===--- DequeAsArrayCheck.h ------------------------------------*- C++ -*-===//

#ifndef ALLOC_TIDY_CHECKS_DEQUEASARRAYCHECK_H
#define ALLOC_TIDY_CHECKS_DEQUEASARRAYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::alloc {

/// Finds std::deque (and std::stack over a deque) used as a plain array.
/// For the user-facing documentation see:
/// docs/checks/alloc-deque-as-array.md
class DequeAsArrayCheck : public ClangTidyCheck {
public:
  DequeAsArrayCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::alloc

#endif
