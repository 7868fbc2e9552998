//===--- SmallVectorCheck.cpp ---------------------------------------------===//

#include "checks/SmallVectorCheck.h"

namespace clang::tidy::alloc {

SmallVectorCheck::SmallVectorCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context) {}

void SmallVectorCheck::registerMatchers(ast_matchers::MatchFinder *) {}

void SmallVectorCheck::check(const ast_matchers::MatchFinder::MatchResult &) {}

void SmallVectorCheck::storeOptions(ClangTidyOptions::OptionMap &) {}

} // namespace clang::tidy::alloc
