//===--- CodeEffects.cpp - what a piece of code can change ----------------===//

#include "lib/analysis/facts/CodeEffects.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/CalleeFills.h"

using namespace clang;

namespace alloc_tidy {
namespace {

bool inStd(const Decl *D) { return D && D->getDeclContext()->isStdNamespace(); }

bool inStdClass(const CXXMethodDecl *M) {
  return M && M->getParent()->getEnclosingNamespaceContext()->isStdNamespace();
}

} // namespace

bool QuietCode::readsOnly(const FunctionDecl *Callee) {
  // A getter or a small helper of the unit: one return of code like this,
  // no parameter it could write through, no override to run instead.
  const FunctionDecl *Definition = nullptr;
  if (Depth >= 2 || !Callee->hasBody(Definition) || Callee->isVariadic())
    return false;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Definition);
      Method && (Method->isVirtual() || !Method->isConst()))
    return false;
  for (const ParmVarDecl *Param : Definition->parameters())
    if ((Param->getType()->isReferenceType() ||
         Param->getType()->isPointerType()) &&
        !Param->getType()->getPointeeType().isConstQualified())
      return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Definition->getBody());
  const auto *Return = Body && Body->size() == 1
                           ? dyn_cast<ReturnStmt>(Body->body_front())
                           : nullptr;
  if (!Return || !Return->getRetValue())
    return false;
  QuietCode Inner(Var, Depth + 1);
  return Inner.expr(Return->getRetValue());
}

bool QuietCode::stmt(const Stmt *S) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : Block->body())
      if (!stmt(Child))
        return false;
    return true;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval())
      return fail("it holds an 'if' that declares a variable");
    return expr(If->getCond()) && stmt(If->getThen()) && stmt(If->getElse());
  }
  if (const auto *E = dyn_cast<Expr>(S))
    return expr(E);
  return fail("it holds a statement other than an expression or an 'if'");
}

bool QuietCode::expr(const Expr *E) {
  if (!E)
    return true;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, StringLiteral, CharacterLiteral, FloatingLiteral,
          CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, CXXDefaultArgExpr,
          CXXDefaultInitExpr, UnaryExprOrTypeTraitExpr, CXXThisExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return reference(Ref);
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (!isa<FieldDecl>(Member->getMemberDecl()))
      return fail("it names a member function without calling it");
    if (isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
      ReadsMembers = true;
    return expr(Member->getBase());
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->isIncrementDecrementOp())
      return fail("it increments or decrements a value");
    return expr(Unary->getSubExpr());
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E)) {
    if (Binary->isAssignmentOp())
      return fail("it assigns a value");
    return expr(Binary->getLHS()) && expr(Binary->getRHS());
  }
  if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E))
    return operatorCall(Call);
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    return memberCall(Call);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (!inStdClass(Construct->getConstructor()) &&
        !Construct->getConstructor()->isTrivial())
      return fail("it constructs a '" +
                  Construct->getConstructor()->getParent()->getNameAsString() +
                  "'");
    return children(E);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    static const llvm::StringSet<> Functions = {
        "to_string", "to_wstring", "size", "ssize", "empty", "data"};
    const auto *Callee = Call->getDirectCallee();
    bool Reads = Callee && !isa<CXXMethodDecl>(Callee) && !inStd(Callee) &&
                 readsOnly(Callee);
    if (!Reads && (!Callee || !inStd(Callee) || !Callee->getIdentifier() ||
                   !Functions.contains(Callee->getName())))
      return fail("it calls '" +
                  (Callee ? Callee->getQualifiedNameAsString()
                          : std::string("a function")) +
                  "'");
    for (const Expr *Arg : Call->arguments())
      if (!expr(Arg))
        return false;
    return true;
  }
  if (isa<ImplicitCastExpr, ExplicitCastExpr, ExprWithCleanups,
          MaterializeTemporaryExpr, CXXBindTemporaryExpr, ConditionalOperator,
          ArraySubscriptExpr, InitListExpr, CXXStdInitializerListExpr,
          ParenListExpr>(E))
    return children(E);
  return fail("it holds an expression whose effects are not known");
}

bool QuietCode::fail(std::string Reason) {
  if (Why.empty())
    Why = std::move(Reason);
  return false;
}

