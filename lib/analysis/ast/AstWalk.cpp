//===--- AstWalk.cpp - moving around the AST the way the checks do --------===//

#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {

DynTypedNode parentOf(const DynTypedNode &Node, ASTContext &Ctx,
                      bool PreferInitialization) {
  DynTypedNodeList Parents = parentsOf(Node, Ctx);
  if (PreferInitialization)
    for (const DynTypedNode &Parent : Parents)
      if (!Parent.get<InitListExpr>())
        return Parent;
  return Parents.empty() ? DynTypedNode() : Parents[0];
}

bool isTransparent(const Stmt *S, Transparency Kind) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S)) {
    if (Kind == Transparency::Value)
      return Cast->getCastKind() != CK_LValueToRValue;
    return Cast->getCastKind() == CK_NoOp ||
           Cast->getCastKind() == CK_DerivedToBase ||
           Cast->getCastKind() == CK_UncheckedDerivedToBase;
  }
  return isa<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
             FullExpr>(S);
}

const Expr *stripTransparent(const Expr *E) {
  while (true) {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
        Cast && Cast->getCastKind() != CK_LValueToRValue)
      E = Cast->getSubExpr();
    else if (const auto *Paren = dyn_cast<ParenExpr>(E))
      E = Paren->getSubExpr();
    else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
      E = Temp->getSubExpr();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr();
    else if (const auto *Full = dyn_cast<FullExpr>(E))
      E = Full->getSubExpr();
    else
      return E;
  }
}

const CXXCtorInitializer *initializerOf(const Expr *E,
                                        const DynTypedNode &Parent) {
  if (const auto *Init = Parent.get<CXXCtorInitializer>())
    return Init;
  if (const auto *Ctor = Parent.get<CXXConstructorDecl>())
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getInit() &&
          stripTransparent(Init->getInit()) == stripTransparent(E))
        return Init;
  return nullptr;
}

namespace {
class ScopeWalker : public RecursiveASTVisitor<ScopeWalker> {
public:
  const ValueDecl *Target = nullptr;
  llvm::function_ref<void(const DeclRefExpr *)> OnRef;
  llvm::function_ref<void(const LambdaExpr *)> OnLambda;
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (OnRef && Ref->getDecl() == Target)
      OnRef(Ref);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    if (OnLambda)
      OnLambda(Lambda);
    return true;
  }
};
} // namespace

void forEachReferenceTo(const ValueDecl *D, const Stmt *Scope,
                        llvm::function_ref<void(const DeclRefExpr *)> Visit) {
  if (!Scope)
    return;
  ScopeWalker Walker;
  Walker.Target = D;
  Walker.OnRef = Visit;
  Walker.TraverseStmt(const_cast<Stmt *>(Scope));
}

void forEachLambdaIn(const Stmt *Scope,
                     llvm::function_ref<void(const LambdaExpr *)> Visit) {
  if (!Scope)
    return;
  ScopeWalker Walker;
  Walker.OnLambda = Visit;
  Walker.TraverseStmt(const_cast<Stmt *>(Scope));
}

DynTypedNode meaningfulParent(const Expr *E, ASTContext &Ctx,
                              const Expr *&Child, Transparency Kind,
                              bool PreferInitialization) {
  Child = E;
  DynTypedNode Parent =
      parentOf(DynTypedNode::create(*E), Ctx, PreferInitialization);
  while (const auto *S = Parent.get<Stmt>()) {
    if (!isTransparent(S, Kind))
      break;
    Child = cast<Expr>(S);
    Parent = parentOf(Parent, Ctx, PreferInitialization);
  }
  return Parent;
}

unsigned argumentIndex(llvm::ArrayRef<const Expr *> Args, const Expr *Child) {
  unsigned Index = 0;
  while (Index < Args.size() && Args[Index] != Child &&
         Args[Index]->IgnoreImplicit() != Child->IgnoreImplicit())
    ++Index;
  return Index;
}

bool isForwardingReference(const FunctionDecl *Callee, unsigned Index) {
  const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern();
  if (!Pattern || Pattern->getNumParams() == 0)
    return false;
  // A pack expands to the trailing parameters of the instantiation.
  const ParmVarDecl *Param =
      Pattern->getParamDecl(std::min(Index, Pattern->getNumParams() - 1));
  if (Index >= Pattern->getNumParams() && !Param->isParameterPack())
    return false;
  QualType T = Param->getType();
  if (const auto *Expansion = T->getAs<PackExpansionType>())
    T = Expansion->getPattern();
  const auto *Ref = T->getAs<RValueReferenceType>();
  return Ref && !Ref->getPointeeType().hasQualifiers() &&
         Ref->getPointeeType()->getAs<TemplateTypeParmType>();
}

std::string sourceText(SourceRange Range, const ASTContext &Ctx) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(Range),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

