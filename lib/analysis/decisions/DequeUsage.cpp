//===--- DequeUsage.cpp ---------------------------------------------------===//

#include "lib/analysis/decisions/DequeUsage.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/facts/ElementRefs.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace alloc_tidy {

namespace {

bool isAppend(llvm::StringRef Method) {
  return Method == "push_back" || Method == "emplace_back";
}

bool isFrontOperation(llvm::StringRef Method) {
  return Method == "push_front" || Method == "emplace_front" ||
         Method == "pop_front";
}

/// Member functions a std::vector offers with the meaning a deque gives
/// them, used at the back only.
bool isArrayLikeDequeMethod(llvm::StringRef Method) {
  static const llvm::StringSet<> Methods = {
      "push_back", "emplace_back",  "pop_back", "back",          "front",
      "at",        "size",          "empty",    "clear",         "begin",
      "end",       "cbegin",        "cend",     "rbegin",        "rend",
      "crbegin",   "crend",         "resize",   "shrink_to_fit", "max_size",
      "assign",    "get_allocator", "ssize",    "swap"};
  return Methods.contains(Method);
}

bool isStackMethod(llvm::StringRef Method) {
  static const llvm::StringSet<> Methods = {"push", "emplace", "pop", "top",
                                            "size", "empty",   "swap"};
  return Methods.contains(Method);
}

/// Calls that can reallocate a vector (and so move its elements).
bool mayReallocate(const ContainerUse &Use) {
  if (Use.Kind == UseKind::Linked)
    return true;
  if (Use.Kind != UseKind::Call)
    return false;
  static const llvm::StringSet<> Methods = {
      "push_back", "emplace_back", "insert", "emplace",
      "resize",    "assign",       "push",   "shrink_to_fit"};
  return Methods.contains(Use.Method);
}

/// The argument of an insert/emplace/erase that names a position: true when
/// it is c.end() or c.cend() of the same container.
bool isEndOf(const Expr *Position, const ValueDecl *Container) {
  // end() converts to const_iterator through a constructor call.
  Position = Position->IgnoreParenImpCasts();
  while (const auto *Convert = dyn_cast<CXXConstructExpr>(Position)) {
    if (Convert->getNumArgs() != 1)
      return false;
    Position = Convert->getArg(0)->IgnoreParenImpCasts();
  }
  const auto *Call = dyn_cast<CXXMemberCallExpr>(Position);
  if (!Call || !Call->getMethodDecl() || Call->getNumArgs() != 0)
    return false;
  llvm::StringRef Name = Call->getMethodDecl()->getName();
  return (Name == "end" || Name == "cend") &&
         referencedContainer(Call->getImplicitObjectArgument()) == Container;
}

/// Whether \p Pop (a c.pop_front() call) completes a rotation by one: the
/// statement before it is c.push_back(c.front()) or
/// c.push_back(std::move(c.front())) on the same container \p D.
bool isRotationStep(const Stmt *Pop, const ValueDecl *D, ASTContext &Ctx) {
  const auto *Previous = dyn_cast_or_null<Expr>(
      previousStatement(fullStatementOf(cast<Expr>(Pop), Ctx), Ctx));
  const auto *Push = dyn_cast_or_null<CXXMemberCallExpr>(
      Previous ? Previous->IgnoreImplicit() : nullptr);
  if (!Push || !Push->getMethodDecl() ||
      !isAppend(Push->getMethodDecl()->getName()) ||
      referencedContainer(Push->getImplicitObjectArgument()) != D ||
      Push->getNumArgs() != 1)
    return false;
  const auto *Front =
      dyn_cast<CXXMemberCallExpr>(ignoringStdMove(Push->getArg(0)));
  return Front && Front->getMethodDecl() &&
         Front->getMethodDecl()->getName() == "front" &&
         referencedContainer(Front->getImplicitObjectArgument()) == D;
}

/// Sets the reason for no fix-it of \p U, unless it has one.
void noFixAt(DequeUsage &U, SourceLocation Loc, std::string Why) {
  if (!U.NoFixReason.empty())
    return;
  U.NoFixReason = std::move(Why);
  U.NoFixLoc = Loc;
}

} // namespace

