//===--- DequeAsArrayCheck.cpp --------------------------------------------===//
//
// Collects every std::deque (and std::stack over one) declared in user code
// and every reference to it, then decides at the end of the translation unit,
// when all uses are known, which ones are used like an array.
//
//===----------------------------------------------------------------------===//

#include "checks/DequeAsArrayCheck.h"
#include "checks/CompileErrors.h"
#include "checks/LayoutNotes.h"
#include "checks/OptionValues.h"
#include "checks/TypeSpelling.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/AstWalk.h"
#include "lib/analysis/ContainerUses.h"
#include "lib/analysis/ParentIndex.h"
#include "lib/analysis/TripCount.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringSet.h"
#include <cstdlib>

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

enum class ContainerKind { Deque, Stack };

struct DequeAsArrayCheck::Candidate {
  const ValueDecl *Decl = nullptr;
  QualType Element;
  std::vector<ContainerUse> Uses;
  /// Why the check must stay silent; empty when it may warn.
  std::string Silence;
  /// Why the warning comes without a fix-it, and where that is.
  std::string NoFixReason;
  SourceLocation NoFixLoc;
  ContainerKind Kind = ContainerKind::Deque;
  /// pop_front() calls that only rotate the container.
  std::vector<const Stmt *> Rotations;
  /// The spelled type to rewrite, or the alias that spells it.
  TypeLoc Spelled;
  const TypedefNameDecl *Alias = nullptr;
  /// A fill loop with a computable trip count and its reserve() fix-it.
  const Stmt *FillLoop = nullptr;
  std::optional<TripCount> FillCount;
  std::string ReserveText;
};

namespace {

const char DefaultDequeLikeClasses[] = "";

bool isAppend(StringRef Method) {
  return Method == "push_back" || Method == "emplace_back";
}

bool isFrontOperation(StringRef Method) {
  return Method == "push_front" || Method == "emplace_front" ||
         Method == "pop_front";
}

/// Member functions a std::vector offers with the meaning a deque gives
/// them, used at the back only.
bool isArrayLikeDequeMethod(StringRef Method) {
  static const llvm::StringSet<> Methods = {
      "push_back", "emplace_back",  "pop_back", "back",          "front",
      "at",        "size",          "empty",    "clear",         "begin",
      "end",       "cbegin",        "cend",     "rbegin",        "rend",
      "crbegin",   "crend",         "resize",   "shrink_to_fit", "max_size",
      "assign",    "get_allocator", "ssize",    "swap"};
  return Methods.contains(Method);
}

bool isStackMethod(StringRef Method) {
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

/// Calls that yield a reference or iterator into an element.
bool yieldsElement(const ContainerUse &Use, bool &IsIterator) {
  IsIterator = false;
  if (Use.Kind == UseKind::Subscript)
    return true;
  if (Use.Kind != UseKind::Call)
    return false;
  static const llvm::StringSet<> Refs = {"back",         "front", "at",
                                         "emplace_back", "top",   "emplace"};
  static const llvm::StringSet<> Iters = {"begin",  "end",  "cbegin",  "cend",
                                          "rbegin", "rend", "crbegin", "crend"};
  IsIterator = Iters.contains(Use.Method);
  return IsIterator || Refs.contains(Use.Method);
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
  StringRef Name = Call->getMethodDecl()->getName();
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
  const Expr *Arg = Push->getArg(0)->IgnoreImplicit();
  if (const auto *Move = dyn_cast<CallExpr>(Arg);
      Move && Move->getNumArgs() == 1 && Move->getDirectCallee() &&
      Move->getDirectCallee()->getName() == "move")
    Arg = Move->getArg(0)->IgnoreImplicit();
  const auto *Front = dyn_cast<CXXMemberCallExpr>(Arg->IgnoreParenImpCasts());
  return Front && Front->getMethodDecl() &&
         Front->getMethodDecl()->getName() == "front" &&
         referencedContainer(Front->getImplicitObjectArgument()) == D;
}

} // namespace

DequeAsArrayCheck::DequeAsArrayCheck(StringRef Name, ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx), CheckName(Name.str()),
      DequeLikeClasses(utils::options::parseStringList(
          Options.get("DequeLikeClasses", DefaultDequeLikeClasses))),
      TargetStl(*this, Options, Name),
      StackAdaptors(
          readBoolOption(*this, Options, Name, "StackAdaptors", false)),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      MemberFactsFile(Options.getLocalOrGlobal("MemberFactsFile", "")),
      WarnWhenReferencesKept(readBoolOption(*this, Options, Name,
                                            "WarnWhenReferencesKept", false)),
      FactsInserter(Inserter.getStyle(), areDiagsSelfContained()) {
  LayoutNotes = readLayoutNoteStyle(*this, Options, Name);
  if (const char *Out = std::getenv("ALLOC_TIDY_MEMBER_FACTS_OUTPUT"))
    FactsOutput = Out;
  if (!MemberFactsFile.empty()) {
    if (llvm::Expected<MemberDecisions> Read =
            readMemberDecisions(MemberFactsFile))
      Decisions = std::move(*Read);
    else
      configurationDiag("%0", DiagnosticIDs::Error)
          << llvm::toString(Read.takeError());
  }
}

DequeAsArrayCheck::~DequeAsArrayCheck() = default;

void DequeAsArrayCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "DequeLikeClasses",
                utils::options::serializeStringList(DequeLikeClasses));
  TargetStl.store(Options, Opts);
  Options.store(Opts, "StackAdaptors", StackAdaptors);
  Options.store(Opts, "LayoutNotes", layoutNoteStyleName(LayoutNotes));
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  Options.store(Opts, "WarnWhenReferencesKept", WarnWhenReferencesKept);
  Options.store(Opts, "MemberFactsFile", MemberFactsFile);
}

