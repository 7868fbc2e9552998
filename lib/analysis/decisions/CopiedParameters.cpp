//===--- CopiedParameters.cpp - const & parameters copied into storage ----===//

#include "lib/analysis/decisions/CopiedParameters.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/CopyFacts.h"
#include "lib/analysis/facts/StlFacts.h"
#include "lib/analysis/facts/StringFacts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// Finds whether a function returns a given local variable.
class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
public:
  explicit ReturnFinder(const VarDecl &Var) : Var(Var) {}
  bool VisitReturnStmt(ReturnStmt *Return) {
    if (Return->getNRVOCandidate() == &Var)
      Found = true;
    const Expr *E = Return->getRetValue();
    // Through the elided copy or implicit move of 'return V;'.
    while (E) {
      E = E->IgnoreImplicit()->IgnoreParens();
      const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      if (!Construct || Construct->getNumArgs() != 1)
        break;
      E = Construct->getArg(0);
    }
    if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
        Ref && Ref->getDecl() == &Var)
      Found = true;
    return !Found;
  }
  bool shouldVisitLambdaBody() const { return false; }
  bool Found = false;

private:
  const VarDecl &Var;
};

} // namespace

/// Whether the object \p Storage names lives on after a call of
/// \p Function: reached through 'this', a pointer or a reference, global or
/// static, or a local (or by-value parameter) that the function returns;
/// also an element or a member of such an object.
static bool outlivesCall(const Expr *Storage, const FunctionDecl &Function) {
  const Expr *E = Storage;
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(E))
      return true;
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (Member->isArrow())
        return true;
      E = Member->getBase();
      continue;
    }
    if (const auto *Unary = dyn_cast<UnaryOperator>(E))
      return Unary->getOpcode() == UO_Deref;
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = Subscript->getBase()->IgnoreParenImpCasts();
      if (!Base->getType()->isArrayType())
        return true;
      E = Base;
      continue;
    }
    // Elements of a standard container: c[i], c.back(), c.at(i).
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
      if (Op->getOperator() != OO_Subscript || !Method || !isWithinStd(Method))
        return false;
      E = Op->getArg(0);
      continue;
    }
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      if (!Method || !isWithinStd(Method) || !Method->getIdentifier() ||
          !llvm::is_contained({"at", "back", "front", "top"},
                              Method->getName()))
        return false;
      E = Call->getImplicitObjectArgument();
      continue;
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var)
      return false;
    if (Var->getType()->isReferenceType() || Var->hasGlobalStorage())
      return true;
    ReturnFinder Finder(*Var);
    Finder.TraverseStmt(Function.getBody());
    return Finder.Found;
  }
  return false;
}

/// The element type of the standard container \p Record, for containers
/// whose first template argument is it.
static QualType elementType(const CXXRecordDecl *Record) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(Record);
  if (!Spec || !Spec->isInStdNamespace() ||
      Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  StringRef Name = Spec->getName();
  if (Name.contains("map"))
    return QualType(); // Its value is a pair of the first two arguments.
  if (!isAllocatingStdTemplate(Name) &&
      !llvm::is_contained({"queue", "stack", "priority_queue"}, Name))
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

/// Fills in how \p Copy.Use is copied; sets Silent when it is not.
static void classifyCopy(ParameterCopy &Copy, const CXXRecordDecl &Record,
                         ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent =
      meaningfulParent(Copy.Use, Ctx, Child, Transparency::Object);
  auto IsRecord = [&](const CXXRecordDecl *Other) {
    return Other && Other->getCanonicalDecl() == Record.getCanonicalDecl();
  };
  if (const auto *Call = Parent.get<CXXMemberCallExpr>();
      Call && Call->getImplicitObjectArgument() != Child) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!Method || !Method->getIdentifier() ||
        !llvm::is_contained({"push_back", "emplace_back", "push", "insert",
                             "push_front", "emplace_front", "emplace"},
                            Method->getName())) {
      Copy.Silent = "passed to a function that does not store it";
      return;
    }
    QualType Element = elementType(Method->getParent());
    if (Element.isNull() || !IsRecord(Element->getAsCXXRecordDecl())) {
      Copy.Silent = "inserted into a container of another type";
      return;
    }
    // A set copies the value only when it holds no equal one: a pool of
    // strings mostly finds it there, and copies nothing.
    if (llvm::is_contained({"set", "unordered_set"},
                           Method->getParent()->getName())) {
      Copy.Silent = "inserted into a set, which copies it only when it holds "
                    "no equal value";
      return;
    }
    if (!isMovable(Record, /*Assignment=*/false)) {
      Copy.Silent = "its type has no usable move constructor";
      return;
    }
    Copy.Kind = CopyKind::Insert;
    Copy.Method = Method->getName().str();
    Copy.Storage = Call->getImplicitObjectArgument();
  } else if (const auto *Op = Parent.get<CXXOperatorCallExpr>();
             Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
             Op->getArg(1) == Child) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getCalleeDecl());
    if (!Method || !Method->isCopyAssignmentOperator() ||
        !IsRecord(Method->getParent())) {
      Copy.Silent = "assigned to an object of another type";
      return;
    }
    if (!isMovable(Record, /*Assignment=*/true)) {
      Copy.Silent = "its type has no usable move assignment";
      return;
    }
    Copy.Kind = CopyKind::Assign;
    Copy.Storage = Op->getArg(0);
  } else {
    Copy.Silent = "not the source of a copy into storage";
    return;
  }
  if (!outlivesCall(Copy.Storage, *Copy.Function))
    Copy.Silent = "copied into a local object that is not returned";
}

