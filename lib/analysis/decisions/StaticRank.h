//===--- StaticRank.h - how much a finding is worth without a profile -*- C++
//-*-===//
//
// Without a profile nothing says how often code runs, yet the code itself
// hints at it: a loop inside other loops of its function repeats per element
// of an element, and code in a constructor, a destructor, main() or a
// function named like set-up code usually runs once per object or per run.
// The static rank orders unmeasured findings by those hints (SARIF's
// result.rank), so that the cold-looking ones come last. It is a guess: a
// profile's measured saving replaces it.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_STATICRANK_H
#define ALLOC_TIDY_LIB_ANALYSIS_DECISIONS_STATICRANK_H

#include "lib/analysis/facts/Repetition.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace alloc_tidy {

/// The rank of a finding that carries no static estimate: neither hotter
/// nor colder than usual.
inline constexpr unsigned NeutralStaticRank = 50;

struct StaticEstimate {
  /// The loops of the function (and of the functions around a lambda) that
  /// repeat the site's loop, not counting the site's own loop.
  unsigned OuterLoops = 0;
  /// The function whose calls run the site.
  const clang::FunctionDecl *Function = nullptr;
  /// Why the function looks like it runs once per object or per run ("a
  /// constructor", "main()", ...); empty when it does not.
  std::string SetUp;
  /// How many other allocations each run of the site's loop or function
  /// makes on every path that runs the site (set by the checks that remove
  /// one allocation per run; countAllocationsBeside).
  unsigned AllocationsBeside = 0;

  /// 0 to 100, higher first: NeutralStaticRank, plus 15 per outer loop (at
  /// most two), minus 30 for set-up code, minus 2 per allocation beside (at
  /// most 20).
  unsigned rank() const;
  /// What the rank rests on (SARIF's staticRankReason): "it runs inside 2
  /// loops of 'f'", "'Parser::Parser' is a constructor, which ...".
  std::string describe() const;
};

/// The static estimate of a finding whose allocation repeats with \p Loop
/// (a loop statement), or with the statement \p Loop when it is no loop.
StaticEstimate estimateStatically(const clang::Stmt &Loop,
                                  clang::ASTContext &Ctx);

/// Whether a finding at \p Site that removes one allocation per run of
/// \p Where's loop body (or function) is, without a profile, too small a
/// share of that run's allocations to be worth a change: \p Limit or more
/// other allocations run beside it on every path (countAllocationsBeside);
/// 0 is no limit. Records the count in \p Estimate.
bool isCrowdedSaving(const clang::Stmt &Site, const Repetition &Where,
                     uint64_t Limit, StaticEstimate &Estimate,
                     clang::ASTContext &Ctx);

/// Why \p Function looks like set-up code (empty when it does not): a
/// constructor or destructor, main(), or a name whose first word is init,
/// initialize (initialise), setup (or set up), load or register, in camel or
/// snake case.
std::string setUpReason(const clang::FunctionDecl &Function);

} // namespace alloc_tidy

#endif