void DequeAsArrayCheck::registerPPCallbacks(const SourceManager &SM,
                                            Preprocessor *Pp,
                                            Preprocessor *ModuleExpanderPP) {
  PP = Pp;
  Errors.startParsing(Pp->getDiagnostics());
  Inserter.registerPreprocessor(Pp);
  FactsInserter.registerPreprocessor(Pp);
}

void DequeAsArrayCheck::registerMatchers(MatchFinder *Finder) {
  std::vector<StringRef> DequeNames = DequeLikeClasses;
  DequeNames.emplace_back("::std::deque");
  auto DequeDecl = classTemplateSpecializationDecl(hasAnyName(DequeNames));
  auto StackDecl = classTemplateSpecializationDecl(
      hasName("::std::stack"),
      hasTemplateArgument(1, refersToType(hasUnqualifiedDesugaredType(
                                 recordType(hasDeclaration(DequeDecl))))));
  auto ContainerDecl = StackAdaptors
                           ? cxxRecordDecl(anyOf(DequeDecl, StackDecl))
                           : cxxRecordDecl(DequeDecl);
  auto ContainerType = qualType(
      hasUnqualifiedDesugaredType(recordType(hasDeclaration(ContainerDecl))));

  Finder->addMatcher(
      varDecl(hasType(ContainerType), unless(parmVarDecl())).bind("decl"),
      this);
  Finder->addMatcher(fieldDecl(hasType(ContainerType)).bind("decl"), this);
  Finder->addMatcher(
      declRefExpr(to(varDecl(hasType(ContainerType)))).bind("ref"), this);
  Finder->addMatcher(
      memberExpr(member(fieldDecl(hasType(ContainerType)))).bind("ref"), this);
  Finder->addMatcher(
      typeLoc(loc(typedefType(hasDeclaration(
                  typedefNameDecl(hasType(ContainerType)).bind("alias")))))
          .bind("aliasUse"),
      this);
}

void DequeAsArrayCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (const auto *Decl = Result.Nodes.getNodeAs<ValueDecl>("decl")) {
    auto &Slot = Candidates[Decl];
    if (!Slot) {
      Slot = std::make_unique<Candidate>();
      Slot->Decl = Decl;
    }
    return;
  }
  if (const auto *Ref = Result.Nodes.getNodeAs<Expr>("ref")) {
    if (const ValueDecl *Decl = referencedContainer(Ref))
      References[Decl].push_back(Ref);
    return;
  }
  if (const auto *Alias = Result.Nodes.getNodeAs<TypedefNameDecl>("alias")) {
    if (const auto *Use = Result.Nodes.getNodeAs<TypeLoc>("aliasUse"))
      AliasUses[Alias->getCanonicalDecl()].push_back(Use->getBeginLoc());
  }
}

