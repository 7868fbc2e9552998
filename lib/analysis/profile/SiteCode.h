//===--- SiteCode.h - what the code at a profile site does ------*- C++ -*-===//
//
// alloc-run --explain names, for each of a profile's busiest sites, the
// finding that removes it or why none does. The profile knows the site's
// line, column, container and function; these facts say what the code
// there does, for the patterns no check changes yet: a container filled by
// a callee through a reference parameter, a copy of a container, a
// temporary container built for an argument, a local container or a member
// grown on every call.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_PROFILE_SITECODE_H
#define ALLOC_TIDY_LIB_ANALYSIS_PROFILE_SITECODE_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// What the code at a site does.
struct SiteCode {
  /// Said for a reader: "filled by a callee through its reference parameter
  /// 'Out' (in 'split')".
  std::string Reason;
  /// The allocation is the memory of what the code makes: a container its
  /// function returns, or one handed to a callee that keeps it. Another
  /// interface could avoid it; no fix-it that keeps the interfaces can.
  bool ResultMemory = false;
};

/// What the code at \p Line and \p Column (0: anywhere on the line) of
/// \p File does to a container of class \p Container (as the profile
/// spells it, "std::vector<std::string, ...>"; empty: any); nullopt when
/// the code there is none of the patterns above or is not found.
std::optional<SiteCode> describeSiteCode(clang::FileID File, unsigned Line,
                                         unsigned Column,
                                         llvm::StringRef Container,
                                         clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
