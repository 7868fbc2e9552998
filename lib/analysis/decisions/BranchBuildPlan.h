//===--- BranchBuildPlan.h - build a local inside its one branch -*- C++
//-*-===//
//
// A local that only one branch of an 'if' reads (facts/BranchOnlyLocal.h)
// can be declared and built at the start of that branch: it then allocates
// only when the branch runs. Moving code changes when it runs, so the plan
// moves only code whose one effect is the local's value (literals, reads of
// locals and parameters, string concatenation, std::to_string, the
// container's own growth), ahead of a condition that cannot change what
// that code reads; otherwise it says why not.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOC_TIDY_DECISIONS_BRANCHBUILDPLAN_H
#define ALLOC_TIDY_DECISIONS_BRANCHBUILDPLAN_H

#include "lib/analysis/decisions/TextEdit.h"
#include "lib/analysis/facts/BranchOnlyLocal.h"
#include <string>
#include <vector>

namespace alloc_tidy {

struct BranchBuildPlan {
  /// Why there is no fix-it; empty when Edits move the code.
  std::string NoFix;
  std::vector<TextEdit> Edits;
};

/// Moving the declaration of \p Var and the statements that build it
/// (\p Local) to the start of the branch that reads it.
BranchBuildPlan planBranchBuild(const clang::VarDecl &Var,
                                const BranchOnlyLocal &Local,
                                clang::ASTContext &Ctx);

} // namespace alloc_tidy

#endif