std::string dequeDeclarationExcluded(const ValueDecl &D, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Where the declaration is: user code, written by hand, not in a template.
  SourceLocation Loc = D.getLocation();
  if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return "system header";
  if (Loc.isMacroID() || D.getBeginLoc().isMacroID())
    return "macro";
  if (D.getDeclContext()->isDependentContext() || D.isTemplated())
    return "template";
  if (const auto *Var = dyn_cast<VarDecl>(&D)) {
    if (Var->isStaticDataMember() ||
        isTemplateInstantiation(Var->getTemplateSpecializationKind()))
      return "static member or instantiated";
    if (const auto *F = dyn_cast<FunctionDecl>(Var->getDeclContext());
        F && F->isTemplateInstantiation())
      return "in an instantiation";
    if (!Var->isLocalVarDeclOrParm() && Var->isExternallyVisible())
      return "global visible to other translation units";
  }
  if (const auto *Field = dyn_cast<FieldDecl>(&D)) {
    const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
    // A lambda's by-copy capture is a hidden member of its closure; the
    // captured variable is the one to judge.
    if (Record && Record->isLambda())
      return "lambda capture";
    if (!Record || Record->isUnion() ||
        isa<ClassTemplateSpecializationDecl>(Record) ||
        Record->isDependentContext() ||
        Record->getTemplateInstantiationPattern())
      return "member of a template or union";
  }
  return "";
}

DequeUsage judgeDequeUses(const ValueDecl &Decl, DequeShape Shape,
                          QualType Element, llvm::ArrayRef<ContainerUse> Uses,
                          bool WarnWhenKept, ASTContext &Ctx) {
  const ValueDecl *D = &Decl;
  DequeUsage U;
  auto Keep = [&](std::string Why) {
    U.Keep = std::move(Why);
    return U;
  };
  auto NoFix = [&](SourceLocation Loc, std::string Why) {
    noFixAt(U, Loc, std::move(Why));
  };
  if (Element->isBooleanType())
    return Keep("bool elements: std::vector<bool> is a different beast");

  for (const ContainerUse &Use : Uses) {
    switch (Use.Kind) {
    case UseKind::Call: {
      llvm::StringRef M = Use.Method;
      const auto *Call = dyn_cast<CallExpr>(Use.Site);
      if (Shape == DequeShape::Stack) {
        if (!isStackMethod(M))
          return Keep("stack member " + M.str());
        break;
      }
      if (M == "pop_front" && Call) {
        // The rotate idiom: c.push_back(std::move(c.front())); c.pop_front();
        // or a queue that a profile may show stays short.
        U.Rotations.push_back(Call);
        U.FrontPops.push_back(&Use);
        break;
      }
      if (isFrontOperation(M))
        return Keep("front operation");
      if ((M == "insert" || M == "emplace") && Call && Call->getNumArgs() > 0 &&
          isa<CXXMemberCallExpr>(Call) &&
          isEndOf(cast<CXXMemberCallExpr>(Call)->getArg(0), D))
        break;
      if (M == "erase" && Call && Call->getNumArgs() == 2 &&
          isEndOf(Call->getArg(1), D))
        break;
      if (!isArrayLikeDequeMethod(M))
        return Keep("member " + M.str());
      break;
    }
    case UseKind::Subscript:
      if (Shape == DequeShape::Stack)
        return Keep("stack subscript");
      break;
    case UseKind::RangeFor:
      if (Shape == DequeShape::Stack)
        return Keep("stack iteration");
      break;
    case UseKind::Captured:
    case UseKind::PassedToTemplate:
      break;
    case UseKind::PassedToFixedType:
      NoFix(Use.Site->getBeginLoc(),
            "'" + D->getNameAsString() + "' is passed to '" +
                Use.Callee->getNameAsString() +
                "', whose parameter names the container type; change it too");
      break;
    case UseKind::Linked:
      if (!Use.Other)
        return Keep("linked to an expression");
      break;
    case UseKind::Unknown:
      return Keep(Use.Why);
    }
    if (mayReallocate(Use))
      U.Growth.push_back(&Use);
  }

  // Rotations all, or front pops all: erase(begin()) does what either does.
  if (llvm::all_of(U.Rotations, [&](const Stmt *Pop) {
        return isRotationStep(Pop, D, Ctx);
      }))
    U.FrontPops.clear();
  else
    U.Rotations.clear();
  U.Growth.insert(U.Growth.end(), U.FrontPops.begin(), U.FrontPops.end());

  // References into elements that outlive growth: a vector would move them.
  const auto *Owner = isa<FieldDecl>(D)
                          ? dyn_cast<CXXRecordDecl>(D->getDeclContext())
                          : nullptr;
  for (const ContainerUse &Use : Uses) {
    for (const ElementRef &Ref : elementRefsOf(Use, Ctx)) {
      // What other translation units weigh against their own growth.
      if (Owner)
        if (std::optional<ElementEscape> Escape =
                escapeOf(Ref, Use, Owner, Ctx))
          U.Escapes.push_back(*Escape);
      if (!isKeptAcrossGrowth(Ref, Use.Function, U.Growth, Owner, Ctx))
        continue;
      // The deque was chosen for exactly this: a warning without a safe
      // change is noise unless asked for.
      if (!WarnWhenKept)
        return Keep("a reference to an element is kept while it grows");
      NoFix(Ref.KeptAt->getBeginLoc(),
            "a reference to an element is kept here while the container "
            "can still grow; a std::vector would invalidate it");
    }
  }

  // Growth that copies each element (a class without a move constructor
  // that cannot throw) allocates for every element that owns memory: more
  // than the deque's blocks, which never move their elements. A copy that
  // cannot allocate costs nothing but the copy.
  if (isCopiedOnGrowth(Element) && copyMayAllocate(Element))
    return Keep("a std::vector would copy the elements as it grows");
  if (!isMoveInsertable(Element))
    NoFix(D->getLocation(),
          "'" + Element.getAsString(Ctx.getPrintingPolicy()) +
              "' can be neither moved nor copied, which a std::vector needs "
              "when it grows");
  return U;
}

