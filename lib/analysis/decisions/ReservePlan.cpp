//===--- ReservePlan.cpp --------------------------------------------------===//

#include "lib/analysis/decisions/ReservePlan.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/StlFacts.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace alloc_tidy {

bool containsLoc(const Stmt *Outer, SourceLocation Loc,
                 const SourceManager &SM) {
  SourceRange Range = Outer->getSourceRange();
  return !SM.isBeforeInTranslationUnit(Loc, Range.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Range.getEnd(), Loc);
}

std::optional<uint64_t> literalLength(const Expr *Init) {
  while (Init) {
    Init = Init->IgnoreImplicit();
    if (const auto *Literal = dyn_cast<StringLiteral>(Init))
      return Literal->getLength();
    const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
    if (!Construct || Construct->getNumArgs() == 0)
      return std::nullopt;
    // std::string S("literal"): one argument besides the defaulted ones.
    for (unsigned I = 1; I < Construct->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(Construct->getArg(I)))
        return std::nullopt;
    Init = Construct->getArg(0);
  }
  return std::nullopt;
}

bool constructsEmpty(const Expr *Init) {
  if (!Init)
    return true;
  Init = Init->IgnoreImplicit();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init))
    return Construct->getNumArgs() == 0;
  if (const auto *List = dyn_cast<InitListExpr>(Init))
    return List->getNumInits() == 0;
  return false;
}

bool emptyInConstructor(const FieldDecl &Field,
                        const CXXConstructorDecl &Ctor) {
  if (Ctor.isDelegatingConstructor())
    return false; // the target constructor may fill it
  for (const CXXCtorInitializer *Init : Ctor.inits())
    if (Init->getMember() == &Field)
      return Init->isWritten() ? constructsEmpty(Init->getInit())
                               : constructsEmpty(Field.getInClassInitializer());
  return constructsEmpty(Field.getInClassInitializer());
}

namespace {
/// Finds, before a location (anywhere when it is invalid), a 'this' that is
/// more than the object of a data member's access (a member function
/// called, 'this' passed on), or an access of member \p Named.
class ThisUse : public RecursiveASTVisitor<ThisUse> {
public:
  ThisUse(SourceLocation Before, const SourceManager &SM,
          const FieldDecl *Named = nullptr)
      : Before(Before), SM(SM), Named(Named) {}
  bool VisitMemberExpr(MemberExpr *E) {
    if (Named && E->getMemberDecl() == Named && isBefore(E))
      Found = true;
    else if (isa<FieldDecl>(E->getMemberDecl()))
      if (const auto *This =
              dyn_cast<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts()))
        FieldBases.insert(This);
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    Found |= !FieldBases.count(E) && isBefore(E);
    return true;
  }
  bool Found = false;

private:
  bool isBefore(const Expr *E) const {
    return Before.isInvalid() ||
           SM.isBeforeInTranslationUnit(E->getBeginLoc(), Before);
  }
  SourceLocation Before;
  const SourceManager &SM;
  const FieldDecl *Named;
  llvm::SmallPtrSet<const CXXThisExpr *, 8> FieldBases;
};
} // namespace

/// Whether calling member function \p Member cannot change data member
/// \p Field: a const one (unless the member is mutable), or one defined in
/// the unit, not overridable, whose body neither names the member nor uses
/// 'this' for more than other members.
static bool leavesMemberAlone(const CXXMethodDecl &Member,
                              const FieldDecl &Field, const SourceManager &SM) {
  if (Member.isStatic() || (Member.isConst() && !Field.isMutable()))
    return true;
  if (Member.isVirtual() && !Member.hasAttr<FinalAttr>() &&
      !Member.getParent()->hasAttr<FinalAttr>())
    return false; // an override elsewhere may do anything
  const FunctionDecl *Definition = nullptr;
  if (!Member.hasBody(Definition) || !Definition->getBody())
    return false;
  ThisUse Finder(SourceLocation(), SM, &Field);
  Finder.TraverseStmt(Definition->getBody());
  return !Finder.Found;
}

