//===--- MissingMove.cpp - classes whose moves copy -----------------------===//

#include "lib/analysis/decisions/MissingMove.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/CopyFacts.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace clang;

namespace alloc_tidy {

namespace {

bool isSuppressor(const CXXMethodDecl &M) {
  if (isa<CXXDestructorDecl>(M))
    return true;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&M))
    return Ctor->isCopyConstructor();
  return M.isCopyAssignmentOperator() || M.isMoveAssignmentOperator();
}

/// The class template \p RD is a specialization of, when it is the standard
/// one named \p Name.
bool isStdSpecialization(const CXXRecordDecl *RD, StringRef Name) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  return Spec && Spec->isInStdNamespace() && Spec->getName() == Name;
}

/// The record type \p T names, its reference and qualifiers aside.
const CXXRecordDecl *recordOf(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD ? RD->getCanonicalDecl() : nullptr;
}

/// The variable or member of 'this' that std::move(X) names, or null.
const ValueDecl *movedVariable(const Expr *E) {
  const Expr *Arg = stdMoveArgument(E);
  if (!Arg)
    return nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
        Var && Var->hasLocalStorage())
      return Var;
  if (const auto *Member = dyn_cast<MemberExpr>(Arg))
    if (isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
      return dyn_cast<FieldDecl>(Member->getMemberDecl());
  // Any other xvalue: a member of a moved object, an element; nothing
  // named to be read again.
  return nullptr;
}

bool isLoop(const Stmt &S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// The first reference to \p D in \p S located after \p After.
SourceLocation firstReferenceAfter(const Stmt *S, const ValueDecl &D,
                                   SourceLocation After,
                                   const SourceManager &SM) {
  if (!S)
    return {};
  const ValueDecl *Named = nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    Named = Ref->getDecl();
  else if (const auto *Member = dyn_cast<MemberExpr>(S))
    Named = Member->getMemberDecl();
  if (Named == &D && SM.isBeforeInTranslationUnit(After, S->getBeginLoc()))
    return S->getBeginLoc();
  SourceLocation First;
  for (const Stmt *Child : S->children()) {
    SourceLocation Found = firstReferenceAfter(Child, D, After, SM);
    if (Found.isValid() &&
        (First.isInvalid() || SM.isBeforeInTranslationUnit(Found, First)))
      First = Found;
  }
  return First;
}

/// Where \p Moved, moved by \p Move, may be read again: a reference after
/// the move in its function, or the move itself when a loop around it
/// repeats it on a variable declared outside the loop (or on a member).
SourceLocation readAfterMove(const Expr &Move, const ValueDecl &Moved,
                             ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  DynTypedNode Node = DynTypedNode::create(Move);
  while (true) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return {};
    Node = Parents[0];
    if (const auto *S = Node.get<Stmt>();
        S && isLoop(*S) &&
        (isa<FieldDecl>(Moved) ||
         SM.isBeforeInTranslationUnit(Moved.getLocation(), S->getBeginLoc())))
      return Move.getBeginLoc();
    if (const auto *F = Node.get<FunctionDecl>())
      return firstReferenceAfter(F->getBody(), Moved, Move.getEndLoc(), SM);
    if (Node.get<Decl>() && !Node.get<VarDecl>())
      return {};
  }
}

/// Whether \p Construct builds the value of a return statement that the
/// named return value optimisation builds in place.
bool isNamedReturnValue(const CXXConstructExpr &Construct, ASTContext &Ctx) {
  for (const DynTypedNode &Parent : parentsOf(Construct, Ctx)) {
    const Stmt *S = Parent.get<Stmt>();
    while (S && isa<ExprWithCleanups, ImplicitCastExpr>(S)) {
      DynTypedNodeList Up = parentsOf(*S, Ctx);
      S = Up.empty() ? nullptr : Up[0].get<Stmt>();
    }
    if (const auto *Return = dyn_cast_or_null<ReturnStmt>(S))
      return Return->getNRVOCandidate() != nullptr;
  }
  return false;
}

/// The special member does nothing a defaulted one would not: defaulted on
/// its first declaration, or a destructor with an empty body in the class.
bool doesNothing(const CXXMethodDecl &M) {
  if (M.isExplicitlyDefaulted())
    return true;
  const FunctionDecl *Def = nullptr;
  if (!isa<CXXDestructorDecl>(M) || !M.hasBody(Def) || Def != &M)
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  return Body && Body->body_empty();
}

/// The source range of the declaration \p M, its ';' included.
CharSourceRange declarationRange(const CXXMethodDecl &M,
                                 const SourceManager &SM,
                                 const LangOptions &LangOpts) {
  SourceLocation End = M.getEndLoc();
  if (!M.doesThisDeclarationHaveABody() || M.isExplicitlyDefaulted()) {
    SourceLocation AfterSemi =
        Lexer::findLocationAfterToken(End, tok::semi, SM, LangOpts, false);
    if (AfterSemi.isValid())
      return CharSourceRange::getCharRange(M.getBeginLoc(), AfterSemi);
  }
  return CharSourceRange::getTokenRange(M.getBeginLoc(), End);
}

} // namespace

