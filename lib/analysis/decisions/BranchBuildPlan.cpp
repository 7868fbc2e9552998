//===--- BranchBuildPlan.cpp - build a local inside its one branch --------===//

#include "lib/analysis/decisions/BranchBuildPlan.h"
#include "lib/analysis/ast/AstWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

bool inStd(const Decl *D) { return D && D->getDeclContext()->isStdNamespace(); }

bool inStdClass(const CXXMethodDecl *M) {
  return M && M->getParent()->getEnclosingNamespaceContext()->isStdNamespace();
}

/// Code whose one effect is the local's value: what it reads, or why it
/// may do more.
class QuietCode {
public:
  QuietCode(const VarDecl &Var) : Var(Var) {}

  llvm::SmallPtrSet<const ValueDecl *, 8> ReadVars;
  /// The names it refers to: a declaration between it and the 'if' must
  /// not take one of them once it moves.
  llvm::StringSet<> Names;
  bool ReadsMembers = false;
  std::string Why;

  bool stmt(const Stmt *S) {
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

  bool expr(const Expr *E) {
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
        return fail(
            "it constructs a '" +
            Construct->getConstructor()->getParent()->getNameAsString() + "'");
      return children(E);
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      static const llvm::StringSet<> Functions = {
          "to_string", "to_wstring", "size", "ssize", "empty", "data"};
      const auto *Callee = Call->getDirectCallee();
      if (!Callee || !inStd(Callee) || !Callee->getIdentifier() ||
          !Functions.contains(Callee->getName()))
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

private:
  const VarDecl &Var;

  bool fail(std::string Reason) {
    if (Why.empty())
      Why = std::move(Reason);
    return false;
  }

  bool children(const Expr *E) {
    for (const Stmt *Child : E->children())
      if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child);
          ChildExpr && !expr(ChildExpr))
        return false;
    return true;
  }

  bool reference(const DeclRefExpr *Ref) {
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

  /// The local itself as the object of \p E.
  bool isTheLocal(const Expr *E) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == &Var;
  }

  bool operatorCall(const CXXOperatorCallExpr *Call) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getCalleeDecl());
    const FunctionDecl *Callee = Call->getDirectCallee();
    bool Std =
        Method ? inStdClass(Method)
               : Callee &&
                     Callee->getEnclosingNamespaceContext()->isStdNamespace();
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

  bool memberCall(const CXXMemberCallExpr *Call) {
    static const llvm::StringSet<> Growth = {
        "push_back", "emplace_back", "append",     "assign", "reserve",
        "clear",     "resize",       "push_front", "insert", "emplace"};
    static const llvm::StringSet<> Reads = {"size",  "length", "empty",
                                            "c_str", "data",   "capacity"};
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!inStdClass(Method) || !Method->getIdentifier())
      return fail("it calls '" +
                  (Method ? Method->getQualifiedNameAsString()
                          : std::string("a member function")) +
                  "'");
    StringRef Name = Method->getName();
    bool Builds =
        isTheLocal(Call->getImplicitObjectArgument()) && Growth.contains(Name);
    if (!Builds && !(Method->isConst() && Reads.contains(Name)))
      return fail("it calls '" + Method->getQualifiedNameAsString() + "'");
    if (!expr(Call->getImplicitObjectArgument()))
      return false;
    for (const Expr *Arg : Call->arguments())
      if (!expr(Arg))
        return false;
    return true;
  }
};

/// Whether \p E, the 'if''s condition, can change what the moved code
/// reads: an assignment to it, a non-const call on it or on 'this' when the
/// code reads members, a non-const reference to it, or a call of a lambda
/// that holds a reference to it.
std::string whyConditionChanges(const Stmt *S, const QuietCode &Code) {
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
    if (std::string Why = whyConditionChanges(Child, Code); !Why.empty())
      return Why;
  return "";
}

/// Whether the branch \p Branch keeps something that points into \p Var
/// past its end: a pointer, reference, iterator or view of it assigned to
/// something declared outside the branch, or its address taken. Built in
/// the branch, the local would be gone where that is used.
bool keepsAPointerOut(const VarDecl &Var, const Stmt *Branch, ASTContext &Ctx) {
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
  forEachReferenceTo(&Var, Branch, [&](const DeclRefExpr *Ref) {
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
      // A branch of one statement is that expression.
      if (S == Branch)
        break;
      Node = Parent;
    }
  });
  return Keeps;
}

/// Whether a local that \p Code reads can be changed through another name
/// in \p Body: its address taken, a non-const reference bound to it, or a
/// lambda holding it by reference. Any call could then change it.
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