namespace {
/// Finds in a loop a 'this' that can reach data member \p Field other than
/// through the loop's own uses of it: 'this' handed to a call, or a member
/// function called that may change the member.
class ThisReach : public RecursiveASTVisitor<ThisReach> {
public:
  ThisReach(const FieldDecl &Field, const SourceManager &SM)
      : Field(Field), SM(SM) {}
  bool VisitMemberExpr(MemberExpr *E) {
    const auto *This =
        dyn_cast<CXXThisExpr>(E->getBase()->IgnoreParenImpCasts());
    if (!This)
      return true;
    const auto *Member = dyn_cast<CXXMethodDecl>(E->getMemberDecl());
    if (isa<FieldDecl>(E->getMemberDecl()) ||
        (Member && leavesMemberAlone(*Member, Field, SM)))
      Harmless.insert(This);
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    Found |= !Harmless.count(E);
    return !Found;
  }
  bool Found = false;

private:
  const FieldDecl &Field;
  const SourceManager &SM;
  llvm::SmallPtrSet<const CXXThisExpr *, 8> Harmless;
};
} // namespace

bool thisReachesMember(const Stmt *Loop, const FieldDecl &Field,
                       const ASTContext &Ctx) {
  // A MemberExpr is visited before its base, so the base is judged when it
  // is reached.
  ThisReach Finder(Field, Ctx.getSourceManager());
  Finder.TraverseStmt(const_cast<Stmt *>(Loop));
  return Finder.Found;
}

bool usesThisBefore(const CXXConstructorDecl &Ctor, const Stmt *Loop,
                    const ASTContext &Ctx) {
  // A MemberExpr is visited before its base, so a field's 'this' is known
  // when it is reached.
  ThisUse Finder(Loop->getBeginLoc(), Ctx.getSourceManager());
  for (const CXXCtorInitializer *Init : Ctor.inits())
    if (Init->isWritten())
      Finder.TraverseStmt(Init->getInit());
  Finder.TraverseStmt(Ctor.getBody());
  return Finder.Found;
}

/// Whether \p Ctor (its definition, or the constructor it delegates to)
/// calls reserve() on \p Field.
static bool reservesInConstructor(const FieldDecl &Field,
                                  const CXXConstructorDecl &Ctor,
                                  ASTContext &Ctx, unsigned Depth = 0) {
  const FunctionDecl *Definition = nullptr;
  if (!Ctor.hasBody(Definition) || !Definition->getBody() || Depth > 4)
    return false;
  const auto *Defined = cast<CXXConstructorDecl>(Definition);
  for (const Expr *Ref : refsIn(Defined->getBody(), &Field)) {
    ContainerUse Use = classifyContainerUse(Ref, Ctx);
    if (Use.Kind == UseKind::Call && Use.Method == "reserve")
      return true;
  }
  if (Defined->isDelegatingConstructor())
    if (const auto *Target = Defined->getTargetConstructor())
      return reservesInConstructor(Field, *Target, Ctx, Depth + 1);
  return false;
}

bool reservedByEveryConstructor(const FieldDecl &Field, ASTContext &Ctx) {
  const auto *Class = dyn_cast<CXXRecordDecl>(Field.getParent());
  if (!Class)
    return false;
  bool Any = false;
  for (const CXXConstructorDecl *Ctor : Class->ctors()) {
    // A defaulted copy or move keeps the object it copies reserved (or
    // near its size); the constructors the author wrote decide.
    if (Ctor->isImplicit() || Ctor->isDeleted() || Ctor->isDefaulted())
      continue;
    if (!reservesInConstructor(Field, *Ctor, Ctx))
      return false;
    Any = true;
  }
  return Any;
}

namespace {
bool hasCall(const Stmt *S) {
  if (!S)
    return false;
  if (isa<CallExpr, CXXConstructExpr>(S))
    return true;
  return llvm::any_of(S->children(), hasCall);
}
} // namespace

bool clearedRightBefore(const ContainerUse &Last, const Stmt *Loop,
                        ASTContext &Ctx) {
  if (Last.Kind != UseKind::Call || Last.Method != "clear" || !Last.Site)
    return false;
  // The call is a statement of a block that holds the loop, and nothing
  // between them calls anything that could fill the container again.
  const auto *Block =
      parentOf(DynTypedNode::create(*Last.Site), Ctx).get<CompoundStmt>();
  if (!Block)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  bool After = false;
  for (const Stmt *S : Block->body()) {
    if (S == Last.Site) {
      After = true;
      continue;
    }
    if (!After)
      continue;
    if (containsLoc(S, Loop->getBeginLoc(), SM))
      return true;
    if (hasCall(S) || isa<SwitchCase, LabelStmt>(S))
      return false;
  }
  return false;
}

