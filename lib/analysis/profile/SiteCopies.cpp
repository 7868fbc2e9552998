//===--- SiteCopies.cpp ---------------------------------------------------===//

#include "lib/analysis/profile/SiteCopies.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// Calls \p Visit on every statement below \p Body, in source order.
void forEachStatementIn(const Stmt *Body,
                        llvm::function_ref<void(const Stmt *)> Visit) {
  if (!Body)
    return;
  Visit(Body);
  for (const Stmt *Child : Body->children())
    forEachStatementIn(Child, Visit);
}

} // namespace

std::string quotedTypeName(QualType T, const ASTContext &Ctx) {
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  return "'" +
         T.getNonReferenceType().getUnqualifiedType().getAsString(Policy) + "'";
}

std::string enclosingFunctionName(const Expr *E, ASTContext &Ctx) {
  const FunctionDecl *F = enclosingFunction(E, Ctx);
  return F ? F->getQualifiedNameAsString() : std::string("?");
}

std::optional<std::string> copyWithItsOwner(const Expr *Source, const Expr *At,
                                            ASTContext &Ctx) {
  const auto *Member = dyn_cast_or_null<MemberExpr>(
      Source ? Source->IgnoreParenImpCasts() : nullptr);
  const auto *Method =
      dyn_cast_or_null<CXXMethodDecl>(enclosingFunction(At, Ctx));
  if (!Member || !Method ||
      isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
    return std::nullopt;
  QualType Base = Member->getBase()->getType();
  if (Member->isArrow())
    Base = Base->getPointeeType();
  const CXXRecordDecl *Owner = Base->getAsCXXRecordDecl();
  if (!Owner ||
      Owner->getCanonicalDecl() != Method->getParent()->getCanonicalDecl())
    return std::nullopt;
  std::string Name = Owner->getNameAsString();
  // A class that declares its copy and no move copies when moved too.
  bool Moves = !Owner->hasDefinition() || Owner->hasMoveConstructor() ||
               Owner->needsImplicitMoveConstructor();
  return "a copy of a " + quotedTypeName(Member->getType(), Ctx) +
         " made when a '" + Name + "' is copied (in '" +
         Method->getQualifiedNameAsString() +
         "', member by member): the copies of '" + Name +
         "' are where to look; " +
         (Moves ? "moving the whole object would not allocate"
                : "'" + Name +
                      "' has no move constructor, so moving it copies "
                      "too until it gets one");
}

std::optional<SiteCode> copyKeptToRestore(const CXXConstructExpr &Copy,
                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Source = Copy.getArg(0);
  const auto *Saved = parentOf(DynTypedNode::create(Copy), Ctx).get<VarDecl>();
  const FunctionDecl *F = enclosingFunction(&Copy, Ctx);
  if (!Saved || !isPlainObject(Source) || !F || !F->getBody())
    return std::nullopt;
  auto IsSaved = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(ignoringStdMove(E));
    return Ref && Ref->getDecl() == Saved;
  };
  auto IsSource = [&](const Expr *E) {
    return sameObject(ignoringStdMove(E), Source);
  };
  // Either way round: a.swap(b), swap(a, b), std::swap(a, b).
  auto Swaps = [&](const Expr *A, const Expr *B) {
    return (IsSaved(A) && IsSource(B)) || (IsSource(A) && IsSaved(B));
  };
  const Stmt *Restore = nullptr;
  forEachStatementIn(F->getBody(), [&](const Stmt *S) {
    if (Restore ||
        SM.isBeforeInTranslationUnit(S->getBeginLoc(), Copy.getEndLoc()))
      return;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      if (Method && Method->getIdentifier() && Method->getName() == "swap" &&
          Member->getNumArgs() == 1 &&
          Swaps(Member->getImplicitObjectArgument(), Member->getArg(0)))
        Restore = S;
    } else if (const auto *Assign = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (isCopyOrMoveAssignment(*Assign) && IsSource(Assign->getArg(0)) &&
          IsSaved(Assign->getArg(1)))
        Restore = S;
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && Callee->getIdentifier() && Callee->getName() == "swap" &&
          Call->getNumArgs() == 2 && Swaps(Call->getArg(0), Call->getArg(1)))
        Restore = S;
    }
  });
  if (!Restore)
    return std::nullopt;
  return SiteCode{
      "a copy of a " + quotedTypeName(Copy.getType(), Ctx) + " (in '" +
          enclosingFunctionName(&Copy, Ctx) + "') kept in '" +
          Saved->getNameAsString() + "' to put back at line " +
          std::to_string(SM.getExpansionLineNumber(Restore->getBeginLoc())) +
          ": the code between may change the original, and the copy is "
          "what undoes that; a move or a reference would not keep it",
      SiteMemory::Result};
}

} // namespace alloc_tidy