/// Whether \p S calls a function.
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

/// The text before \p Loc on its line when it is only blanks; nullopt when
/// code comes first.
std::optional<StringRef> indentBefore(SourceLocation Loc,
                                      const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(File);
  size_t Start = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  if (Offset < Start)
    Start = Offset;
  StringRef Indent = Buffer.slice(Start, Offset);
  if (Indent.find_first_not_of(" \t") != StringRef::npos)
    return std::nullopt;
  return Indent;
}

/// The location just past the end of \p S, its ';' included, and its line,
/// when only blanks or a line comment follow on that line; invalid
/// otherwise.
SourceLocation endOfStatementLine(const Stmt *S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // An 'if' ends where its last branch does; an expression before its ';'.
  const Stmt *Leaf = S;
  while (const auto *If = dyn_cast<IfStmt>(Leaf))
    Leaf = If->getElse() ? If->getElse() : If->getThen();
  SourceLocation End;
  if (isa<Expr>(Leaf)) {
    std::optional<Token> Semi =
        Lexer::findNextToken(Leaf->getEndLoc(), SM, Ctx.getLangOpts());
    if (!Semi || !Semi->is(tok::semi))
      return {};
    End = Semi->getEndLoc();
  } else {
    End =
        Lexer::getLocForEndOfToken(Leaf->getEndLoc(), 0, SM, Ctx.getLangOpts());
  }
  if (End.isInvalid() || End.isMacroID())
    return {};
  auto [File, Offset] = SM.getDecomposedLoc(End);
  StringRef Buffer = SM.getBufferData(File);
  size_t Newline = Buffer.find('\n', Offset);
  if (Newline == StringRef::npos)
    return {};
  // A line comment after the statement goes with it.
  StringRef Rest = Buffer.slice(Offset, Newline).trim(" \t\r");
  if (!Rest.empty() && !Rest.starts_with("//"))
    return {};
  return End.getLocWithOffset(Newline + 1 - Offset);
}

/// \p Text, which starts a line, with the \p From indentation of each line
/// after its first replaced by \p To.
std::string reindent(StringRef Text, StringRef From, StringRef To) {
  auto [First, Rest] = Text.split('\n');
  std::string Out = (First + "\n").str();
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    if (Line.starts_with(From))
      Out += (To + Line.drop_front(From.size())).str();
    else
      Out += Line.str();
    Out += '\n';
    Rest = Next;
  }
  return Out;
}

/// Why moving the code past \p Between, the statements that stand between
/// it and the 'if', could change what it does, or empty: one of them can
/// change what it reads, declares a name it uses, or is a label to jump to.
std::string whyNotPast(llvm::ArrayRef<const Stmt *> Between,
                       const QuietCode &Code) {
  for (const Stmt *S : Between) {
    if (isa<LabelStmt, SwitchCase>(S))
      return "a label stands between the code that builds it and the 'if'";
    if (!whyConditionChanges(S, Code).empty())
      return "a statement between the code that builds it and the 'if' can "
             "change what that code reads";
    if (const auto *Declaration = dyn_cast<DeclStmt>(S))
      for (const Decl *D : Declaration->decls())
        if (const auto *Named = dyn_cast<NamedDecl>(D);
            Named && Named->getIdentifier() &&
            Code.Names.contains(Named->getName()))
          return "a declaration between the code that builds it and the "
                 "'if' takes the name '" +
                 Named->getNameAsString() + "', which that code uses";
  }
  return "";
}

/// The first character after \p Loc that is not a blank or a line break.
SourceLocation nextNonBlank(SourceLocation Loc, const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(File);
  size_t Next = Buffer.find_first_not_of(" \t\r\n", Offset);
  if (Next == StringRef::npos)
    Next = Buffer.size();
  return Loc.getLocWithOffset(Next - Offset);
}

} // namespace