std::optional<uint64_t> inlineCapacity(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec)
    return std::nullopt;
  llvm::StringRef Name = Spec->getName();
  if (Name != "small_vector" && Name != "SmallVector" &&
      Name != "InlinedVector")
    return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 2 || Args[1].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return Args[1].getAsIntegral().getLimitedValue();
}

uint64_t charSizeOf(QualType String, ASTContext &Ctx) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      String.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return 1;
  return Ctx.getTypeSizeInChars(Spec->getTemplateArgs()[0].getAsType())
      .getQuantity();
}

bool hasReserve(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return false;
  bool Found = false;
  Record->forallBases([&](const CXXRecordDecl *Base) {
    for (const auto *Method : Base->methods())
      Found |= Method->getIdentifier() && Method->getName() == "reserve";
    return true;
  });
  for (const auto *Method : Record->methods())
    Found |= Method->getIdentifier() && Method->getName() == "reserve";
  return Found;
}

/// Whether code at \p Loc is on the other branch of an `if` that holds
/// \p Loop on one: it never runs before the loop in the same call.
static bool onTheOtherBranch(const Stmt *Loop, SourceLocation Loc,
                             ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Child = Loop;
  while (Child) {
    DynTypedNodeList Parents = parentsOf(*Child, Ctx);
    const Stmt *Parent = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (const auto *If = dyn_cast_or_null<IfStmt>(Parent);
        If && If->getThen() && If->getElse()) {
      if (Child == If->getThen() && containsLoc(If->getElse(), Loc, SM))
        return true;
      if (Child == If->getElse() && containsLoc(If->getThen(), Loc, SM))
        return true;
    }
    Child = Parent;
  }
  return false;
}

/// Adds the appends of \p Next, a later loop of the planned loop's block, to
/// \p Sum; false when they cannot be counted before the planned loop.
static bool addLaterLoop(ReservePlan &P, AppendCount &Sum, const Stmt *Next,
                         bool ConditionalUpperBound, ASTContext &Ctx) {
  // Its count must hold from before the planned loop, where the reserve()
  // goes.
  std::optional<TripCount> Count = computeTripCountFrom(Next, P.Loop, Ctx);
  if (!Count)
    return false;
  if (const auto *Field = dyn_cast<FieldDecl>(P.Container);
      Field && thisReachesMember(Next, *Field, Ctx))
    return false;
  for (const Expr *Ref : refsIn(Next, P.Container)) {
    RefAction Action = actionOf(Ref, P.Kind, Ctx);
    if (Action.Role == RefRole::Reads)
      continue;
    if (Action.Role != RefRole::Appends)
      return false;
    AppendPath Path = pathToLoop(Action.Site, Next, Ctx);
    if (!Path.Reaches || !Path.InnerLoops.empty())
      return false;
    Path.Conditional |=
        continueBefore(Action.Site, Next, Ctx.getSourceManager());
    if (Path.Conditional && !ConditionalUpperBound)
      return false;
    P.UpperBound |= Path.Conditional;
    Sum.add(Action.Amount, {*Count});
  }
  return true;
}

/// Whether growing a container of type \p T is known to call the heap: a
/// standard one on std::allocator, or a vector-like class of a library
/// (which uses its own default allocator). A standard one on another
/// allocator is the allocator's business, also under a class derived from
/// it (glslang's TVector over std::vector<T, pool_allocator<T>>).
static bool allocatesFromTheHeap(QualType T) {
  const CXXRecordDecl *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  for (unsigned Depth = 0; Record && Depth < 8; ++Depth) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Record);
        Spec && Spec->isInStdNamespace())
      return hasStandardAllocator(*Spec);
    if (!Record->hasDefinition() || Record->getNumBases() != 1)
      return true;
    Record = Record->bases_begin()->getType()->getAsCXXRecordDecl();
  }
  return true;
}