bool QuietCode::children(const Expr *E) {
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child);
        ChildExpr && !expr(ChildExpr))
      return false;
  return true;
}

bool QuietCode::reference(const DeclRefExpr *Ref) {
  const ValueDecl *D = Ref->getDecl();
  if (D->getIdentifier())
    Names.insert(D->getName());
  if (D == &Var || isa<EnumConstantDecl>(D))
    return true;
  if (const auto *V = dyn_cast<VarDecl>(D)) {
    if (V->hasLocalStorage()) {
      ReadVars.insert(V);
      return true;
    }
    if (V->getType().isConstQualified() || V->isConstexpr())
      return true;
    return fail("it reads '" + V->getNameAsString() +
                "', which other code can change");
  }
  return fail("it refers to '" + D->getNameAsString() + "'");
}

bool QuietCode::isTheLocal(const Expr *E) const {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == &Var;
}

bool QuietCode::operatorCall(const CXXOperatorCallExpr *Call) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getCalleeDecl());
  const FunctionDecl *Callee = Call->getDirectCallee();
  bool Std =
      Method
          ? inStdClass(Method)
          : Callee && Callee->getEnclosingNamespaceContext()->isStdNamespace();
  if (!Std)
    return fail("it calls an operator of its own");
  OverloadedOperatorKind Op = Call->getOperator();
  bool Builds = (Op == OO_PlusEqual || Op == OO_Equal) &&
                Call->getNumArgs() == 2 && isTheLocal(Call->getArg(0));
  bool Reads =
      Op == OO_Plus || (Op == OO_Subscript && Method && Method->isConst());
  if (!Builds && !Reads)
    return fail("it calls 'operator" + std::string(getOperatorSpelling(Op)) +
                "'");
  for (const Expr *Arg : Call->arguments())
    if (!expr(Arg))
      return false;
  return true;
}

bool QuietCode::memberCall(const CXXMemberCallExpr *Call) {
  static const llvm::StringSet<> Reads = {"size",  "length", "empty",
                                          "c_str", "data",   "capacity"};
  const CXXMethodDecl *Method = Call->getMethodDecl();
  if (Method && !inStdClass(Method) && readsOnly(Method)) {
    // The object is read; its members are this code's when it is 'this'.
    const Expr *Object = Call->getImplicitObjectArgument();
    if (Object && isa<CXXThisExpr>(Object->IgnoreParenImpCasts()))
      ReadsMembers = true;
    if (Object && !expr(Object))
      return false;
    for (const Expr *Arg : Call->arguments())
      if (!expr(Arg))
        return false;
    return true;
  }
  if (!inStdClass(Method) || !Method->getIdentifier())
    return fail("it calls '" +
                (Method ? Method->getQualifiedNameAsString()
                        : std::string("a member function")) +
                "'");
  StringRef Name = Method->getName();
  bool Builds =
      isTheLocal(Call->getImplicitObjectArgument()) && changesContainer(Name);
  if (!Builds && !(Method->isConst() && Reads.contains(Name)))
    return fail("it calls '" + Method->getQualifiedNameAsString() + "'");
  if (!expr(Call->getImplicitObjectArgument()))
    return false;
  for (const Expr *Arg : Call->arguments())
    if (!expr(Arg))
      return false;
  return true;
}

