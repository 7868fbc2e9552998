//===--- Reentry.cpp ------------------------------------------------------===//

#include "lib/analysis/facts/Reentry.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <vector>

using namespace clang;

namespace alloc_tidy {
namespace {

/// The most function bodies followed from one member function: past that
/// the answer is "cannot tell".
constexpr unsigned MaxFollowed = 64;

class ReentryWalk : public RecursiveASTVisitor<ReentryWalk> {
public:
  ReentryWalk(const CXXMethodDecl &Method, const CXXRecordDecl *Holder,
              ASTContext &Ctx)
      : Method(Method.getCanonicalDecl()), Class(Method.getParent()),
        Holder(Holder), Ctx(Ctx) {}

  std::string run() {
    if (std::string Why = whyStaticStorageHoldsClass(); !Why.empty())
      return Why;
    follow(Method);
    return drain();
  }

  /// Why the method may run again from \p At, an expression of its own
  /// body, alone: what it calls, followed as run() follows the body.
  std::string runFrom(Expr *At) {
    Why.clear();
    Pending.clear();
    Followed.clear();
    Followed.insert(Method);
    if (auto *Call = dyn_cast<CallExpr>(At))
      VisitCallExpr(Call);
    else if (auto *Construct = dyn_cast<CXXConstructExpr>(At))
      VisitCXXConstructExpr(Construct);
    return drain();
  }

  std::string drain() {
    while (Why.empty() && !Pending.empty()) {
      const FunctionDecl *F = Pending.back();
      Pending.pop_back();
      Current = F;
      TraverseStmt(F->getBody());
    }
    return Why;
  }

  std::string staticStorageReason() const {
    return whyStaticStorageHoldsClass();
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCoroutineBodyStmt(CoroutineBodyStmt *) {
    // Suspended, it lets any other code run before it resumes.
    return reason("it is a coroutine");
  }
  bool VisitCallExpr(CallExpr *Call);
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct);

  // With a buffer kept by another object (Holder), code that deletes or
  // replaces such an object could destroy the buffer while it is in use.
  bool VisitCXXDeleteExpr(CXXDeleteExpr *Delete) {
    if (Holder && Why.empty() &&
        isRelated(Delete->getDestroyedType()->getAsCXXRecordDecl()))
      return reason("it can delete a '" + Holder->getNameAsString() + "'");
    return Why.empty();
  }
  bool VisitBinaryOperator(BinaryOperator *Assign) {
    if (Holder && Why.empty() && Assign->isAssignmentOp() &&
        Assign->getLHS()->getType()->isPointerType() &&
        isRelated(Assign->getLHS()->getType()->getPointeeCXXRecordDecl()))
      return reason("it can point a pointer to another '" +
                    Holder->getNameAsString() + "'");
    return Why.empty();
  }

private:
  bool reason(std::string Text) {
    if (Why.empty())
      Why = std::move(Text);
    return false;
  }
  /// Queues \p F's body; false (with a reason) when it is not in the unit.
  bool follow(const FunctionDecl *F);
  bool isRelated(const CXXRecordDecl *Record) const;
  bool mentionsClass(QualType T, unsigned Depth = 0) const;
  bool reachesObject(llvm::ArrayRef<const Expr *> Operands,
                     QualType Result) const;
  bool whyCallable(const FunctionDecl &Callee,
                   llvm::ArrayRef<const Expr *> Args);
  std::string whyStaticStorageHoldsClass() const;
  std::string name(const FunctionDecl &F) const {
    return "'" + F.getQualifiedNameAsString() + "'";
  }