std::optional<ReservePlan> planReserve(const ValueDecl *Container,
                                       ContainerFamily Kind, const Stmt *Loop,
                                       const ReservePolicy &Policy,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loop->getBeginLoc().isMacroID())
    return std::nullopt;
  std::optional<TripCount> Count = computeTripCount(Loop, Ctx);
  if (!Count)
    return std::nullopt;

  ReservePlan P;
  P.Container = Container;
  P.Kind = Kind;
  P.Loop = Loop;
  for (const Expr *Ref : refsIn(Loop, Container)) {
    RefAction Action = actionOf(Ref, Kind, Ctx);
    if (Action.Role == RefRole::AppendsUnknown)
      return std::nullopt; // a range or a piece of unknown length
    if (Action.Role == RefRole::Other)
      return std::nullopt; // cleared, resized, swapped, passed on, ...
    if (Action.Role == RefRole::Reads)
      continue;
    const Expr *Site = Action.Site;
    uint64_t Amount = Action.Amount;
    AppendPath Path = pathToLoop(Site, Loop, Ctx);
    if (!Path.Reaches)
      return std::nullopt;
    // A 'continue' before the append can skip it.
    Path.Conditional |= continueBefore(Site, Loop, SM);
    for (const Stmt *Inner : Path.InnerLoops)
      Path.Conditional |= continueBefore(Site, Inner, SM);
    if (Path.Conditional && !Policy.ConditionalUpperBound)
      return std::nullopt;
    PlannedAppend A;
    A.Site = Site;
    A.Amount = Amount;
    for (const Stmt *Inner : Path.InnerLoops) {
      std::optional<TripCount> InnerCount = computeTripCount(Inner, Ctx, Loop);
      if (!InnerCount)
        return std::nullopt;
      A.InnerCounts.push_back(*InnerCount);
    }
    P.UpperBound |= Path.Conditional;
    P.Appends.push_back(std::move(A));
  }
  // A visitor that appends to a member as it walks ('s += ' ';
  // node->accept(*this);') appends more than the loop's own appends.
  if (const auto *Field = dyn_cast<FieldDecl>(Container);
      Field && thisReachesMember(Loop, *Field, Ctx))
    return std::nullopt;
  AppendCount Sum;
  for (const PlannedAppend &A : P.Appends) {
    std::vector<TripCount> Counts = A.InnerCounts;
    Counts.insert(Counts.begin(), *Count);
    Sum.add(A.Amount, Counts);
  }
  if (Sum.value() == 0u)
    return std::nullopt; // nothing appended
  // Appends after the loop in the same block: a reserve() exact for the loop
  // alone would make the next of them reallocate.
  LaterAppends Later = appendsAfter(Loop, Container, Kind, Ctx);
  const Stmt *Uncounted = Later.Uncounted;
  for (const Stmt *Next : Later.Loops) {
    if (!addLaterLoop(P, Sum, Next, Policy.ConditionalUpperBound, Ctx)) {
      Uncounted = Next;
      break;
    }
    P.LaterLoops.push_back(Next);
  }
  Sum.add(Later.Constant, {});
  P.AppendsAfter = Later.Constant > 0 || !P.LaterLoops.empty();
  P.Count = Sum.spelling();
  P.CountValue = Sum.value();
  if (P.Count.empty())
    return std::nullopt;

  // What the rest of the function does with the container before the loop.
  const FunctionDecl *Function = enclosingFunction(Loop, Ctx);
  if (!Function || !Function->getBody())
    return std::nullopt;
  bool UsedBefore = false;
  std::optional<ContainerUse> Last; // the last use before the loop
  for (const Expr *Ref : refsIn(Function->getBody(), Container)) {
    if (!SM.isBeforeInTranslationUnit(Ref->getBeginLoc(),
                                      Loop->getBeginLoc()) ||
        onTheOtherBranch(Loop, Ref->getBeginLoc(), Ctx))
      continue;
    ContainerUse Use = classifyContainerUse(Ref, Ctx);
    if (Use.Kind == UseKind::Call && Use.Method == "reserve")
      return std::nullopt; // the author already reserved
    UsedBefore = true;
    if (!Last || SM.isBeforeInTranslationUnit(Last->Ref->getBeginLoc(),
                                              Ref->getBeginLoc()))
      Last = Use;
  }
  // A member that every constructor reserves was sized by its author.
  if (const auto *Field = dyn_cast<FieldDecl>(Container);
      Field && !isa<CXXConstructorDecl>(Function) &&
      reservedByEveryConstructor(*Field, Ctx))
    return std::nullopt;
  const auto *Var = dyn_cast<VarDecl>(Container);
  if (Var && !isa<ParmVarDecl>(Var) && !Var->getType()->isReferenceType()) {
    const Expr *Init =
        Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr;
    P.MaybeFilled = !constructsEmpty(Init) || UsedBefore;
  } else if (const auto *Field = dyn_cast<FieldDecl>(Container)) {
    const auto *Ctor = dyn_cast<CXXConstructorDecl>(Function);
    P.MaybeFilled = !Ctor || !emptyInConstructor(*Field, *Ctor) || UsedBefore ||
                    usesThisBefore(*Ctor, Loop, Ctx);
  }
  // Emptied right before the loop: size() is 0 there, whatever it held.
  if (Last && clearedRightBefore(*Last, Loop, Ctx))
    P.MaybeFilled = false;
  // A reserve(size() + n) repeated by an outer loop whose count is unknown
  // would reallocate on every pass: exactly the quadratic pattern.
  // A container declared in the outer loop's body is a new object on every
  // pass, which is fine.
  if (const Stmt *Outer = enclosingLoop(Loop, Ctx);
      Outer && (!Var || !containsLoc(Outer, Var->getLocation(), SM)))
    return std::nullopt;

  // Nothing to gain: the elements fit without growing more than once.
  std::optional<uint64_t> Inline = inlineCapacity(Container->getType());
  if (Kind == ContainerFamily::String)
    Inline = stringInlineCapacity(
        Policy.Stl == StlFlavor::Unknown ? StlFlavor::LibStdCxx : Policy.Stl,
        charSizeOf(Container->getType(), Ctx));
  if (P.CountValue && !P.MaybeFilled &&
      (*P.CountValue < Policy.MinIterations ||
       (Inline && *P.CountValue <= *Inline)))
    return std::nullopt;
  if (Count->Value && *Count->Value < Policy.MinIterations && !P.CountValue)
    return std::nullopt;
  // A string started from a literal that gets one character per pass ends
  // as long as the literal plus the count: it leaves its inline buffer only
  // for that many elements. A known count decides here; otherwise only a
  // profile (or UnboundedStrings) shows that it does.
  if (Kind == ContainerFamily::String && Var && !UsedBefore && Inline &&
      P.Appends.size() == 1 && P.Appends.front().Amount == 1 &&
      P.Appends.front().InnerCounts.empty() && !P.AppendsAfter) {
    P.LiteralPrefix = literalLength(Var->getInit());
    P.InlineCapacity = Inline;
    if (P.LiteralPrefix && P.CountValue &&
        *P.LiteralPrefix + *P.CountValue <= *Inline)
      return std::nullopt;
    P.NeedsMeasurement =
        P.LiteralPrefix && !P.CountValue && !Policy.UnboundedStrings;
  }
  // A standard container on an allocator of its own may grow inside an arena
  // (a pool per compile), where growing costs no heap call: only a profile
  // that saw the appends allocate shows that a reserve saves any.
  if (!allocatesFromTheHeap(Container->getType()))
    P.NeedsMeasurement = true;
  // A string that a bare integer counts (a code point's digits, an indent)
  // mostly stays in its inline buffer, where a reserve saves nothing; one
  // filled per element of a range grows with the data. UnboundedStrings
  // reports both.
  if (Kind == ContainerFamily::String && !Policy.UnboundedStrings &&
      !P.CountValue && !runsOverARange(Loop))
    return std::nullopt;

  // A container the caller owns may be filled by repeated calls: growing it
  // by exactly N on each call is the reverse mistake again.
  bool FromOutside =
      !Var || isa<ParmVarDecl>(Var) || Var->getType()->isReferenceType();
  if (isa<FieldDecl>(Container))
    FromOutside = !isa<CXXConstructorDecl>(Function);
  // clear() keeps the capacity: cleared or not, it is the same buffer.
  P.ReusedBuffer = FromOutside;
  if (FromOutside && P.MaybeFilled) {
    P.NoFix = "'" + Container->getNameAsString() +
              "' outlives this function and may already hold elements; if "
              "the function runs repeatedly on it, reserve(size() + N) would "
              "grow it by exactly N each time and make the calls quadratic, "
              "so reserve the total where it is filled";
    P.NoFixLoc = Loop->getBeginLoc();
  }

  // Spelling the container before the loop.
  const Expr *FirstObject = objectOf(P.Appends.front().Site);
  P.Object =
      sourceText(FirstObject->IgnoreParenImpCasts()->getSourceRange(), Ctx);
  if (P.Object.empty() || FirstObject->getBeginLoc().isMacroID()) {
    P.NoFix = "the container is named inside a macro";
    P.NoFixLoc = P.Appends.front().Site->getBeginLoc();
  }
  DynTypedNodeList Parents = parentsOf(*Loop, Ctx);
  if (P.NoFix.empty() && (Parents.empty() || !Parents[0].get<CompoundStmt>())) {
    P.NoFix = "the loop is not a statement of a block, so the reserve() "
              "has no place of its own before it";
    P.NoFixLoc = Loop->getBeginLoc();
  }

  P.UntrustedCount = isUntrustedCount(P, Function, Policy.IsInput, Ctx);
  if (P.UntrustedCount && P.NoFix.empty()) {
    P.NoFix = "the count comes from input being read; a crafted value could "
              "make reserve() allocate any amount, so bound it first, e.g. "
              "std::min(count, bytesLeft / recordSize)";
    P.NoFixLoc = Loop->getBeginLoc();
  }
  // Code that asks the capacity (flatc's Swift generator tests
  // 'capacity() != 0' for "anything appended") would see the reserve.
  const CXXMemberCallExpr *Capacity =
      isa<FieldDecl>(Container) ? capacityRead(Container, Ctx)
                                : capacityRead(Container, Function->getBody());
  if (Capacity && P.NoFix.empty()) {
    P.NoFix = "the code asks for '" + Container->getNameAsString() +
              "''s capacity(), which a reserve() before the loop would "
              "change";
    P.NoFixLoc = Capacity->getBeginLoc();
  }
  // A string's reserve allocates at once when it asks for more than the
  // inline buffer: an upper bound that conditional appends may not reach
  // puts on the heap a string that would have stayed inline (flatc's
  // CamelToSnake, reserving 5 characters for each of a short name's).
  if (Kind == ContainerFamily::String && P.UpperBound && P.NoFix.empty()) {
    P.NoFix = "the count is an upper bound, and a string's reserve() "
              "allocates at once: a string that would have stayed in its "
              "inline buffer would allocate for it";
    P.NoFixLoc = Loop->getBeginLoc();
  }
  // The same for a small vector: its inline buffer is there for the few
  // elements that conditional appends mostly add (cppcheck's impossible
  // values of a token, reserved for all of its values).
  if (Kind == ContainerFamily::Vector && Inline && P.UpperBound &&
      P.NoFix.empty()) {
    P.NoFix = "the count is an upper bound, and a reserve() past the inline "
              "buffer allocates at once: elements that would have stayed in "
              "the buffer would allocate for it";
    P.NoFixLoc = Loop->getBeginLoc();
  }
  if (Uncounted && P.NoFix.empty()) {
    P.NoFix = "'" + Container->getNameAsString() +
              "' is appended to again after the loop, by a number of "
              "elements not known before it; a reserve() exact for the "
              "loop would make that append reallocate, so reserve the "
              "total of both";
    P.NoFixLoc = Uncounted->getBeginLoc();
  }
  return P;
}

