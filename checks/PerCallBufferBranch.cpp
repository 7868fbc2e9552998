//===--- PerCallBufferBranch.cpp ------------------------------------------===//
//
// std::string Msg = "index " + std::to_string(I) + " is out of range";
// if (I >= Size) fail(Msg);
// allocates Msg on every call for an error branch that hardly ever runs.
// Declared and built at the start of that branch, it allocates only when
// the branch runs. The finding is alloc-per-call-buffer's: a buffer made on
// every call that the function did not need to make; like the rest of the
// check it is reported by default only where a profile measured it hot.
//
//===----------------------------------------------------------------------===//

#include "checks/PerCallBufferCheck.h"
#include "lib/analysis/decisions/BranchBuildPlan.h"
#include "lib/analysis/facts/BranchOnlyLocal.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/LoopContainerFills.h"
#include "lib/analysis/profile/ProfileEvidence.h"
#include "clang/AST/ASTContext.h"

using namespace alloc_tidy;

namespace clang::tidy::alloc {

bool PerCallBufferCheck::reportBuiltForOneBranch(const VarDecl &Var,
                                                 ASTContext &Ctx) {
  // Without a profile, only WithoutProfile reports it.
  if ((!Profiles.loaded() && !WithoutProfile) || !Var.hasLocalStorage() ||
      isa<ParmVarDecl>(Var) || Var.getType()->isReferenceType() ||
      Var.getLocation().isMacroID() || Var.getType().isVolatileQualified())
    return false;
  const auto *Function = dyn_cast<FunctionDecl>(Var.getDeclContext());
  if (!Function)
    return false;
  std::optional<BranchOnlyLocal> Local = branchOnlyLocal(Var, Ctx);
  if (!Local || ColdFunctions.isCold(Var))
    return false;
  // Declared empty (or short) and first filled in the branch: nothing is
  // allocated before it.
  if (Local->Builders.empty() && startsWithoutHeapMemory(Var))
    return false;
  // In a loop, a container declared empty and filled is
  // alloc-container-in-loop's to hoist; one fix-it for a declaration.
  bool InLoop = enclosingLoop(Local->Declaration, Ctx) != nullptr;
  if (InLoop && isDefaultConstructed(&Var))
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned BranchLine = SM.getExpansionLineNumber(Local->If->getBeginLoc());
  // The profile's lines are the builders' own: an 'if' on the same line
  // would count what its branch allocates as theirs.
  SourceLocation LastEnd = Local->Builders.empty()
                               ? Local->Declaration->getEndLoc()
                               : Local->Builders.back()->getEndLoc();
  if (SM.getExpansionLineNumber(LastEnd) >= BranchLine)
    return false;
  std::vector<ProfileAnchor> Code{
      ProfileAnchor(Local->Declaration->getSourceRange(), Function)};
  for (const Stmt *Builder : Local->Builders)
    Code.emplace_back(Builder->getSourceRange(), Function);
  std::optional<Measurement> Measured = Profiles.measureAnything(Code, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return true;
  if (!Profiles.isHot(Measured) && !WithoutProfile)
    return true;

  BranchBuildPlan Plan = planBranchBuild(Var, *Local, Ctx);
  StringRef Name = Var.getName();
  {
    auto Diag = diag(Var.getLocation(),
                     "'%0' is built on every %select{call of '%2'|iteration}1, "
                     "allocating, but only the branch at line %3 reads it; "
                     "built inside that branch, it would allocate only when "
                     "the branch runs")
                << Name << InLoop << Function->getNameAsString() << BranchLine;
    if (Plan.NoFix.empty())
      for (const TextEdit &Edit : Plan.Edits)
        Diag << FixItHint::CreateReplacement(Edit.Range, Edit.Text);
  }
  if (std::optional<std::string> Note = Profiles.measuredNote(
          Measured, Var.getLocation(), SM, [&](const Measurement &M) {
            return describeBuiltForOneBranch(Name, M, BranchLine);
          }))
    diag(Var.getLocation(), "%0", DiagnosticIDs::Note) << *Note;
  if (!Plan.NoFix.empty())
    diag(Local->If->getBeginLoc(), "no fix-it: %0", DiagnosticIDs::Note)
        << Plan.NoFix;
  return true;
}

} // namespace clang::tidy::alloc