  const CXXMethodDecl *Method;
  const CXXRecordDecl *Class;
  /// The class of the object that keeps the buffer, when not Class.
  const CXXRecordDecl *Holder;
  ASTContext &Ctx;
  const FunctionDecl *Current = nullptr;
  std::vector<const FunctionDecl *> Pending;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Followed;
  std::string Why;
};

bool ReentryWalk::follow(const FunctionDecl *F) {
  const FunctionDecl *Definition = nullptr;
  if (!F->hasBody(Definition) || !Definition->getBody())
    return reason("it calls " + name(*F) + ", defined in another unit");
  if (!Followed.insert(Definition->getCanonicalDecl()).second)
    return true;
  if (Followed.size() > MaxFollowed)
    return reason("its calls go deeper than the analysis follows");
  Pending.push_back(Definition);
  return true;
}

bool ReentryWalk::isRelated(const CXXRecordDecl *Record) const {
  if (!Record || !Record->hasDefinition())
    return false;
  Record = Record->getDefinition();
  for (const CXXRecordDecl *Own : {Class, Holder}) {
    if (!Own || !Own->hasDefinition())
      continue;
    Own = Own->getDefinition();
    if (Record->getCanonicalDecl() == Own->getCanonicalDecl() ||
        Record->isDerivedFrom(Own) || Own->isDerivedFrom(Record))
      return true;
  }
  return false;
}

/// Whether a value of \p T can lead to an object of the class: the class
/// itself, a pointer, reference or array of it, a template holding one
/// (std::vector<C *>, std::function<void(C &)>), a function taking one.
bool ReentryWalk::mentionsClass(QualType T, unsigned Depth) const {
  if (T.isNull() || Depth > 4)
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  while (T->isPointerType() || T->isArrayType() || T->isMemberPointerType()) {
    if (const auto *Member = T->getAs<MemberPointerType>())
      T = Member->getPointeeType();
    else if (T->isArrayType())
      T = Ctx.getAsArrayType(T)->getElementType();
    else
      T = T->getPointeeType();
    T = T.getCanonicalType();
  }
  if (const auto *Function = T->getAs<FunctionProtoType>()) {
    for (QualType Param : Function->getParamTypes())
      if (mentionsClass(Param, Depth + 1))
        return true;
    return mentionsClass(Function->getReturnType(), Depth + 1);
  }
  const auto *Record = T->getAsCXXRecordDecl();
  if (!Record)
    return false;
  if (isRelated(Record))
    return true;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record))
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      if (Arg.getKind() == TemplateArgument::Type &&
          mentionsClass(Arg.getAsType(), Depth + 1))
        return true;
  return false;
}

/// Whether a call with these operands (object and arguments) or this
/// result hands code an object of the class.
bool ReentryWalk::reachesObject(llvm::ArrayRef<const Expr *> Operands,
                                QualType Result) const {
  for (const Expr *Operand : Operands)
    if (Operand && (isa<CXXThisExpr>(Operand->IgnoreParenImpCasts()) ||
                    mentionsClass(Operand->getType())))
      return true;
  return mentionsClass(Result);
}

/// A standard function that calls what it is given (an algorithm with a
/// function pointer or a std::function) runs code the walk cannot see; a
/// lambda's body is part of the function that defines it, and walked there.
bool ReentryWalk::whyCallable(const FunctionDecl &Callee,
                              llvm::ArrayRef<const Expr *> Args) {
  for (const Expr *Arg : Args) {
    QualType T = Arg->getType().getNonReferenceType();
    if (T->isFunctionPointerType() || T->isFunctionType() ||
        T->isMemberFunctionPointerType())
      return reason("it hands a function pointer to " + name(Callee));
    const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
    if (Record && !Record->isLambda() && Record->hasDefinition() &&
        !isWithinStd(Record))
      for (const CXXMethodDecl *M : Record->methods())
        if (M->getOverloadedOperator() == OO_Call)
          return reason("it hands a callable to " + name(Callee));
    if (Record && isWithinStd(Record) && Record->getIdentifier() &&
        Record->getName().contains("function"))
      return reason("it hands a std::function to " + name(Callee));
  }
  return true;
}