/// The scalar variables a loop header reads, directly or through a field
/// ("hdr.count"); the sizes of containers in memory are not among them.
static void collectScalarVars(const Stmt *Header, ASTContext &Ctx,
                              llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    ASTContext *Ctx;
    llvm::SmallPtrSetImpl<const VarDecl *> *Vars;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V)
        return true;
      if (V->getType()->isIntegerType()) {
        Vars->insert(V);
        return true;
      }
      DynTypedNodeList Parents = parentsOf(*Ref, *Ctx);
      const auto *Member =
          Parents.empty() ? nullptr : Parents[0].get<MemberExpr>();
      if (Member && isa<FieldDecl>(Member->getMemberDecl()) &&
          Member->getType()->isIntegerType())
        Vars->insert(V);
      return true;
    }
  } Visitor;
  Visitor.Ctx = &Ctx;
  Visitor.Vars = &Vars;
  Visitor.TraverseStmt(const_cast<Stmt *>(Header));
}

bool isUntrustedCount(const ReservePlan &P, const FunctionDecl *Function,
                      InputCallPredicate IsInput, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The scalars the loop nest's headers read. Counts that are the sizes of
  // containers already in memory are trusted: no input can inflate them.
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  std::vector<const Stmt *> Nest = {P.Loop};
  for (const PlannedAppend &A : P.Appends)
    for (const Stmt *Inner : pathToLoop(A.Site, P.Loop, Ctx).InnerLoops)
      Nest.push_back(Inner);
  Nest.insert(Nest.end(), P.LaterLoops.begin(), P.LaterLoops.end());
  for (const Stmt *L : Nest) {
    if (const auto *For = dyn_cast<ForStmt>(L)) {
      collectScalarVars(For->getInit(), Ctx, Vars);
      collectScalarVars(For->getCond(), Ctx, Vars);
    } else if (const auto *While = dyn_cast<WhileStmt>(L)) {
      collectScalarVars(While->getCond(), Ctx, Vars);
    } else if (const auto *Do = dyn_cast<DoStmt>(L)) {
      collectScalarVars(Do->getCond(), Ctx, Vars);
    }
  }
  bool ExternalScalar = false;
  for (const VarDecl *V : Vars) {
    ExternalScalar |= llvm::none_of(Nest, [&](const Stmt *L) {
      return containsLoc(L, V->getLocation(), SM);
    });
    // n = read(...), in >> n, fread(&n, ...), parse(in, n), or decoded from
    // a buffer that a read filled, before the loop.
    if (isInputDerived(V, P.Loop, Function->getBody(), IsInput, Ctx))
      return true;
  }
  // A loop counted by an outside number that parses as it goes: the number
  // is a claim the input makes.
  return ExternalScalar && readsInput(loopBody(P.Loop), IsInput);
}