std::string judgeFrontPops(DequeUsage &U, bool StaysShort, ASTContext &Ctx) {
  if (U.FrontPops.empty())
    return "";
  if (!StaysShort)
    return "front operation";
  for (const ContainerUse *Pop : U.FrontPops) {
    const auto *Call = dyn_cast<CXXMemberCallExpr>(Pop->Site);
    const auto *Callee =
        Call ? dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens())
             : nullptr;
    ValueUse Value = valueUseOf(Call, Ctx);
    if (!Callee || Call->getImplicitObjectArgument()->IgnoreParenImpCasts() !=
                       Pop->Ref->IgnoreParenImpCasts()) {
      noFixAt(U, Pop->Site->getBeginLoc(),
              "this pop_front() is not called on the container by name");
    } else if (Value.Use == ValueUse::Used) {
      noFixAt(U, Pop->Site->getBeginLoc(),
              "this pop_front() is part of an expression whose type would "
              "change with erase(), which returns an iterator");
    } else if (Pop->Ref->HasSideEffects(Ctx) ||
               Callee->getMemberLoc().isMacroID() ||
               Call->getRParenLoc().isMacroID() ||
               Pop->Ref->getBeginLoc().isMacroID()) {
      noFixAt(U, Pop->Site->getBeginLoc(),
              "this pop_front() is in a macro, or names the container "
              "through an expression with side effects");
    }
  }
  return "";
}

std::string judgeFirstBlockDeques(DequeUsage &U, bool StayedInFirstBlock,
                                  bool Reserved, bool AssumeShort,
                                  SourceLocation DeclLoc) {
  if (!StayedInFirstBlock || Reserved || AssumeShort)
    return "";
  if (U.FrontPops.empty())
    return "a std::vector may make more allocations than the deques that "
           "stayed in their first block";
  noFixAt(U, DeclLoc,
          "the profile cannot tell how many elements each deque held; where "
          "most hold at most one, AssumeFirstBlockDequesShort gives the "
          "fix-it");
  return "";
}

TextEdit frontPopEdit(const ContainerUse &Pop, const ASTContext &Ctx) {
  const auto *Call = cast<CXXMemberCallExpr>(Pop.Site);
  std::string Name = sourceText(Pop.Ref->getSourceRange(), Ctx);
  return {
      CharSourceRange::getTokenRange(
          cast<MemberExpr>(Call->getCallee()->IgnoreParens())->getMemberLoc(),
          Call->getRParenLoc()),
      "erase(" + Name + ".begin())"};
}