/// Decides whether the candidate is convertible, and how.
void DequeAsArrayCheck::analyze(Candidate &C) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const ValueDecl *D = C.Decl;
  auto Silence = [&](StringRef Why) {
    if (C.Silence.empty())
      C.Silence = Why.str();
  };
  auto NoFix = [&](SourceLocation Loc, std::string Why) {
    if (C.NoFixReason.empty()) {
      C.NoFixReason = std::move(Why);
      C.NoFixLoc = Loc;
    }
  };

  // Where the declaration is: user code, written by hand, not in a template.
  SourceLocation Loc = D->getLocation();
  if (Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return Silence("system header");
  if (Loc.isMacroID() || D->getBeginLoc().isMacroID())
    return Silence("macro");
  if (D->getDeclContext()->isDependentContext() || D->isTemplated())
    return Silence("template");
  if (const auto *Var = dyn_cast<VarDecl>(D)) {
    if (Var->isStaticDataMember() ||
        isTemplateInstantiation(Var->getTemplateSpecializationKind()))
      return Silence("static member or instantiated");
    if (const auto *F = dyn_cast<FunctionDecl>(Var->getDeclContext());
        F && F->isTemplateInstantiation())
      return Silence("in an instantiation");
    if (!Var->isLocalVarDeclOrParm() && Var->isExternallyVisible())
      return Silence("global visible to other translation units");
  }
  if (const auto *Field = dyn_cast<FieldDecl>(D)) {
    const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
    // A lambda's by-copy capture is a hidden member of its closure; the
    // captured variable is the one to judge.
    if (Record && Record->isLambda())
      return Silence("lambda capture");
    if (!Record || Record->isUnion() ||
        isa<ClassTemplateSpecializationDecl>(Record) ||
        Record->isDependentContext() ||
        Record->getTemplateInstantiationPattern())
      return Silence("member of a template or union");
    // Whether this unit sees all the code that can name the member is for
    // decideMember(), from this unit's facts or from every unit's.
  }

  // What it holds.
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      D->getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 1)
    return Silence("not a specialization");
  C.Kind =
      Spec->getName() == "stack" ? ContainerKind::Stack : ContainerKind::Deque;
  C.Element = Spec->getTemplateArgs()[0].getAsType();
  if (C.Element.isNull() || C.Element->isDependentType())
    return Silence("dependent element");
  if (C.Element->isBooleanType())
    return Silence("bool elements: std::vector<bool> is a different beast");

  // What every use does with it.
  std::vector<const ContainerUse *> Growth;
  for (const Expr *Ref : References.lookup(D))
    C.Uses.push_back(classifyContainerUse(Ref, Ctx));
  for (const ContainerUse &Use : C.Uses) {
    switch (Use.Kind) {
    case UseKind::Call: {
      StringRef M = Use.Method;
      const auto *Call = dyn_cast<CallExpr>(Use.Site);
      if (C.Kind == ContainerKind::Stack) {
        if (!isStackMethod(M))
          return Silence("stack member " + M.str());
        break;
      }
      if (M == "pop_front" && Call) {
        // The rotate idiom: c.push_back(std::move(c.front())); c.pop_front();
        C.Rotations.push_back(Call);
        break;
      }
      if (isFrontOperation(M))
        return Silence("front operation");
      if ((M == "insert" || M == "emplace") && Call && Call->getNumArgs() > 0 &&
          isa<CXXMemberCallExpr>(Call) &&
          isEndOf(cast<CXXMemberCallExpr>(Call)->getArg(0), D))
        break;
      if (M == "erase" && Call && Call->getNumArgs() == 2 &&
          isEndOf(Call->getArg(1), D))
        break;
      if (!isArrayLikeDequeMethod(M))
        return Silence("member " + M.str());
      break;
    }
    case UseKind::Subscript:
      if (C.Kind == ContainerKind::Stack)
        return Silence("stack subscript");
      break;
    case UseKind::RangeFor:
      if (C.Kind == ContainerKind::Stack)
        return Silence("stack iteration");
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
        return Silence("linked to an expression");
      break;
    case UseKind::Unknown:
      return Silence(Use.Why);
    }
    if (mayReallocate(Use))
      Growth.push_back(&Use);
  }

  for (const Stmt *Pop : C.Rotations)
    if (!isRotationStep(Pop, D, Ctx))
      return Silence("front operation");

  // References into elements that outlive growth: a vector would move them.
  const auto *Owner = isa<FieldDecl>(D)
                          ? dyn_cast<CXXRecordDecl>(D->getDeclContext())
                          : nullptr;
  for (const ContainerUse &Use : C.Uses) {
    llvm::SmallVector<ElementRef, 2> Kept;
    bool IsIterator = false;
    if (yieldsElement(Use, IsIterator))
      Kept.push_back(traceElementRef(cast<Expr>(Use.Site), IsIterator, Ctx));
    else if (Use.Kind == UseKind::RangeFor)
      Kept = traceRangeForElementRefs(cast<CXXForRangeStmt>(Use.Site), Ctx);
    for (const ElementRef &Ref : Kept) {
      if (!isKeptAcrossGrowth(Ref, Use.Function, Growth, Owner, Ctx))
        continue;
      // The deque was chosen for exactly this: a warning without a safe
      // change is noise unless asked for.
      if (!WarnWhenReferencesKept)
        return Silence("a reference to an element is kept while it grows");
      NoFix(Ref.KeptAt->getBeginLoc(),
            "a reference to an element is kept here while the container "
            "can still grow; a std::vector would invalidate it");
    }
  }

  // Growth that copies each element (a class without a move constructor
  // that cannot throw) allocates for every element that owns memory: more
  // than the deque's blocks, which never move their elements.
  if (isCopiedOnGrowth(C.Element))
    return Silence("a std::vector would copy the elements as it grows");
  if (!isMoveInsertable(C.Element))
    NoFix(D->getLocation(),
          "'" + C.Element.getAsString(Ctx.getPrintingPolicy()) +
              "' can be neither moved nor copied, which a std::vector needs "
              "when it grows");

  // The spelled type the fix-it rewrites.
  TypeLoc TL;
  if (const auto *DD = dyn_cast<DeclaratorDecl>(D);
      DD && DD->getTypeSourceInfo())
    TL = DD->getTypeSourceInfo()->getTypeLoc();
  if (TL && TL.getType()->getContainedAutoType()) {
    const auto *Var = dyn_cast<VarDecl>(D);
    const Expr *Init =
        Var && Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr;
    TL = TypeLoc();
    if (const auto *Temp = dyn_cast_or_null<CXXTemporaryObjectExpr>(Init))
      TL = Temp->getTypeSourceInfo()->getTypeLoc();
    else if (const auto *Cast = dyn_cast_or_null<CXXFunctionalCastExpr>(Init))
      TL = Cast->getTypeInfoAsWritten()->getTypeLoc();
  }
  if (TL) {
    TypeLoc Named = namedTypeLoc(TL);
    if (auto AliasLoc = Named.getAs<TypedefTypeLoc>()) {
      C.Alias = AliasLoc.getTypePtr()->getDecl()->getCanonicalDecl();
      C.Spelled = C.Alias->getTypeSourceInfo()->getTypeLoc();
    } else {
      C.Spelled = TL;
    }
  }
  if (!C.Spelled || !templateNameRange(C.Spelled))
    NoFix(D->getLocation(), "the type is not spelled where a fix-it can "
                            "change it");
  if (C.Kind == ContainerKind::Deque && C.Spelled) {
    auto Spec = namedTypeLoc(C.Spelled).getAs<TemplateSpecializationTypeLoc>();
    if (Spec && Spec.getNumArgs() > 2)
      NoFix(D->getLocation(), "std::vector takes only the element type and "
                              "an allocator");
  }
  if (C.Kind == ContainerKind::Stack) {
    auto Spec = namedTypeLoc(C.Spelled).getAs<TemplateSpecializationTypeLoc>();
    // A container written out is a choice the user made.
    if (Spec && Spec.getNumArgs() != 1)
      return Silence("container chosen explicitly");
    if (!Spec)
      NoFix(D->getLocation(), "the stack's type is not spelled here");
  }

  // A fill loop: one unconditional append per iteration, count known.
  if (C.Kind != ContainerKind::Deque)
    return;
  const ContainerUse *Fill = nullptr;
  for (const ContainerUse *G : Growth) {
    const Stmt *Loop = G->Kind == UseKind::Call && isAppend(G->Method)
                           ? enclosingLoop(G->Site, Ctx)
                           : nullptr;
    if (!Loop || Fill)
      return; // growth outside a loop, or more than one growth site
    Fill = G;
  }
  if (!Fill)
    return;
  const Stmt *Loop = enclosingLoop(Fill->Site, Ctx);
  // The append must be a statement of the loop body itself.
  if (!runsOncePerIteration(fullStatementOf(cast<Expr>(Fill->Site), Ctx), Loop))
    return;
  C.FillCount = computeTripCount(Loop, Ctx);
  if (!C.FillCount)
    return;
  C.FillLoop = Loop;

  // reserve() goes right before the loop, which must sit in a block, and the
  // container expression must mean the same object there.
  DynTypedNodeList LoopParents = parentsOf(*Loop, Ctx);
  const Expr *Object = Fill->Ref;
  bool ObjectInvariant = isa<DeclRefExpr>(Object);
  if (const auto *Member = dyn_cast<MemberExpr>(Object))
    ObjectInvariant = isa<CXXThisExpr>(Member->getBase()->IgnoreImpCasts());
  if (LoopParents.empty() || !LoopParents[0].get<CompoundStmt>() ||
      Loop->getBeginLoc().isMacroID() || !ObjectInvariant)
    return;
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
  for (const ContainerUse &Use : C.Uses)
    MaybeFilled |= Use.Function == Fill->Function &&
                   SM.isBeforeInTranslationUnit(Use.Ref->getBeginLoc(),
                                                Loop->getBeginLoc());
  std::string Name = sourceText(Object->getSourceRange(), Ctx);
  std::string Count = C.FillCount->Spelling;
  if (MaybeFilled)
    Count = Name + ".size() + " + asOperand(Count);
  unsigned Column = SM.getSpellingColumnNumber(Loop->getBeginLoc());
  C.ReserveText = Name + ".reserve(" + Count + ");\n" +
                  std::string(Column > 0 ? Column - 1 : 0, ' ');
}