/// Whether \p T is a value that holds nothing of the object it is read
/// from: a number, a truth value, an enumerator, or a standard string (a
/// copy of characters).
bool isDetachedValue(QualType T) {
  T = T.getCanonicalType();
  return T->isArithmeticType() || T->isEnumeralType() ||
         (!T->isReferenceType() && basicString(T) != nullptr);
}

/// Whether \p Use, a reference to a parameter, only reads a value from it
/// that keeps nothing of it: a const member function of its class or a
/// standard function (an operator, std::hash) that returns a number, a truth
/// value or a string. Moving the parameter later leaves such a value as it
/// was.
bool readsDetachedValue(const DeclRefExpr *Use, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  DynTypedNode Parent = meaningfulParent(Use, Ctx, Child, Transparency::Object);
  const CallExpr *Call = nullptr;
  if (const auto *Member = Parent.get<MemberExpr>()) {
    const auto *Method = dyn_cast<CXXMethodDecl>(Member->getMemberDecl());
    if (!Method || !Method->isConst())
      return false;
    const Expr *MemberChild = nullptr;
    Call = meaningfulParent(Member, Ctx, MemberChild, Transparency::Value)
               .get<CXXMemberCallExpr>();
    if (!Call || Call->getCallee()->IgnoreParens() != Member)
      return false;
    // Its arguments read other things; they are checked as uses of
    // their own if they name the parameter.
  } else {
    Call = Parent.get<CallExpr>();
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !isWithinStd(Callee) ||
        !llvm::is_contained(Call->arguments(), Child))
      return false;
  }
  // A reference to a character (front(), operator[]) is no value of its
  // own, whatever its type.
  return Call->isPRValue() && isDetachedValue(Call->getType());
}

/// The full expression around \p E: the outermost expression above it.
const Expr *fullExpression(const Expr *E, ASTContext &Ctx) {
  const Expr *Outer = E;
  for (DynTypedNode Node = parentOf(DynTypedNode::create(*E), Ctx);
       const auto *Above = Node.get<Expr>(); Node = parentOf(Node, Ctx))
    Outer = Above;
  return Outer;
}

/// Finds a return statement before a location, outside lambdas.
class EarlierReturn : public RecursiveASTVisitor<EarlierReturn> {
public:
  EarlierReturn(SourceLocation Before, const SourceManager &SM)
      : Before(Before), SM(SM) {}
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitReturnStmt(ReturnStmt *Return) {
    Found =
        Found || SM.isBeforeInTranslationUnit(Return->getBeginLoc(), Before);
    return !Found;
  }
  bool Found = false;

private:
  SourceLocation Before;
  const SourceManager &SM;
};

/// Whether \p Statement, the full expression of a use in \p Body, runs on
/// every call that returns: a statement of the body itself (in no branch or
/// loop), with no return before it. A copy that only a search's miss
/// reaches ('for (...) if (Files[I] == Name) return I; Files.push_back(Name);')
/// runs on few calls, and a caller passing an lvalue would copy on every one.
bool runsOnEveryReturn(const Expr &Statement, const Stmt &Body,
                       ASTContext &Ctx) {
  DynTypedNode Node = parentOf(DynTypedNode::create(Statement), Ctx);
  if (Node.get<Stmt>() != &Body)
    return false;
  EarlierReturn Finder(Statement.getBeginLoc(), Ctx.getSourceManager());
  Finder.TraverseStmt(const_cast<Stmt *>(&Body));
  return !Finder.Found;
}