MemberFacts dequeMemberFacts(const FieldDecl &Field, const DequeUsage &Usage,
                             llvm::StringRef Keep, llvm::StringRef NoFix,
                             bool WarnWhenKept, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  MemberFacts Facts = memberFactsFor(Field, Ctx);
  Facts.WarnWhenKept = WarnWhenKept;
  Facts.setVerdict(Keep, NoFix);
  if (Facts.Local == MemberAction::Silent)
    return Facts;
  for (const ElementEscape &Escape : Usage.Escapes)
    Facts.Escapes.push_back(
        {describeEscape(Escape.Route),
         codePlaceOf(Escape.At->getBeginLoc(), Escape.Function, SM)});
  const auto *Owner = dyn_cast<CXXRecordDecl>(Field.getParent());
  for (const ContainerUse *Growth : Usage.Growth) {
    // The class's constructors grow it before anything can refer to it.
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Growth->Function);
    if (Ctor && Owner && Ctor->getParent() == Owner)
      continue;
    Facts.Growth.push_back(
        codePlaceOf(Growth->Site->getBeginLoc(), Growth->Function, SM));
  }
  return Facts;
}

std::optional<DequeFill>
dequeFillLoop(const ValueDecl &Decl, llvm::ArrayRef<ContainerUse> Uses,
              llvm::ArrayRef<const ContainerUse *> Growth, ASTContext &Ctx) {
  const ValueDecl *D = &Decl;
  const SourceManager &SM = Ctx.getSourceManager();
  // One unconditional append per iteration, the count known.
  const ContainerUse *Fill = nullptr;
  for (const ContainerUse *G : Growth) {
    const Stmt *Loop = G->Kind == UseKind::Call && isAppend(G->Method)
                           ? enclosingLoop(G->Site, Ctx)
                           : nullptr;
    if (!Loop || Fill)
      return std::nullopt; // growth outside a loop, or more than one site
    Fill = G;
  }
  if (!Fill)
    return std::nullopt;
  const Stmt *Loop = enclosingLoop(Fill->Site, Ctx);
  // The append must be a statement of the loop body itself.
  if (!runsOncePerIteration(fullStatementOf(cast<Expr>(Fill->Site), Ctx), Loop))
    return std::nullopt;
  std::optional<TripCount> Count = computeTripCount(Loop, Ctx);
  if (!Count)
    return std::nullopt;
  DequeFill F;
  F.Loop = Loop;
  F.Count = *Count;

  // reserve() goes right before the loop, which must sit in a block, and the
  // container expression must mean the same object there.
  DynTypedNodeList LoopParents = parentsOf(*Loop, Ctx);
  const Expr *Object = Fill->Ref;
  bool ObjectInvariant = isa<DeclRefExpr>(Object);
  if (const auto *Member = dyn_cast<MemberExpr>(Object))
    ObjectInvariant = isa<CXXThisExpr>(Member->getBase()->IgnoreImpCasts());
  if (LoopParents.empty() || !LoopParents[0].get<CompoundStmt>() ||
      Loop->getBeginLoc().isMacroID() || !ObjectInvariant)
    return F;
  // Empty at the loop: a local or a member in its constructor, constructed
  // without elements and not used before the loop in this function.
  auto ConstructsEmpty = [](const Expr *Init) {
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(
        Init ? Init->IgnoreImplicit() : nullptr);
    return !Init || (Construct && Construct->getNumArgs() == 0);
  };
  bool MaybeFilled = true;
  if (const auto *Var = dyn_cast<VarDecl>(D))
    MaybeFilled = !Var->hasLocalStorage() || !ConstructsEmpty(Var->getInit());
  if (const auto *Field = dyn_cast<FieldDecl>(D)) {
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Fill->Function);
    MaybeFilled = !Ctor || Field->hasInClassInitializer();
    if (Ctor)
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getMember() == Field)
          MaybeFilled |= !ConstructsEmpty(Init->getInit());
  }
  for (const ContainerUse &Use : Uses)
    MaybeFilled |= Use.Function == Fill->Function &&
                   SM.isBeforeInTranslationUnit(Use.Ref->getBeginLoc(),
                                                Loop->getBeginLoc());
  std::string Name = sourceText(Object->getSourceRange(), Ctx);
  std::string Spelled = F.Count.Spelling;
  if (MaybeFilled)
    Spelled = Name + ".size() + " + asOperand(Spelled);
  F.ReserveText = Name + ".reserve(" + Spelled + ");\n" +
                  indentationAt(Loop->getBeginLoc(), SM);
  return F;
}

