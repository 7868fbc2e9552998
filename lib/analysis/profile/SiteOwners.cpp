//===--- SiteOwners.cpp ---------------------------------------------------===//

#include "lib/analysis/profile/SiteOwners.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/InsertIterators.h"
#include "lib/analysis/profile/SiteCopies.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace alloc_tidy {

bool returnedBy(const VarDecl &Var, const FunctionDecl *F, ASTContext &Ctx) {
  if (Var.isNRVOVariable())
    return true;
  if (!F || !F->hasBody())
    return false;
  bool Returned = false;
  forEachReferenceTo(&Var, F->getBody(), [&](const DeclRefExpr *Ref) {
    const Expr *Child = nullptr;
    DynTypedNode Parent =
        meaningfulParent(Ref, Ctx, Child, Transparency::Value);
    // 'return Var;' that the compiler did not elide copies or moves it
    // into the result: the constructor's argument is the variable.
    if (const auto *Construct = Parent.get<CXXConstructExpr>();
        Construct && Construct->getNumArgs() == 1 &&
        Construct->getConstructor()->isCopyOrMoveConstructor())
      Parent = meaningfulParent(Construct, Ctx, Child, Transparency::Value);
    if (Parent.get<ReturnStmt>())
      Returned |= enclosingFunction(Ref, Ctx) == F;
  });
  return Returned;
}

std::vector<std::string> returnedByEveryCaller(
    const ParmVarDecl &Param, CallIndex &Calls, ASTContext &Ctx,
    llvm::function_ref<const Expr *(const Expr *)> ContainerOf) {
  std::vector<std::string> Returned;
  std::optional<std::vector<const Expr *>> Arguments =
      Calls.argumentsPassedFor(Param);
  if (!Arguments)
    return Returned;
  for (const Expr *Argument : *Arguments) {
    const auto *Grown = dyn_cast_or_null<DeclRefExpr>(ContainerOf(Argument));
    const auto *Var = Grown ? dyn_cast<VarDecl>(Grown->getDecl()) : nullptr;
    const FunctionDecl *Caller = enclosingFunction(Argument, Ctx);
    if (!Var || !Caller || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var) ||
        !returnedBy(*Var, Caller, Ctx))
      return {};
    std::string Name = "'" + Var->getNameAsString() + "' of '" +
                       Caller->getQualifiedNameAsString() + "'";
    if (!llvm::is_contained(Returned, Name))
      Returned.push_back(std::move(Name));
  }
  return Returned;
}

SiteCode returnedThrough(const std::vector<std::string> &Returned,
                         StringRef Verb, const std::string &Through) {
  return SiteCode{"a local container that its function returns (" +
                      llvm::join(Returned, ", ") + "), " + Verb.str() + " " +
                      Through +
                      ": its memory becomes the caller's value; only an "
                      "interface that fills a container the caller keeps "
                      "would reuse it",
                  SiteMemory::Result};
}

std::optional<unsigned> bracedListLength(const Expr *E) {
  const auto *List = dyn_cast<CXXStdInitializerListExpr>(E->IgnoreImplicit());
  const auto *Elements =
      List ? dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit())
           : nullptr;
  if (!Elements)
    return std::nullopt;
  return Elements->getNumInits();
}

SiteCode memberFromList(StringRef How, unsigned Length, const Expr *At,
                        ASTContext &Ctx) {
  std::string Count =
      std::to_string(Length) + (Length == 1 ? " element" : " elements");
  return SiteCode{
      "a member " + How.str() + " a braced list of " + Count + " (in '" +
      enclosingFunctionName(At, Ctx) +
      "'): it allocates whenever the member has less room, as in each new "
      "object; a buffer inside the object for " +
      Count +
      (Length == 1 ? " (a std::optional, when it holds one or none)" : "") +
      " would not allocate"};
}

SiteCode builtByConstructor(const CXXCtorInitializer &Init,
                            const CXXConstructExpr &Construct,
                            ASTContext &Ctx) {
  if (std::optional<unsigned> Length =
          Init.isMemberInitializer() && Construct.getNumArgs() >= 1
              ? bracedListLength(Construct.getArg(0))
              : std::nullopt)
    return memberFromList("built from", *Length, &Construct, Ctx);
  const auto *Ctor =
      dyn_cast_or_null<CXXConstructorDecl>(enclosingFunction(&Construct, Ctx));
  std::string Owner =
      Ctor ? "'" + Ctor->getParent()->getNameAsString() + "'" : "object";
  std::string Part =
      Init.isMemberInitializer()
          ? "the member '" + Init.getMember()->getNameAsString() + "'"
          : "its base " + quotedTypeName(Construct.getType(), Ctx);
  return SiteCode{"the contents of each new " + Owner + " (" + Part +
                      ", built by its constructor): the memory of the "
                      "object the code makes; only another representation "
                      "would avoid it",
                  SiteMemory::Result};
}

} // namespace alloc_tidy