namespace {

/// The names a function's body declares or refers to.
class NamesInBody : public RecursiveASTVisitor<NamesInBody> {
public:
  llvm::StringSet<> Names;
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitNamedDecl(NamedDecl *D) {
    if (const IdentifierInfo *Id = D->getIdentifier())
      Names.insert(Id->getName());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const IdentifierInfo *Id = E->getDecl()->getIdentifier())
      Names.insert(Id->getName());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (const IdentifierInfo *Id = E->getMemberDecl()->getIdentifier())
      Names.insert(Id->getName());
    return true;
  }
};

} // namespace

/// Whether \p Name, declared in \p Function's body, could clash with or hide
/// a name it or its scopes already have.
static bool nameIsTaken(StringRef Name, const FunctionDecl &Function,
                        const llvm::StringSet<> &InBody, ASTContext &Ctx) {
  if (InBody.contains(Name))
    return true;
  IdentifierInfo &Id = Ctx.Idents.get(Name);
  if (Id.hasMacroDefinition() || Id.isKeyword(Ctx.getLangOpts()))
    return true;
  for (const ParmVarDecl *Param : Function.parameters())
    if (Param->getName() == Name)
      return true;
  DeclarationName DeclName(&Id);
  for (const DeclContext *DC = Function.getDeclContext(); DC;
       DC = DC->getParent()) {
    if (!DC->lookup(DeclName).empty())
      return true;
    // A member of a base class is hidden as well.
    if (const auto *Record = dyn_cast<CXXRecordDecl>(DC);
        Record && Record->hasDefinition()) {
      bool InBase = false;
      Record->forallBases([&](const CXXRecordDecl *Base) {
        InBase = InBase || !Base->lookup(DeclName).empty();
        return true;
      });
      if (InBase)
        return true;
    }
  }
  return false;
}

std::string freeLocalName(llvm::StringRef Base, const FunctionDecl &Function,
                          ASTContext &Ctx, const llvm::StringSet<> &Taken) {
  NamesInBody Names;
  if (Function.getBody())
    Names.TraverseStmt(Function.getBody());
  for (unsigned Suffix = 1; Suffix <= 9; ++Suffix) {
    std::string Candidate =
        Suffix == 1 ? Base.str() : Base.str() + std::to_string(Suffix);
    if (!Taken.contains(Candidate) &&
        !nameIsTaken(Candidate, Function, Names.Names, Ctx))
      return Candidate;
  }
  return "";
}

bool labelFollows(const Stmt &Scope, SourceLocation After,
                  const SourceManager &SM) {
  for (const Stmt *Child : Scope.children()) {
    if (!Child)
      continue;
    if ((isa<LabelStmt>(Child) || isa<SwitchCase>(Child)) &&
        SM.isBeforeInTranslationUnit(After, Child->getBeginLoc()))
      return true;
    if (labelFollows(*Child, After, SM))
      return true;
  }
  return false;
}

std::string indentationAt(SourceLocation Loc, const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(SM.getSpellingLoc(Loc));
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return "";
  size_t Start = Buffer.rfind('\n', Offset);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  std::string Indent;
  for (char C : Buffer.slice(Start, Offset))
    Indent += C == '\t' ? '\t' : ' ';
  return Indent;
}

/// The definition of the record that \p T names, looking through pointers,
/// references and arrays; null for anything else.
const RecordDecl *recordBehind(QualType T) {
  if (T.isNull())
    return nullptr;
  for (;;) {
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (const auto *R = T->getAs<ReferenceType>())
      T = R->getPointeeType();
    else if (const ArrayType *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      break;
  }
  const RecordDecl *RD = T->getAsRecordDecl();
  return RD ? RD->getDefinition() : nullptr;
}

/// Where the compiler instantiated \p RD (an instantiated record), and
/// what: the record, or for a local class the function template around it.
std::pair<SourceLocation, const NamedDecl *>
pointOfInstantiation(const RecordDecl &RD) {
  if (const auto *Fn = dyn_cast<FunctionDecl>(RD.getDeclContext());
      Fn && Fn->isTemplateInstantiation())
    return {Fn->getPointOfInstantiation(), Fn};
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(&RD))
    return {Spec->getPointOfInstantiation(), &RD};
  if (const auto *Class = dyn_cast<CXXRecordDecl>(&RD))
    if (const MemberSpecializationInfo *Info =
            Class->getMemberSpecializationInfo())
      return {Info->getPointOfInstantiation(), &RD};
  return {};
}

bool isSimpleOperand(llvm::StringRef Text) {
  if (Text.empty())
    return false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char Ch = Text[I];
    if (llvm::isAlnum(Ch) || Ch == '_' || Ch == '.' || Ch == ':')
      continue;
    if ((Ch == '(' || Ch == '-') && I + 1 < Text.size() &&
        Text[I + 1] == (Ch == '(' ? ')' : '>')) {
      ++I;
      continue;
    }
    return false;
  }
  return true;
}

std::string asOperand(llvm::StringRef Text) {
  return isSimpleOperand(Text) ? Text.str() : ("(" + Text + ")").str();
}

