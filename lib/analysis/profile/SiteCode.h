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

#include "lib/analysis/facts/InsertIterators.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace alloc_tidy {

/// What the memory allocated at a site is for.
enum class SiteMemory {
  /// A container's growth: a buffer kept across calls would reuse it. For
  /// a node-based container the nodes decide instead (one per element).
  Growth,
  /// A whole container made where none was needed: a copy, or a temporary
  /// built for an argument. A move, a reference or a view avoids it, for a
  /// node-based container too.
  Unneeded,
  /// The memory of what the code makes: a container its function returns,
  /// or one handed to a callee that keeps it. Another interface could avoid
  /// it; no fix-it that keeps the interfaces can.
  Result,
};

/// What the code at a site does.
struct SiteCode {
  /// Said for a reader: "filled by a callee through its reference parameter
  /// 'Out' (in 'split')".
  std::string Reason;
  SiteMemory Memory = SiteMemory::Growth;
};

/// The name alloc-run's evidence gives \p Memory: "growth", "unneeded" or
/// "result".
llvm::StringRef siteMemoryName(SiteMemory Memory);

/// What the code at \p Line and \p Column (0: anywhere on the line) of
/// \p File does to a container of class \p Container (as the profile
/// spells it, "std::vector<std::string, ...>"; empty: any); nullopt when
/// the code there is none of the patterns above or is not found. \p Calls,
/// when given, is the unit's calls, found once for all of its sites.
std::optional<SiteCode> describeSiteCode(clang::FileID File, unsigned Line,
                                         unsigned Column,
                                         llvm::StringRef Container,
                                         clang::ASTContext &Ctx,
                                         CallIndex *Calls = nullptr);

} // namespace alloc_tidy

#endif