void DequeAsArrayCheck::onEndOfTranslationUnit() {
  // The verdict rests on seeing every use; code with errors has lost some
  // (an invalid 'd.push_front(' is dropped from the AST), so say nothing.
  if (!Context || Errors.occurred(Context->getDiagnostics())) {
    Candidates.clear();
    References.clear();
    AliasUses.clear();
    return;
  }
  for (auto &Entry : Candidates)
    analyze(*Entry.second);
  linkCandidates();
  // Members: what this unit's code allows, then whether that is the whole
  // story (this unit's facts, or every unit's from alloc-run).
  for (auto &Entry : Candidates)
    if (const auto *Field = dyn_cast<FieldDecl>(Entry.first))
      decideMember(*Entry.second, *Field);
  // A member kept by its decision keeps what is linked to it.
  linkCandidates();

  // Each spelled type is rewritten once, by its first declaration.
  llvm::DenseSet<SourceLocation> Rewritten;
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    if (!C.Silence.empty())
      continue;
    if (C.Spelled && C.NoFixReason.empty() &&
        !Rewritten.insert(C.Spelled.getBeginLoc()).second)
      C.Spelled = TypeLoc();
    report(*this, render(C, Inserter));
  }
  Candidates.clear();
  References.clear();
  AliasUses.clear();
}