SpelledArguments judgeSpelledArguments(DequeShape Shape,
                                       std::optional<unsigned> Count) {
  SpelledArguments Verdict;
  if (Shape == DequeShape::Deque) {
    if (Count && *Count > 2)
      Verdict.NoFix = "std::vector takes only the element type and an "
                      "allocator";
  } else if (Count && *Count != 1) {
    Verdict.Keep = "container chosen explicitly";
  } else if (!Count) {
    Verdict.NoFix = "the stack's type is not spelled here";
  }
  return Verdict;
}

bool stackFlaggedByDefault(bool MsvcStl, QualType Element,
                           const ASTContext &Ctx) {
  return MsvcStl && !Element->isIncompleteType() &&
         Ctx.getTypeSizeInChars(Element).getQuantity() > 8;
}

std::string dequeCostNote(const DequeBlockFacts &Facts, StlFlavor Stl,
                          bool Stack, llvm::StringRef Element) {
  if (Stack && Stl == StlFlavor::LibStdCxx)
    return "on libstdc++ an empty std::deque already allocates a 64-byte map "
           "and a " +
           std::to_string(Facts.BlockBytes) +
           "-byte block; a std::vector allocates nothing until the first push";
  return "on " + stlDisplayName(Stl).str() + ", std::deque<" + Element.str() +
         "> allocates one " + std::to_string(Facts.BlockBytes) +
         "-byte block per " + std::to_string(Facts.ElementsPerBlock) +
         (Facts.ElementsPerBlock == 1 ? " element" : " elements");
}

std::string dequeFillNote(const DequeBlockFacts &Facts, const DequeFill &Fill) {
  if (Fill.Count.Value)
    return "this loop appends " + std::to_string(*Fill.Count.Value) +
           " elements: about " +
           std::to_string(dequeBlockAllocations(Facts, *Fill.Count.Value)) +
           " block allocations in a std::deque, 1 in a std::vector after "
           "reserve()";
  return "this loop appends one element per iteration: one block allocation "
         "per " +
         std::to_string(Facts.ElementsPerBlock) +
         " elements in a std::deque, 1 allocation in a std::vector after "
         "reserve(" +
         Fill.Count.Spelling + ")";
}

std::string dequeWarning(llvm::StringRef Name, DequeShape Kind, bool Rotates,
                         bool PoppedAtFront,
                         std::optional<uint64_t> Allocations) {
  std::string Quoted = "'" + Name.str() + "'";
  if (Kind == DequeShape::Stack)
    return Quoted + " is a std::stack over a std::deque; over a std::vector "
                    "it makes fewer allocations";
  if (Rotates)
    return Quoted + " is a std::deque used as a rotating buffer; a "
                    "std::vector with std::rotate holds its elements in one "
                    "allocation";
  if (PoppedAtFront)
    return Quoted + " is a std::deque popped at its front that never "
                    "outgrew its first block in the profiled run; a "
                    "std::vector allocates nothing while empty and holds its "
                    "elements in one allocation";
  if (Allocations)
    return Quoted +
           " is a std::deque used only at its back; a std::vector "
           "with reserve() makes 1 allocation instead of about " +
           std::to_string(*Allocations);
  return Quoted + " is a std::deque used only at its back; a std::vector "
                  "holds its elements in one allocation";
}

std::string frontPopNote(uint64_t FirstBlock) {
  return "on a std::vector this is erase(begin()), which moves every "
         "element; the profile shows that no deque here ever held more than "
         "its first block of " +
         std::to_string(FirstBlock) + " elements";
}

std::string rotationNote(llvm::StringRef Name) {
  return llvm::formatv("this moves the front element to the back; with a "
                       "std::vector, std::rotate({0}.begin(), {0}.begin() + "
                       "1, {0}.end()) does the same",
                       Name)
      .str();
}

} // namespace alloc_tidy