SourceLocation readAgainAfterMove(const Expr &Move, const ValueDecl &Moved,
                                  ASTContext &Ctx) {
  return readAfterMove(Move, Moved, Ctx);
}

std::string specialMemberName(const CXXMethodDecl &M) {
  if (isa<CXXDestructorDecl>(M))
    return "destructor";
  if (isa<CXXConstructorDecl>(M))
    return "copy constructor";
  return M.isMoveAssignmentOperator() ? "move assignment operator"
                                      : "copy assignment operator";
}

std::optional<SuppressedMove> suppressedMove(const CXXRecordDecl &RD,
                                             const ASTContext &Ctx) {
  const CXXRecordDecl *Def = RD.getDefinition();
  if (!Def || Def->isDependentContext() || Def->isLambda() || Def->isUnion() ||
      isa<ClassTemplateSpecializationDecl>(Def) ||
      Def->getTemplateInstantiationPattern() ||
      Def->hasUserDeclaredMoveConstructor())
    return std::nullopt;
  SuppressedMove Facts;
  Facts.Class = Def;
  for (const CXXMethodDecl *M : Def->methods())
    if (!M->isImplicit() && isSuppressor(*M)) {
      if (M->isDeleted())
        return std::nullopt;
      Facts.Suppressors.push_back(M);
    }
  if (Facts.Suppressors.empty())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(
      Facts.Suppressors, [&](const CXXMethodDecl *A, const CXXMethodDecl *B) {
        return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
      });
  Facts.Owner = firstAllocatingField(*Def);
  if (!Facts.Owner)
    return std::nullopt;
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  Facts.OwnerType = Facts.Owner->getType().getAsString(Policy);
  return Facts;
}

std::optional<CopyingMove> copyingMove(const Expr &E, ASTContext &Ctx) {
  const Expr *Source = nullptr;
  const CXXRecordDecl *Class = nullptr;
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(&E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor->isCopyConstructor() || Construct->isElidable() ||
        Construct->getNumArgs() < 1 || isNamedReturnValue(*Construct, Ctx))
      return std::nullopt;
    Source = Construct->getArg(0);
    Class = Ctor->getParent();
  } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&E)) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    if (!Method || !Method->isCopyAssignmentOperator() || Op->getNumArgs() != 2)
      return std::nullopt;
    Source = Op->getArg(1);
    Class = Method->getParent();
  }
  if (!Source || !Source->isXValue())
    return std::nullopt;
  CopyingMove Found;
  Found.Kind = CopyingMove::Move;
  Found.Class = Class->getCanonicalDecl();
  Found.Loc =
      Source->getBeginLoc().isValid() ? Source->getBeginLoc() : E.getBeginLoc();
  Found.MovedFrom = movedVariable(Source);
  if (Found.MovedFrom)
    Found.ReadAfter = readAfterMove(*Source, *Found.MovedFrom, Ctx);
  return Found;
}

static CopyingMove copyingMoveAt(CopyingMove::KindT Kind,
                                 const CXXRecordDecl &Class, SourceLocation Loc,
                                 StringRef Callee) {
  CopyingMove Move;
  Move.Kind = Kind;
  Move.Class = &Class;
  Move.Loc = Loc;
  Move.Callee = Callee.str();
  return Move;
}

/// The members of std::vector that may reallocate its buffer.
static constexpr llvm::StringLiteral GrowingMembers[] = {
    "push_back", "emplace_back", "insert",       "emplace",
    "resize",    "reserve",      "append_range", "insert_range"};

llvm::SmallVector<CopyingMove, 2> copyingMovesOfCall(const CallExpr &Call,
                                                     ASTContext &Ctx) {
  llvm::SmallVector<CopyingMove, 2> Found;
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !isStandardLibraryFunction(*Callee) ||
      !Callee->getIdentifier())
    return Found;
  StringRef Name = Callee->getName();
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call))
    if (isStdSpecialization(Member->getRecordDecl(), "vector") &&
        llvm::is_contained(GrowingMembers, Name)) {
      const auto *Vector =
          cast<ClassTemplateSpecializationDecl>(Member->getRecordDecl());
      if (const CXXRecordDecl *Element =
              recordOf(Vector->getTemplateArgs()[0].getAsType()))
        Found.push_back(copyingMoveAt(CopyingMove::Growth, *Element,
                                      Call.getExprLoc(), Name));
    }
  // A member operator's first argument is its object.
  unsigned Skip =
      isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = Skip; I < Call.getNumArgs(); ++I) {
    unsigned Param = I - Skip;
    if (Param >= Callee->getNumParams())
      break;
    QualType T = Callee->getParamDecl(Param)->getType();
    const Expr *Arg = Call.getArg(I);
    const CXXRecordDecl *Class = recordOf(T);
    if (!T->isRValueReferenceType() || !Class || Arg->isLValue())
      continue;
    CopyingMove Move =
        copyingMoveAt(CopyingMove::Temporary, *Class, Arg->getBeginLoc(), Name);
    Move.MovedFrom = movedVariable(Arg);
    if (Move.MovedFrom) {
      Move.Kind = CopyingMove::Move;
      Move.ReadAfter = readAfterMove(*Arg, *Move.MovedFrom, Ctx);
    }
    Found.push_back(Move);
  }
  return Found;
}