void DequeAsArrayCheck::linkCandidates() {
  const SourceManager &SM = Context->getSourceManager();
  // Containers linked by swap, assignment or comparison change together.
  llvm::EquivalenceClasses<const ValueDecl *> Groups;
  for (auto &Entry : Candidates) {
    Groups.insert(Entry.first);
    for (const ContainerUse &Use : Entry.second->Uses)
      if (Use.Kind == UseKind::Linked && Use.Other)
        Groups.unionSets(Entry.first, Use.Other);
  }
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    if (!C.Silence.empty())
      continue;
    for (auto It = Groups.findLeader(C.Decl); It != Groups.member_end(); ++It) {
      auto Peer = Candidates.find(*It);
      if (Peer == Candidates.end() || !Peer->second->Silence.empty() ||
          Peer->second->Kind != C.Kind) {
        C.Silence = "linked to a container that must stay";
        break;
      }
      if (C.NoFixReason.empty() && !Peer->second->NoFixReason.empty()) {
        C.NoFixReason = "'" + (*It)->getNameAsString() +
                        "' must change with it, and cannot";
        C.NoFixLoc = (*It)->getLocation();
      }
    }
  }

  // One spelled type can serve several declarations: an alias, or
  // declarators in one declaration ("std::deque<int> a, b;"). Rewriting it
  // changes them all, so it is rewritten only when all of them convert.
  auto Fixable = [&](const ValueDecl *D) {
    auto It = Candidates.find(D);
    return It != Candidates.end() && It->second->Silence.empty() &&
           It->second->NoFixReason.empty();
  };
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    if (!C.Silence.empty() || !C.NoFixReason.empty())
      continue;
    if (C.Alias) {
      // Other translation units can name an alias in a header, unless it is
      // a private member of a class whose code is all here.
      if (!SM.isInMainFile(SM.getExpansionLoc(C.Alias->getLocation())) &&
          !seesAllCodeUsingMember(C.Alias, *Context)) {
        C.NoFixReason = "the type alias '" + C.Alias->getNameAsString() +
                        "' is declared where other translation units can "
                        "use it";
        C.NoFixLoc = C.Alias->getLocation();
        continue;
      }
      bool AllConvert = true;
      for (SourceLocation Use : AliasUses.lookup(C.Alias)) {
        bool Known = false;
        for (auto &Other : Candidates) {
          const auto *DD = dyn_cast<DeclaratorDecl>(Other.first);
          if (DD && DD->getTypeSourceInfo() &&
              DD->getTypeSourceInfo()->getTypeLoc().getBeginLoc() == Use)
            Known = Fixable(Other.first);
        }
        AllConvert &= Known;
      }
      if (!AllConvert) {
        C.NoFixReason = "the type alias '" + C.Alias->getNameAsString() +
                        "' is also used where it must stay as it is";
        C.NoFixLoc = C.Alias->getLocation();
      }
      continue;
    }
    const auto *DD = dyn_cast<DeclaratorDecl>(C.Decl);
    if (!DD)
      continue;
    for (const Decl *Sibling : DD->getDeclContext()->decls()) {
      const auto *Other = dyn_cast<DeclaratorDecl>(Sibling);
      if (Other && Other != DD &&
          Other->getTypeSpecStartLoc() == DD->getTypeSpecStartLoc() &&
          !Fixable(Other)) {
        C.NoFixReason = "'" + Other->getNameAsString() +
                        "' is declared with the same type and must stay as "
                        "it is; declare it separately";
        C.NoFixLoc = Other->getLocation();
        break;
      }
    }
  }
}