AppendRun appendsAfterDeclaration(const VarDecl *Var, const CompoundStmt &Block,
                                  const DeclStmt &Declaration, ASTContext &Ctx,
                                  const FieldDecl *Field) {
  auto IsContainer = [&](const Expr *Object) {
    if (!Field)
      return containerOf(Object) == Var;
    LocalMember Named = memberOfLocal(Object);
    return Named.Local == Var && Named.Field == Field;
  };
  AppendRun Run;
  auto It = llvm::find(Block.body(), &Declaration);
  const Stmt *FirstAppend = nullptr;
  uint64_t Appends = 0;
  for (++It; It != Block.body_end(); ++It) {
    const Stmt *S = *It;
    std::vector<const Expr *> Refs = refsIn(S, Var);
    if (Refs.empty()) {
      if (!FirstAppend)
        continue;
      // A statement that may jump makes what follows conditional.
      class JumpFinder : public RecursiveASTVisitor<JumpFinder> {
      public:
        bool Found = false;
        bool VisitReturnStmt(ReturnStmt *) { return Found = true, true; }
        bool VisitBreakStmt(BreakStmt *) { return Found = true, true; }
        bool VisitContinueStmt(ContinueStmt *) { return Found = true, true; }
        bool VisitGotoStmt(GotoStmt *) { return Found = true, true; }
        bool VisitCXXThrowExpr(CXXThrowExpr *) { return Found = true, true; }
        bool TraverseLambdaExpr(LambdaExpr *) { return true; }
      } Jumps;
      Jumps.TraverseStmt(const_cast<Stmt *>(S));
      if (Jumps.Found || isa<LabelStmt>(S))
        break;
      continue;
    }
    const auto *E = dyn_cast<Expr>(S);
    const auto *Member =
        E ? dyn_cast<CXXMemberCallExpr>(E->IgnoreImplicit()) : nullptr;
    uint64_t Amount = 0;
    if (Refs.size() != 1 || !Member || S->getBeginLoc().isMacroID() ||
        !IsContainer(Member->getImplicitObjectArgument()) ||
        (calleeName(Member) != "push_back" &&
         calleeName(Member) != "emplace_back") ||
        classifyAppend(Member, ContainerFamily::Vector, Amount, Ctx) !=
            AppendKind::Append)
      break;
    if (!FirstAppend)
      FirstAppend = S;
    ++Appends;
    Run.Appends.push_back(S);
  }
  if (Appends >= 2 && FirstAppend) {
    Run.First = FirstAppend;
    Run.Count = Appends;
  } else {
    Run.Appends.clear();
  }
  return Run;
}