MovePlan planMove(const SuppressedMove &Facts, const ASTContext &Ctx) {
  MovePlan Plan;
  const CXXRecordDecl &RD = *Facts.Class;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  if (!RD.getIdentifier()) {
    Plan.NoFix = "the class has no name to declare its moves with";
    return Plan;
  }
  if (RD.getLocation().isMacroID()) {
    Plan.NoFix = "the class is declared by a macro";
    return Plan;
  }
  for (const CXXMethodDecl *M : Facts.Suppressors) {
    if (M->getLocation().isMacroID()) {
      Plan.NoFix = "its " + specialMemberName(*M) + " is declared by a macro";
      return Plan;
    }
    if (!doesNothing(*M)) {
      Plan.HandWritten = true;
      const FunctionDecl *Def = nullptr;
      bool DefaultedElsewhere = M->hasBody(Def) && Def->isDefaulted();
      Plan.NoFix =
          DefaultedElsewhere
              ? "its " + specialMemberName(*M) +
                    " is defaulted outside the class (a member's type may "
                    "be incomplete there); declare the moves defaulted "
                    "where it is"
              : "its " + specialMemberName(*M) +
                    " has a body, and moves must leave a moved-from object "
                    "that body can handle; write them by hand";
      return Plan;
    }
  }

  // Only a public destructor that does nothing: without it the class gets
  // its moves and stays otherwise the same (an aggregate stays one).
  const CXXMethodDecl *Only = Facts.Suppressors.front();
  if (Facts.Suppressors.size() == 1 && isa<CXXDestructorDecl>(Only) &&
      !Only->isVirtual() && Only->getAccess() == AS_public) {
    CharSourceRange Range = declarationRange(*Only, SM, LangOpts);
    auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid)
      return Plan;
    unsigned End = SM.getFileOffset(
        Range.isTokenRange()
            ? Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOpts)
            : Range.getEnd());
    // The whole line when the declaration is alone on it.
    size_t LineStart = Buffer.rfind('\n', Begin == 0 ? 0 : Begin - 1);
    LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
    size_t LineEnd = Buffer.find('\n', End);
    // The newline before it goes with it, not the one after: a removal
    // followed by a space would also take that space (clang's edit merging
    // joins the whitespace around a removal).
    if (LineStart > 0 && Buffer.slice(LineStart, Begin).trim().empty() &&
        LineEnd != StringRef::npos && Buffer.slice(End, LineEnd).trim().empty())
      Plan.Removal = CharSourceRange::getCharRange(
          Range.getBegin().getLocWithOffset(-(int)(Begin - LineStart + 1)),
          Range.getBegin().getLocWithOffset(LineEnd - Begin));
    else
      Plan.Removal = Range;
    return Plan;
  }

  // C++20 ends an aggregate at its first user-declared constructor; one that
  // already has one is not an aggregate there, and stays one before C++20.
  if (RD.isAggregate() && !RD.hasUserDeclaredConstructor()) {
    Plan.NoFix = "it is an aggregate, and declaring its constructors would "
                 "end its aggregate initialization";
    return Plan;
  }
  for (const FieldDecl *Field : RD.fields())
    if (Field->getType().isConstQualified() ||
        Field->getType()->isReferenceType()) {
      Plan.NoFix = "its member '" + Field->getNameAsString() +
                   "' cannot be assigned, so a defaulted assignment would be "
                   "deleted";
      return Plan;
    }
  const CXXMethodDecl *Last = Facts.Suppressors.back();
  if (Last->getAccess() != AS_public) {
    Plan.NoFix = "its " + specialMemberName(*Last) +
                 " is not public; declare public moves";
    return Plan;
  }
  CharSourceRange Range = declarationRange(*Last, SM, LangOpts);
  SourceLocation After =
      Range.isTokenRange()
          ? Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOpts)
          : Range.getEnd();
  auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || After.isInvalid())
    return Plan;
  size_t LineStart = Buffer.rfind('\n', Begin == 0 ? 0 : Begin - 1);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  StringRef Indent = Buffer.slice(LineStart, Begin);
  if (!Indent.trim().empty())
    Indent = "  ";
  std::string Name = RD.getNameAsString();
  llvm::SmallVector<std::string, 4> Lines;
  if (!RD.hasUserDeclaredCopyConstructor())
    Lines.push_back(Name + "(const " + Name + " &) = default;");
  Lines.push_back(Name + "(" + Name + " &&) = default;");
  if (!RD.hasUserDeclaredCopyAssignment())
    Lines.push_back(Name + " &operator=(const " + Name + " &) = default;");
  if (!RD.hasUserDeclaredMoveAssignment())
    Lines.push_back(Name + " &operator=(" + Name + " &&) = default;");
  for (const std::string &Line : Lines)
    Plan.Insertion += "\n" + Indent.str() + Line;
  Plan.InsertAt = After;
  return Plan;
}

} // namespace alloc_tidy
