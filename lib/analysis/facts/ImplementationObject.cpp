//===--- ImplementationObject.cpp -----------------------------------------===//

#include "lib/analysis/facts/ImplementationObject.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// The class a member of type \p T points to: a plain pointer to a
/// non-const class, or a std::unique_ptr of one with its default deleter.
const CXXRecordDecl *pointedClass(QualType T) {
  T = T.getCanonicalType();
  QualType Pointee;
  if (T->isPointerType()) {
    Pointee = T->getPointeeType();
  } else if (const auto *Spec =
                 dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                     T->getAsCXXRecordDecl());
             Spec && isWithinStd(Spec) && Spec->getName() == "unique_ptr") {
    const TemplateArgumentList &Args = Spec->getTemplateArgs();
    if (Args.size() != 2 || Args[0].getKind() != TemplateArgument::Type ||
        Args[1].getKind() != TemplateArgument::Type)
      return nullptr;
    const auto *Deleter = Args[1].getAsType()->getAsCXXRecordDecl();
    if (!Deleter || !isWithinStd(Deleter) || !Deleter->getIdentifier() ||
        Deleter->getName() != "default_delete")
      return nullptr;
    Pointee = Args[0].getAsType();
  } else {
    return nullptr;
  }
  if (Pointee.isConstQualified() || Pointee.isVolatileQualified() ||
      Pointee->isArrayType())
    return nullptr;
  return Pointee->getAsCXXRecordDecl();
}

/// The member of \p Class that \p Object, a call's object, reaches through
/// `this`: "Impl" or "this->Impl" for a pointer, "Impl.operator->()" for a
/// std::unique_ptr. \p Named becomes the member expression.
const FieldDecl *pointerMember(const Expr *Object, const CXXRecordDecl &Class,
                               const MemberExpr *&Named) {
  if (!Object)
    return nullptr;
  Object = Object->IgnoreParenImpCasts();
  if (const auto *Arrow = dyn_cast<CXXOperatorCallExpr>(Object)) {
    if (Arrow->getOperator() != OO_Arrow || Arrow->getNumArgs() != 1)
      return nullptr;
    Object = Arrow->getArg(0)->IgnoreParenImpCasts();
  } else if (!Object->getType()->isPointerType()) {
    return nullptr;
  }
  const auto *Member = dyn_cast<MemberExpr>(Object);
  if (!Member || !isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (!Field ||
      Field->getParent()->getCanonicalDecl() != Class.getCanonicalDecl())
    return nullptr;
  Named = Member;
  return Field;
}

/// The statement after \p Decl in the block that holds it.
const Stmt *nextStatement(const DeclStmt &Decl, ASTContext &Ctx) {
  for (const DynTypedNode &Parent : parentsOf(Decl, Ctx)) {
    const auto *Block = Parent.get<CompoundStmt>();
    if (!Block)
      continue;
    for (auto It = Block->body_begin(); It != Block->body_end(); ++It)
      if (*It == &Decl)
        return std::next(It) == Block->body_end() ? nullptr : *std::next(It);
  }
  return nullptr;
}

/// The call that \p S makes whatever happens: "return Call;", "Call;" or
/// "T V = Call;".
const Expr *unconditionalCall(const Stmt *S) {
  const Expr *E = nullptr;
  if (const auto *Return = dyn_cast_or_null<ReturnStmt>(S))
    E = Return->getRetValue();
  else if (const auto *Decl = dyn_cast_or_null<DeclStmt>(S)) {
    const auto *Var = Decl->isSingleDecl()
                          ? dyn_cast<VarDecl>(Decl->getSingleDecl())
                          : nullptr;
    E = Var ? Var->getInit() : nullptr;
  } else {
    E = dyn_cast_or_null<Expr>(S);
  }
  return E ? stripTransparent(E) : nullptr;
}

} // namespace

std::optional<ImplementationObject>
bufferHandedToImplementation(const VarDecl &Var, const DeclStmt &Decl,
                             const CXXMethodDecl &Method, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const CXXRecordDecl &Own = *Method.getParent();
  const Stmt *Body = Method.getBody();
  if (!Body)
    return std::nullopt;
  const FieldDecl *Pointer = nullptr;
  const MemberExpr *FirstNamed = nullptr;
  llvm::SmallPtrSet<const Expr *, 4> Calls;
  bool Other = false;
  forEachReferenceTo(&Var, Body, [&](const DeclRefExpr *Ref) {
    const Expr *Child = nullptr;
    DynTypedNode Parent =
        meaningfulParent(Ref, Ctx, Child, Transparency::Object);
    const auto *Call = Parent.get<CXXMemberCallExpr>();
    const MemberExpr *Named = nullptr;
    const FieldDecl *Field =
        Call ? pointerMember(Call->getImplicitObjectArgument(), Own, Named)
             : nullptr;
    bool AsArgument = Call && llvm::is_contained(Call->arguments(), Child);
    if (!Field || !AsArgument || (Pointer && Field != Pointer)) {
      Other = true;
      return;
    }
    Pointer = Field;
    if (!FirstNamed)
      FirstNamed = Named;
    Calls.insert(Call);
  });
  if (Other || !Pointer)
    return std::nullopt;
  const CXXRecordDecl *Class = pointedClass(Pointer->getType());
  if (!Class || !Class->hasDefinition())
    return std::nullopt;
  Class = Class->getDefinition();
  // A class of its own kind (a list's next node) is the same object again;
  // a template's members are the template's, not this file's.
  if (Class->getCanonicalDecl() == Own.getCanonicalDecl() ||
      Class->isDerivedFrom(&Own) || Own.isDerivedFrom(Class) ||
      isa<ClassTemplateSpecializationDecl>(Class) || Class->isLambda() ||
      !Class->getIdentifier() || Class->isUnion())
    return std::nullopt;
  SourceLocation ClassEnd = Class->getBraceRange().getEnd();
  if (ClassEnd.isInvalid() || ClassEnd.isMacroID() ||
      !SM.isInMainFile(ClassEnd))
    return std::nullopt;
  // The reference to the new member is made where the buffer was declared:
  // the pointer must be dereferenced right after, as the code does now.
  const Expr *Next = unconditionalCall(nextStatement(Decl, Ctx));
  if (!Next || !Calls.contains(Next))
    return std::nullopt;
  const MemberExpr *Named = nullptr;
  pointerMember(cast<CXXMemberCallExpr>(Next)->getImplicitObjectArgument(), Own,
                Named);
  if (!Named || Named->getSourceRange().getBegin().isMacroID() ||
      Named->getSourceRange().getEnd().isMacroID())
    return std::nullopt;
  std::string Text = sourceText(Named->getSourceRange(), Ctx);
  if (Text.empty())
    return std::nullopt;
  return ImplementationObject{Pointer, Class, std::move(Text)};
}

} // namespace alloc_tidy