static bool leavesEmptyAt(const FieldDecl &Field,
                          const CXXConstructorDecl &Ctor, unsigned Depth) {
  if (Ctor.getParent() != Field.getParent() || Depth > 4)
    return false;
  if (Ctor.isCopyOrMoveConstructor())
    return false;
  if (Ctor.isDefaulted())
    return Ctor.isDefaultConstructor() &&
           constructsEmpty(Field.getInClassInitializer());
  const FunctionDecl *Definition = nullptr;
  if (!Ctor.hasBody(Definition))
    return false;
  const auto *Def = cast<CXXConstructorDecl>(Definition);
  // What could give the member elements after its initializer: the member
  // named, or 'this' used for more than another member's access.
  ThisUse Touch(SourceLocation(), Def->getASTContext().getSourceManager(),
                &Field);
  for (const CXXCtorInitializer *Init : Def->inits())
    if (Init->isWritten() && Init->getMember() != &Field)
      Touch.TraverseStmt(Init->getInit());
  Touch.TraverseStmt(Def->getBody());
  if (Touch.Found)
    return false;
  if (Def->isDelegatingConstructor()) {
    const CXXConstructorDecl *Target = Def->getTargetConstructor();
    return Target && leavesEmptyAt(Field, *Target, Depth + 1);
  }
  return emptyInConstructor(Field, *Def);
}