void DequeAsArrayCheck::decideMember(Candidate &C, const FieldDecl &Field) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *Record = dyn_cast<CXXRecordDecl>(Field.getParent());
  // Facts are about members of plain classes in user code.
  if (!Record || Record->isLambda() || Record->isUnion() ||
      Record->isDependentContext() ||
      isa<ClassTemplateSpecializationDecl>(Record) ||
      Record->getTemplateInstantiationPattern() ||
      SM.isInSystemHeader(SM.getExpansionLoc(Field.getLocation())) ||
      Field.getLocation().isMacroID())
    return;

  MemberFacts Facts = memberFactsFor(Field, Ctx);
  Facts.Check = CheckName;
  if (!C.Silence.empty()) {
    Facts.Local = MemberAction::Silent;
    Facts.Why = C.Silence;
  } else if (!C.NoFixReason.empty() || !C.Rotations.empty()) {
    Facts.Local = MemberAction::Warn;
    Facts.Why = !C.NoFixReason.empty() ? C.NoFixReason : "a rotating buffer";
  } else {
    Facts.Local = MemberAction::Fix;
  }
  if (!FactsOutput.empty()) {
    if (Facts.Local != MemberAction::Silent)
      Facts.Finding = findingToJson(CheckName, render(C, FactsInserter), SM);
    if (llvm::Error E = appendMemberFacts(FactsOutput, Facts))
      configurationDiag("cannot write member facts to '%0': %1",
                        DiagnosticIDs::Error)
          << FactsOutput << llvm::toString(std::move(E));
  }

  MemberDecision Decision = decideInOneUnit(Facts);
  // The whole program's decision, unless this unit's own code says silent
  // (facts from before a change must never bring a fix it contradicts).
  if (Decisions && Facts.Local != MemberAction::Silent) {
    auto Merged = Decisions->find(Facts.key());
    if (Merged != Decisions->end()) {
      Decision.Action = Merged->second.Action;
      Decision.Why = Merged->second.Why;
      if (Facts.Local == MemberAction::Warn &&
          Decision.Action == MemberAction::Fix)
        Decision = decideInOneUnit(Facts);
    }
  }
  if (Decision.Action == MemberAction::Silent && C.Silence.empty())
    C.Silence = Decision.Why;
  if (Decision.Action == MemberAction::Warn && C.NoFixReason.empty() &&
      C.Rotations.empty()) {
    C.NoFixReason = Decision.Why;
    C.NoFixLoc = Field.getLocation();
  }
}