/// Of \p Uses (references to one parameter in \p Body, in source order), the
/// last when every other one is read before it, in another full expression,
/// for a value that keeps nothing of the parameter (readsDetachedValue), and
/// the last runs on every call that returns (runsOnEveryReturn): moving the
/// parameter there leaves nothing that reads it afterwards. Null otherwise.
const DeclRefExpr *copiedLast(llvm::ArrayRef<const DeclRefExpr *> Uses,
                              const Stmt &Body, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const DeclRefExpr *Last = Uses.back();
  const Expr *LastExpression = fullExpression(Last, Ctx);
  if (!runsOnEveryReturn(*LastExpression, Body, Ctx))
    return nullptr;
  for (const DeclRefExpr *Earlier : Uses.drop_back()) {
    if (!SM.isBeforeInTranslationUnit(Earlier->getEndLoc(),
                                      LastExpression->getBeginLoc()) ||
        !readsDetachedValue(Earlier, Ctx))
      return nullptr;
  }
  return Last;
}

/// ': Member(P)', the only use of P: the member initializer copies it into
/// a member of the same class (modernize-pass-by-value's pattern).
static void classifyInitializer(ParameterCopy &Copy,
                                llvm::ArrayRef<const DeclRefExpr *> Uses,
                                const CXXCtorInitializer *Init,
                                const CXXRecordDecl &Record, ASTContext &Ctx) {
  if (Uses.size() != 1 || !Init || !Init->isMemberInitializer()) {
    Copy.Silent = "used in a constructor's member initializer, and elsewhere";
    return;
  }
  const auto *Construct =
      dyn_cast<CXXConstructExpr>(Init->getInit()->IgnoreImplicit());
  if (!Construct || !Construct->getConstructor()->isCopyConstructor() ||
      Construct->getNumArgs() < 1 ||
      Construct->getArg(0)->IgnoreImplicit() != Uses.front() ||
      !Ctx.hasSameUnqualifiedType(
          Init->getMember()->getType(),
          Copy.Parameter->getType().getNonReferenceType())) {
    Copy.Silent = "a member initializer that does not copy it into a member "
                  "of its type";
    return;
  }
  if (!isMovable(Record, /*Assignment=*/false)) {
    Copy.Silent = "its type has no usable move constructor";
    return;
  }
  Copy.Use = Uses.front();
  Copy.Kind = CopyKind::Initialize;
  Copy.Initializer = Init;
}