ValueUse valueUseOf(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    DynTypedNode Parent = parentOf(Node, Ctx);
    const Stmt *Here = Node.get<Stmt>();
    if (const auto *Cast = Parent.get<ExplicitCastExpr>())
      return {Cast->getType()->isVoidType() ? ValueUse::Discarded
                                            : ValueUse::Used,
              Here};
    if (const auto *Outer = Parent.get<Expr>()) {
      if (!isa<ExprWithCleanups, ParenExpr, ImplicitCastExpr,
               MaterializeTemporaryExpr, CXXBindTemporaryExpr>(Outer))
        return {ValueUse::Used, Here};
      Node = Parent;
      continue;
    }
    const Stmt *S = Parent.get<Stmt>();
    if (!S || !Here)
      return {ValueUse::Used, Here};
    bool Body = isa<CompoundStmt, CaseStmt, DefaultStmt, LabelStmt>(S);
    if (const auto *If = dyn_cast<IfStmt>(S))
      Body = If->getThen() == Here || If->getElse() == Here;
    else if (const auto *For = dyn_cast<ForStmt>(S)) {
      if (For->getInc() == Here)
        return {ValueUse::Discarded, Here};
      Body = For->getBody() == Here;
    } else if (const auto *While = dyn_cast<WhileStmt>(S))
      Body = While->getBody() == Here;
    else if (const auto *Do = dyn_cast<DoStmt>(S))
      Body = Do->getBody() == Here;
    else if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
      Body = Range->getBody() == Here;
    return {Body ? ValueUse::Statement : ValueUse::Used, Here};
  }
  return {ValueUse::Used, Node.get<Stmt>()};
}

bool isWithinStd(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (DC->isStdNamespace())
      return true;
  return false;
}

const Expr *stdMoveArgument(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Call->getNumArgs() != 1 || !Callee->getIdentifier() ||
      Callee->getName() != "move" || !isWithinStd(Callee))
    return nullptr;
  return Call->getArg(0)->IgnoreParenImpCasts();
}

const Expr *ignoringStdMove(const Expr *E) {
  if (const Expr *Moved = stdMoveArgument(E))
    return Moved;
  return E->IgnoreParenImpCasts();
}

const VarDecl *rootVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (Member->isArrow())
      return nullptr;
    E = Member->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

bool isCopyOrMoveAssignment(const CXXOperatorCallExpr &Assign) {
  if (Assign.getOperator() != OO_Equal || Assign.getNumArgs() != 2)
    return false;
  const auto *Method =
      dyn_cast_or_null<CXXMethodDecl>(Assign.getDirectCallee());
  return Method && (Method->isMoveAssignmentOperator() ||
                    Method->isCopyAssignmentOperator());
}

bool isPlainObject(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E))
    return !E->getBeginLoc().isMacroID();
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = Member->getBase()->IgnoreParenImpCasts();
    return isa<CXXThisExpr>(Base) || isPlainObject(Base);
  }
  return false;
}

bool sameObject(const Expr *A, const Expr *B) {
  if (!isPlainObject(A) || !isPlainObject(B))
    return false;
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (const auto *RefA = dyn_cast<DeclRefExpr>(A)) {
    const auto *RefB = dyn_cast<DeclRefExpr>(B);
    return RefB && RefA->getDecl()->getCanonicalDecl() ==
                       RefB->getDecl()->getCanonicalDecl();
  }
  const auto *MemberA = cast<MemberExpr>(A);
  const auto *MemberB = dyn_cast<MemberExpr>(B);
  if (!MemberB || MemberA->getMemberDecl()->getCanonicalDecl() !=
                      MemberB->getMemberDecl()->getCanonicalDecl())
    return false;
  const Expr *BaseA = MemberA->getBase()->IgnoreParenImpCasts();
  const Expr *BaseB = MemberB->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(BaseA) || isa<CXXThisExpr>(BaseB))
    return isa<CXXThisExpr>(BaseA) && isa<CXXThisExpr>(BaseB);
  return MemberA->isArrow() == MemberB->isArrow() && sameObject(BaseA, BaseB);
}

bool hasTopLevelConditional(llvm::StringRef Text) {
  int Depth = 0;
  for (char Ch : Text) {
    Depth += Ch == '(' ? 1 : Ch == ')' ? -1 : 0;
    if (Ch == '?' && Depth == 0)
      return true;
  }
  return false;
}

/// The range-for loop whose range is the expression below \p Parent: the
/// loop itself, or the implicit '__range' variable it binds the range to.
const CXXForRangeStmt *rangeForOver(const DynTypedNode &Parent,
                                    ASTContext &Ctx) {
  if (const auto *For = Parent.get<CXXForRangeStmt>())
    return For;
  const auto *Range = Parent.get<VarDecl>();
  if (!Range || !Range->isImplicit())
    return nullptr;
  DynTypedNode Stmt = parentOf(DynTypedNode::create(*Range), Ctx);
  if (Stmt.get<DeclStmt>())
    Stmt = parentOf(Stmt, Ctx);
  const auto *For = Stmt.get<CXXForRangeStmt>();
  return For && For->getRangeStmt() &&
                 For->getRangeStmt()->getSingleDecl() == Range
             ? For
             : nullptr;
}

} // namespace alloc_tidy