Finding DequeAsArrayCheck::render(const Candidate &C,
                                  utils::IncludeInserter &Includes) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  StlFlavor Stl = TargetStl.resolve(PP);
  std::string Element = C.Element.getAsString(Ctx.getPrintingPolicy());
  std::optional<DequeBlockFacts> Facts;
  if (!C.Element->isIncompleteType())
    Facts =
        dequeBlockFacts(Stl, Ctx.getTypeSizeInChars(C.Element).getQuantity());
  bool CanFix = C.NoFixReason.empty() && C.Rotations.empty();
  const std::string Name = C.Decl->getNameAsString();

  Finding F;
  F.Warning.Loc = C.Decl->getLocation();
  if (C.Kind == ContainerKind::Stack)
    F.Warning.Text = "'" + Name +
                     "' is a std::stack over a std::deque; over a std::vector "
                     "it makes fewer allocations";
  else if (!C.Rotations.empty())
    F.Warning.Text = "'" + Name +
                     "' is a std::deque used as a rotating buffer; a "
                     "std::vector with std::rotate holds its elements in one "
                     "allocation";
  else if (Facts && C.FillCount && C.FillCount->Value)
    F.Warning.Text =
        "'" + Name +
        "' is a std::deque used only at its back; a std::vector with "
        "reserve() makes 1 allocation instead of about " +
        std::to_string(dequeAllocations(*Facts, *C.FillCount->Value));
  else
    F.Warning.Text = "'" + Name +
                     "' is a std::deque used only at its back; a std::vector "
                     "holds its elements in one allocation";

  if (CanFix && C.Spelled) {
    std::vector<FixItHint> &Fixes = F.Warning.Fixes;
    if (C.Kind == ContainerKind::Deque) {
      Fixes.push_back(FixItHint::CreateReplacement(
          *templateNameRange(C.Spelled), "std::vector"));
      if (!C.ReserveText.empty())
        Fixes.push_back(FixItHint::CreateInsertion(C.FillLoop->getBeginLoc(),
                                                   C.ReserveText));
    } else {
      auto Spec =
          namedTypeLoc(C.Spelled).getAs<TemplateSpecializationTypeLoc>();
      Fixes.push_back(FixItHint::CreateInsertion(
          Spec.getRAngleLoc(),
          ", std::vector<" + spelledArguments(C.Spelled, Ctx) + ">"));
    }
    if (std::optional<FixItHint> Include = Includes.createIncludeInsertion(
            SM.getFileID(SM.getExpansionLoc(C.Spelled.getBeginLoc())),
            "<vector>"))
      Fixes.push_back(std::move(*Include));
  }

  // What it costs, with this library's numbers.
  if (Facts && C.Kind == ContainerKind::Stack && Stl == StlFlavor::LibStdCxx) {
    F.note(C.Decl->getLocation(),
           "on libstdc++ an empty std::deque already allocates a 64-byte map "
           "and a " +
               std::to_string(Facts->BlockBytes) +
               "-byte block; a std::vector allocates nothing until the first "
               "push");
  } else if (Facts) {
    F.note(C.Decl->getLocation(),
           "on " + stlDisplayName(Stl).str() + ", std::deque<" + Element +
               "> allocates one " + std::to_string(Facts->BlockBytes) +
               "-byte block per " + std::to_string(Facts->ElementsPerBlock) +
               (Facts->ElementsPerBlock == 1 ? " element" : " elements"));
  }
  for (const Stmt *Pop : C.Rotations)
    F.note(Pop->getBeginLoc(),
           "this moves the front element to the back; with a std::vector, "
           "std::rotate(" +
               Name + ".begin(), " + Name + ".begin() + 1, " + Name +
               ".end()) does the same");
  if (C.FillLoop && C.FillCount && Facts && CanFix) {
    if (C.FillCount->Value)
      F.note(C.FillLoop->getBeginLoc(),
             "this loop appends " + std::to_string(*C.FillCount->Value) +
                 " elements: about " +
                 std::to_string(
                     dequeBlockAllocations(*Facts, *C.FillCount->Value)) +
                 " block allocations in a std::deque, 1 in a std::vector "
                 "after reserve()");
    else
      F.note(C.FillLoop->getBeginLoc(),
             "this loop appends one element per iteration: one block "
             "allocation per " +
                 std::to_string(Facts->ElementsPerBlock) +
                 " elements in a std::deque, 1 allocation in a std::vector "
                 "after reserve(" +
                 C.FillCount->Spelling + ")");
  }
  if (!C.NoFixReason.empty())
    F.note(C.NoFixLoc, "no fix-it: " + C.NoFixReason);
  if (const auto *Field = dyn_cast<FieldDecl>(C.Decl))
    addLayoutNotes(F, C, *Field);
  return F;
}