ParameterCopy parameterCopy(const FunctionDecl &Definition, unsigned Index,
                            ASTContext &Ctx) {
  ParameterCopy Copy;
  Copy.Function = &Definition;
  Copy.Parameter = Definition.getParamDecl(Index);
  const auto *Reference =
      Copy.Parameter->getType()->getAs<LValueReferenceType>();
  QualType T = Reference ? Reference->getPointeeType() : QualType();
  const CXXRecordDecl *Record = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  if (!Record || !T.isConstQualified() || T.isVolatileQualified() ||
      !Record->hasDefinition()) {
    Copy.Silent = "not a const reference to a class";
    return Copy;
  }
  Record = Record->getDefinition();
  if (!allocatesWhenCopied(T)) {
    if (!isTypeErasedCallable(T)) {
      Copy.Silent = "copying its type does not allocate";
      return Copy;
    }
    Copy.AllocatesWhenLarge = true;
  }
  if (Record->isAbstract()) {
    Copy.Silent = "its type is abstract";
    return Copy;
  }
  if (!Copy.Parameter->getIdentifier()) {
    Copy.Silent = "the parameter has no name";
    return Copy;
  }
  llvm::SmallVector<const DeclRefExpr *, 2> Uses;
  auto Collect = [&](const DeclRefExpr *Ref) { Uses.push_back(Ref); };
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Definition)) {
    const CXXCtorInitializer *CopiedBy = nullptr;
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten()) {
        size_t Before = Uses.size();
        forEachReferenceTo(Copy.Parameter, Init->getInit(), Collect);
        if (Uses.size() != Before)
          CopiedBy = Init;
      }
    if (!Uses.empty()) {
      forEachReferenceTo(Copy.Parameter, Definition.getBody(), Collect);
      classifyInitializer(Copy, Uses, CopiedBy, *Record, Ctx);
      return Copy;
    }
  }
  forEachReferenceTo(Copy.Parameter, Definition.getBody(), Collect);
  if (Uses.empty()) {
    Copy.Silent = "not used";
    return Copy;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Uses, [&](const DeclRefExpr *A, const DeclRefExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  // 'if (Name.empty()) throw Invalid(); Names.push_back(Name);': read
  // first, then copied once.
  Copy.Use = Uses.size() == 1 ? Uses.front()
                              : copiedLast(Uses, *Definition.getBody(), Ctx);
  if (!Copy.Use) {
    Copy.Silent = "used more than once, not only read before the copy";
    return Copy;
  }
  for (const DeclRefExpr *Use : Uses)
    if (enclosingFunction(Use, Ctx) != &Definition) {
      Copy.Silent = "used in a lambda, which can run any number of times";
      return Copy;
    }
  if (enclosingLoop(Copy.Use, Ctx)) {
    Copy.Silent = "used in a loop";
    return Copy;
  }
  classifyCopy(Copy, *Record, Ctx);
  return Copy;
}

ArgumentKind argumentKind(const Expr &Argument) {
  const Expr *E = &Argument;
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    E = Default->getExpr();
  E = E->IgnoreImplicit()->IgnoreParens();
  if (E->isXValue())
    return ArgumentKind::Moved;
  return E->isPRValue() ? ArgumentKind::Temporary : ArgumentKind::Lvalue;
}

const FunctionDecl *rvalueOverload(const FunctionDecl &Function,
                                   unsigned Index) {
  const ASTContext &Ctx = Function.getASTContext();
  QualType T = Function.getParamDecl(Index)
                   ->getType()
                   .getNonReferenceType()
                   .getUnqualifiedType();
  const DeclContext *Scope = Function.getDeclContext()->getRedeclContext();
  for (const NamedDecl *Found : Scope->lookup(Function.getDeclName())) {
    const auto *Other = dyn_cast<FunctionDecl>(Found->getUnderlyingDecl());
    if (!Other || Other->getCanonicalDecl() == Function.getCanonicalDecl() ||
        Other->getNumParams() != Function.getNumParams())
      continue;
    bool Same = true;
    for (unsigned I = 0; I < Function.getNumParams() && Same; ++I) {
      QualType Mine = Function.getParamDecl(I)->getType();
      QualType Theirs = Other->getParamDecl(I)->getType();
      if (I != Index) {
        Same = Ctx.hasSameType(Mine, Theirs);
        continue;
      }
      if (Theirs->isRValueReferenceType())
        Theirs = Theirs.getNonReferenceType();
      Same =
          !Theirs->isReferenceType() && Ctx.hasSameUnqualifiedType(Theirs, T);
    }
    if (Same)
      return Other;
  }
  return nullptr;
}

ByValuePlan planByValue(const ParameterCopy &Copy, ASTContext &Ctx) {
  ByValuePlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  unsigned Index = Copy.Parameter->getFunctionScopeIndex();
  for (const FunctionDecl *Decl : Copy.Function->redecls()) {
    const ParmVarDecl *Param = Decl->getParamDecl(Index);
    const TypeSourceInfo *Written = Param->getTypeSourceInfo();
    auto Reference =
        Written ? Written->getTypeLoc().getAsAdjusted<LValueReferenceTypeLoc>()
                : LValueReferenceTypeLoc();
    if (!Reference) {
      Plan.NoFix = "a declaration spells the parameter's type through an "
                   "alias";
      return Plan;
    }
    SourceLocation Begin = Param->getBeginLoc();
    SourceLocation Sigil = Reference.getSigilLoc();
    SourceRange Pointee =
        Reference.getPointeeLoc().getUnqualifiedLoc().getSourceRange();
    if (Begin.isMacroID() || Sigil.isMacroID() || Pointee.isInvalid() ||
        Pointee.getBegin().isMacroID() || Pointee.getEnd().isMacroID()) {
      Plan.NoFix = "a declaration of the parameter is written by a macro";
      return Plan;
    }
    if (SM.isInSystemHeader(Begin)) {
      Plan.NoFix = "a declaration is in a system header";
      return Plan;
    }
    std::string Type = sourceText(Pointee, Ctx);
    SourceLocation After = Sigil.getLocWithOffset(1);
    const char *Next = SM.getCharacterData(After);
    if (Next && isAsciiIdentifierContinue(*Next))
      Type += ' ';
    Plan.Edits.emplace_back(CharSourceRange::getCharRange(Begin, After), Type);
  }
  CharSourceRange Use = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Copy.Use->getSourceRange()), SM, LangOpts);
  if (Use.isInvalid()) {
    Plan.NoFix = "the copy is written by a macro";
    Plan.Edits.clear();
    return Plan;
  }
  Plan.Edits.emplace_back(
      Use, "std::move(" + Lexer::getSourceText(Use, SM, LangOpts).str() + ")");
  return Plan;
}

} // namespace alloc_tidy