bool leavesEmpty(const FieldDecl &Field, const CXXConstructorDecl &Ctor) {
  return leavesEmptyAt(Field, Ctor, 0);
}

std::optional<StraightRun> planStraightRun(const ValueDecl *Container,
                                           const FieldDecl *Member,
                                           const Stmt *Append,
                                           ASTContext &Ctx) {
  const auto *Var = dyn_cast_or_null<VarDecl>(Container);
  if (!Var || isa<ParmVarDecl>(Var) || Var->getType()->isReferenceType())
    return std::nullopt;
  const Expr *Init =
      Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr;
  const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  // The vector starts empty: constructed without arguments, or the object's
  // constructor gives the member nothing.
  if (Member ? !(Construct && Construct->getConstructor() &&
                 leavesEmpty(*Member, *Construct->getConstructor()))
             : Init && !(Construct && Construct->getNumArgs() == 0))
    return std::nullopt;
  DynTypedNodeList DeclParents = parentsOf(*Var, Ctx);
  const auto *DeclS =
      DeclParents.empty() ? nullptr : DeclParents[0].get<DeclStmt>();
  if (!DeclS)
    return std::nullopt;
  DynTypedNodeList BlockParents = parentsOf(*DeclS, Ctx);
  const auto *Block =
      BlockParents.empty() ? nullptr : BlockParents[0].get<CompoundStmt>();
  const FunctionDecl *Function = enclosingFunction(Append, Ctx);
  if (!Block || !Function || !Function->getBody())
    return std::nullopt;
  // A loop that the vector outlives fills it: the loop's half of the check.
  for (const Expr *Ref : refsIn(Function->getBody(), Var))
    if (const Stmt *Loop = enclosingLoop(Ref, Ctx);
        Loop && !containsLoc(Loop, Var->getLocation(), Ctx.getSourceManager()))
      return std::nullopt;
  StraightRun Plan;
  Plan.Run = appendsAfterDeclaration(Var, *Block, *DeclS, Ctx, Member);
  if (!Plan.Run.First)
    return std::nullopt;
  Plan.Var = Var;
  Plan.Member = Member;
  Plan.Function = Function;
  Plan.Name = Var->getNameAsString();
  if (Member)
    Plan.Name += "." + Member->getNameAsString();
  return Plan;
}

} // namespace alloc_tidy