// The member becomes a std::vector (or a stack over one): what that does to
// the size of the class that holds it.
void DequeAsArrayCheck::addLayoutNotes(Finding &F, const Candidate &C,
                                       const FieldDecl &Field) {
  if (LayoutNotes == LayoutNoteStyle::None)
    return;
  ASTContext &Ctx = *Context;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      Field.getType()->getAsCXXRecordDecl());
  if (!Spec)
    return;
  std::string Why;
  QualType NewType;
  if (C.Kind == ContainerKind::Deque) {
    NewType = specializationForNote(Ctx, PP, "std::vector",
                                    Spec->getTemplateArgs().asArray(), Why);
  } else if (Spec->getTemplateArgs().size() == 2) {
    // std::stack<T, std::deque<T, A>> -> std::stack<T, std::vector<T, A>>.
    const auto *Deque = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        Spec->getTemplateArgs()[1].getAsType()->getAsCXXRecordDecl());
    if (!Deque)
      return;
    QualType Vector = specializationForNote(
        Ctx, PP, "std::vector", Deque->getTemplateArgs().asArray(), Why);
    if (!Vector.isNull()) {
      TemplateArgument Args[] = {Spec->getTemplateArgs()[0],
                                 TemplateArgument(Vector)};
      NewType = specializationForNote(Ctx, PP, "std::stack", Args, Why);
    }
  }
  // Named as the fix-it spells it, else as clang prints it (without the
  // default template arguments).
  std::string NewName = "a std::vector";
  std::string Args = C.Spelled ? spelledArguments(C.Spelled, Ctx) : "";
  if (!Args.empty()) {
    NewName = C.Kind == ContainerKind::Deque
                  ? "std::vector<" + Args + ">"
                  : "std::stack<" + Args + ", std::vector<" + Args + ">>";
  } else if (const CXXRecordDecl *New =
                 NewType.isNull() ? nullptr : NewType->getAsCXXRecordDecl()) {
    NewName.clear();
    llvm::raw_string_ostream OS(NewName);
    New->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  }
  for (const std::string &Note :
       memberTypeChangeNotes(Field, NewType, NewName, Why, Ctx, LayoutNotes))
    F.note(Field.getLocation(), Note);
}

} // namespace clang::tidy::alloc