BranchBuildPlan planBranchBuild(const VarDecl &Var,
                                const BranchOnlyLocal &Local, ASTContext &Ctx) {
  BranchBuildPlan Plan;
  const SourceManager &SM = Ctx.getSourceManager();
  const IfStmt *If = Local.If;
  if (If->getInit() || If->getConditionVariable() || If->isConstexpr() ||
      If->isConsteval()) {
    Plan.NoFix = "the 'if' declares a variable or is evaluated at compile "
                 "time";
    return Plan;
  }
  QuietCode Code(Var);
  if (!Code.expr(Var.getInit())) {
    Plan.NoFix = "its initializer may do more than build it: " + Code.Why;
    return Plan;
  }
  for (const Stmt *Builder : Local.Builders)
    if (!Code.stmt(Builder)) {
      Plan.NoFix = "the code that builds it may do more: " + Code.Why;
      return Plan;
    }
  if (std::string Why = whyNotPast(Local.Between, Code); !Why.empty()) {
    Plan.NoFix = Why;
    return Plan;
  }
  if (std::string Why = whyConditionChanges(If->getCond(), Code);
      !Why.empty()) {
    Plan.NoFix = Why;
    return Plan;
  }
  if (const auto *Function = dyn_cast<FunctionDecl>(Var.getDeclContext());
      Function && Function->getBody() &&
      (callsAFunction(If->getCond()) ||
       llvm::any_of(Local.Between, callsAFunction)) &&
      readsAnAliasedLocal(Code, Function->getBody(), Ctx)) {
    Plan.NoFix = "the code reads a local that another name can change, and "
                 "a call before the branch could";
    return Plan;
  }
  if (keepsAPointerOut(Var, Local.Branch, Ctx)) {
    Plan.NoFix = "the branch keeps a pointer, a reference or a view of it "
                 "that could outlive the branch";
    return Plan;
  }
  const Stmt *Target = Local.Branch;
  if (const auto *Block = dyn_cast<CompoundStmt>(Target))
    Target = Block->body_front();
  std::vector<const Stmt *> Pieces{Local.Declaration};
  Pieces.insert(Pieces.end(), Local.Builders.begin(), Local.Builders.end());
  std::vector<SourceLocation> Checked;
  Checked.reserve(3 + 2 * Pieces.size());
  Checked.insert(Checked.end(), {If->getBeginLoc(), Local.Branch->getEndLoc(),
                                 Target->getBeginLoc()});
  for (const Stmt *Piece : Pieces) {
    Checked.push_back(Piece->getBeginLoc());
    Checked.push_back(Piece->getEndLoc());
  }
  for (SourceLocation Loc : Checked)
    if (Loc.isInvalid() || Loc.isMacroID() ||
        SM.getFileID(Loc) != SM.getFileID(If->getBeginLoc())) {
      Plan.NoFix = "the code is in a macro";
      return Plan;
    }
  std::optional<StringRef> To = indentBefore(Target->getBeginLoc(), SM);
  if (!To) {
    Plan.NoFix = "a statement shares its line with other code";
    return Plan;
  }
  // Each piece moves as whole lines; its removal runs to the next code, so
  // that the line left behind keeps its own indentation (a bare removal of
  // whole lines lets clang's edit merging take a blank next to it too).
  std::string Moved;
  for (const Stmt *Piece : Pieces) {
    std::optional<StringRef> From = indentBefore(Piece->getBeginLoc(), SM);
    SourceLocation End = endOfStatementLine(Piece, Ctx);
    if (!From || End.isInvalid()) {
      Plan.NoFix = "a statement shares its line with other code";
      return Plan;
    }
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getCharRange(Piece->getBeginLoc(), End), SM,
        Ctx.getLangOpts());
    Moved += (*To + reindent(Text, *From, *To)).str();
    Plan.Edits.push_back({CharSourceRange::getCharRange(Piece->getBeginLoc(),
                                                        nextNonBlank(End, SM)),
                          ""});
  }
  SourceLocation InsertAt =
      Target->getBeginLoc().getLocWithOffset(-int(To->size()));
  if (isa<CompoundStmt>(Local.Branch)) {
    Plan.Edits.push_back(
        {CharSourceRange::getCharRange(InsertAt, InsertAt), Moved});
    return Plan;
  }
  // One statement: braces around it and the moved code.
  SourceLocation BranchEnd = endOfStatementLine(Local.Branch, Ctx);
  std::optional<StringRef> IfIndent = indentBefore(If->getBeginLoc(), SM);
  SourceLocation Opens =
      Local.Branch == If->getThen() ? If->getRParenLoc() : If->getElseLoc();
  if (BranchEnd.isInvalid() || !IfIndent || Opens.isInvalid() ||
      Opens.isMacroID()) {
    Plan.NoFix = "a statement shares its line with other code";
    return Plan;
  }
  SourceLocation AfterOpens =
      Lexer::getLocForEndOfToken(Opens, 0, SM, Ctx.getLangOpts());
  Plan.Edits.push_back(
      {CharSourceRange::getCharRange(AfterOpens, AfterOpens), " {"});
  Plan.Edits.push_back(
      {CharSourceRange::getCharRange(InsertAt, InsertAt), Moved});
  Plan.Edits.push_back({CharSourceRange::getCharRange(BranchEnd, BranchEnd),
                        (*IfIndent + "}\n").str()});
  return Plan;
}

} // namespace alloc_tidy