bool ReentryWalk::VisitCallExpr(CallExpr *Call) {
  if (!Why.empty())
    return false;
  if (Call->isTypeDependent())
    return reason("it makes a call a template parameter decides");
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (isa<CXXPseudoDestructorExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    return true;
  if (!Callee)
    return reason("it calls through a pointer or a callable");
  llvm::SmallVector<const Expr *, 4> Operands(Call->arguments());
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    Operands.push_back(Member->getImplicitObjectArgument());
  const auto *M = dyn_cast<CXXMethodDecl>(Callee);
  if (isWithinStd(Callee)) {
    // unique_ptr<Holder>::reset(), operator=, swap, release.
    const Expr *Object = nullptr;
    if (const auto *MemberCall = dyn_cast<CXXMemberCallExpr>(Call))
      Object = MemberCall->getImplicitObjectArgument();
    else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
             Op && M && Op->getNumArgs() > 0)
      Object = Op->getArg(0);
    if (Holder && M && Object && M->getParent()->getIdentifier() &&
        M->getParent()->getName().ends_with("_ptr") && !M->isConst() &&
        mentionsClass(Object->getType()))
      return reason("it can replace the '" + Holder->getNameAsString() +
                    "' a smart pointer holds");
    if (M && M->getParent()->getIdentifier() &&
        M->getParent()->getName().contains("function") &&
        M->getOverloadedOperator() == OO_Call)
      return reason("it calls a std::function");
    return whyCallable(*Callee, Operands);
  }
  if (M && M->getParent()->isLambda())
    return true; // Its body is walked where the lambda is written.
  bool Own = M && isRelated(M->getParent());
  if (!Own && !reachesObject(Operands, Callee->getReturnType()))
    return true;
  if (Callee->getCanonicalDecl() == Method)
    return reason("it calls itself");
  if (M && M->isVirtual() && !M->hasAttr<FinalAttr>() &&
      !M->getParent()->hasAttr<FinalAttr>())
    return reason("it makes a virtual call to " + name(*M));
  return follow(Callee);
}

bool ReentryWalk::VisitCXXConstructExpr(CXXConstructExpr *Construct) {
  if (!Why.empty())
    return false;
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  if (isWithinStd(Ctor) || Ctor->isTrivial())
    return true;
  llvm::SmallVector<const Expr *, 4> Operands(Construct->arguments());
  if (!isRelated(Ctor->getParent()) && !reachesObject(Operands, QualType()))
    return true;
  if (Ctor->isDefaulted() && Ctor->isImplicit())
    return true; // Members' constructors, each one its own call.
  return follow(Ctor);
}

/// A variable of static storage that can hold the object lets any function
/// reach it. Only the unit's own are seen; a static data member or a
/// function-local static (a singleton) is the usual form.
std::string ReentryWalk::whyStaticStorageHoldsClass() const {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    explicit Finder(const ReentryWalk &Walk) : Walk(Walk) {}
    bool TraverseDecl(Decl *D) {
      // The standard library holds no object of the user's classes.
      if (D && !isa<TranslationUnitDecl>(D) &&
          Walk.Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
        return true;
      return RecursiveASTVisitor<Finder>::TraverseDecl(D);
    }
    bool VisitVarDecl(VarDecl *Var) {
      if (Var->hasGlobalStorage() && !Var->isConstexpr() &&
          Walk.mentionsClass(Var->getType()) && Found.empty())
        Found = "the variable '" + Var->getNameAsString() +
                "' of static storage can hold " +
                (Walk.Holder ? std::string("the object")
                             : "a '" + Walk.Class->getNameAsString() + "'");
      return Found.empty();
    }
    const ReentryWalk &Walk;
    std::string Found;
  } F(*this);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

} // namespace

std::string whyMayReenter(const CXXMethodDecl &Method, ASTContext &Ctx,
                          const CXXRecordDecl *Holder) {
  return ReentryWalk(Method, Holder, Ctx).run();
}

namespace {
/// The calls and constructions of a body, in source order (a lambda's
/// where it is written); whether it is a coroutine.
class BodyCalls : public RecursiveASTVisitor<BodyCalls> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *Call) {
    Found.push_back(Call);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    Found.push_back(Construct);
    return true;
  }
  bool VisitCoroutineBodyStmt(CoroutineBodyStmt *) {
    Coroutine = true;
    return true;
  }
  std::vector<Expr *> Found;
  bool Coroutine = false;
};
} // namespace

std::optional<std::vector<ReentryPoint>>
reentryPoints(const CXXMethodDecl &Method, ASTContext &Ctx, std::string &Why) {
  ReentryWalk Walk(Method, nullptr, Ctx);
  Why = Walk.staticStorageReason();
  if (!Why.empty())
    return std::nullopt;
  BodyCalls Calls;
  Calls.TraverseStmt(Method.getBody());
  if (Calls.Coroutine) {
    Why = "it is a coroutine";
    return std::nullopt;
  }
  std::vector<ReentryPoint> Points;
  for (Expr *At : Calls.Found)
    if (std::string Reason = Walk.runFrom(At); !Reason.empty())
      Points.push_back({At, std::move(Reason)});
  return Points;
}

} // namespace alloc_tidy
