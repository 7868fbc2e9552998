//===--- SmallStringCheck.cpp ---------------------------------------------===//

#include "checks/SmallStringCheck.h"

namespace clang::tidy::alloc {

SmallStringCheck::SmallStringCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context) {}

void SmallStringCheck::registerMatchers(ast_matchers::MatchFinder *) {}

void SmallStringCheck::check(const ast_matchers::MatchFinder::MatchResult &) {}

void SmallStringCheck::storeOptions(ClangTidyOptions::OptionMap &) {}

} // namespace clang::tidy::alloc