std::string whyCanChangeWhatItReads(const Stmt *S, const QuietCode &Code) {
  if (!S)
    return "";
  auto Touches = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return Code.ReadVars.contains(Ref->getDecl());
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return Code.ReadsMembers &&
             isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts());
    return isa<CXXThisExpr>(E) && Code.ReadsMembers;
  };
  static const char Changes[] =
      "the condition can change what the code that builds it reads";
  if (const auto *Unary = dyn_cast<UnaryOperator>(S);
      Unary &&
      (Unary->isIncrementDecrementOp() || Unary->getOpcode() == UO_AddrOf) &&
      Touches(Unary->getSubExpr()))
    return Changes;
  if (const auto *Binary = dyn_cast<BinaryOperator>(S);
      Binary && Binary->isAssignmentOp() && Touches(Binary->getLHS()))
    return Changes;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Method && !Method->isConst() &&
        Touches(Call->getImplicitObjectArgument()))
      return Changes;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
        Op && Op->getNumArgs() > 0) {
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
      if (Method && !Method->isConst() && Touches(Op->getArg(0)))
        return Changes;
      // A lambda called here sees what it holds by reference.
      if (const auto *Class = Op->getArg(0)->getType()->getAsCXXRecordDecl();
          Class && Class->isLambda()) {
        llvm::DenseMap<const ValueDecl *, FieldDecl *> Captures;
        FieldDecl *ThisCapture = nullptr;
        Class->getCaptureFields(Captures, ThisCapture);
        if (ThisCapture && Code.ReadsMembers)
          return Changes;
        for (const auto &[Captured, Field] : Captures)
          if (Field->getType()->isReferenceType() &&
              Code.ReadVars.contains(Captured))
            return Changes;
      }
    }
    if (Callee) {
      unsigned Shift =
          isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
      for (unsigned I = Shift; I < Call->getNumArgs(); ++I) {
        unsigned Param = I - Shift;
        if (Param >= Callee->getNumParams())
          break;
        QualType T = Callee->getParamDecl(Param)->getType();
        if (T->isReferenceType() &&
            !T.getNonReferenceType().isConstQualified() &&
            Touches(Call->getArg(I)))
          return Changes;
      }
    }
  }
  for (const Stmt *Child : S->children())
    if (std::string Why = whyCanChangeWhatItReads(Child, Code); !Why.empty())
      return Why;
  return "";
}

bool keepsAPointerOut(const VarDecl &Var, const Stmt *Scope, ASTContext &Ctx) {
  auto Owns = [](QualType T) {
    T = T.getNonReferenceType().getCanonicalType();
    if (T->isArithmeticType() || T->isEnumeralType())
      return true;
    const auto *Class = T->getAsCXXRecordDecl();
    return Class && Class->getDeclContext()->isStdNamespace() &&
           Class->getIdentifier() &&
           (Class->getName() == "basic_string" || Class->getName() == "vector");
  };
  bool Keeps = false;
  forEachReferenceTo(&Var, Scope, [&](const DeclRefExpr *Ref) {
    DynTypedNode Node = DynTypedNode::create(*Ref);
    for (unsigned Depth = 0; Depth < 64 && !Keeps; ++Depth) {
      DynTypedNode Parent = parentOf(Node, Ctx);
      const auto *S = Parent.get<Stmt>();
      if (!S || !isa<Expr>(S))
        break;
      if (const auto *Unary = dyn_cast<UnaryOperator>(S);
          Unary && Unary->getOpcode() == UO_AddrOf)
        Keeps = true;
      const Expr *Target = nullptr;
      if (const auto *Binary = dyn_cast<BinaryOperator>(S);
          Binary && Binary->isAssignmentOp())
        Target = Binary->getLHS();
      if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
          Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
        Target = Op->getArg(0);
      if (Target && !Owns(Target->getType()))
        Keeps = true;
      // A scope of one statement is that expression.
      if (S == Scope)
        break;
      Node = Parent;
    }
  });
  return Keeps;
}

bool readsAnAliasedLocal(const QuietCode &Code, const Stmt *Body,
                         ASTContext &Ctx) {
  bool Aliased = false;
  for (const ValueDecl *Read : Code.ReadVars) {
    forEachReferenceTo(Read, Body, [&](const DeclRefExpr *Ref) {
      const Expr *Child = nullptr;
      DynTypedNode Parent =
          meaningfulParent(Ref, Ctx, Child, Transparency::Object);
      if (const auto *Unary = Parent.get<UnaryOperator>();
          Unary && Unary->getOpcode() == UO_AddrOf)
        Aliased = true;
      if (const auto *Bound = Parent.get<VarDecl>();
          Bound && Bound->getType()->isReferenceType() &&
          !Bound->getType().getNonReferenceType().isConstQualified())
        Aliased = true;
    });
    forEachLambdaIn(Body, [&](const LambdaExpr *Lambda) {
      for (const LambdaCapture &Capture : Lambda->captures())
        if (Capture.capturesVariable() &&
            Capture.getCaptureKind() == LCK_ByRef &&
            Capture.getCapturedVar() == Read)
          Aliased = true;
    });
  }
  return Aliased;
}

bool callsAFunction(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CallExpr, CXXConstructExpr>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (callsAFunction(Child))
      return true;
  return false;
}

} // namespace alloc_tidy
