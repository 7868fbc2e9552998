//===--- SmallVectorCheck.cpp ---------------------------------------------===//
//
// Collects every std::vector local and data member in user code and every
// reference to it; at the end of the translation unit, when all uses are
// known, bounds the number of elements each one can hold:
// - a local: its initial size, plus what each append adds (times the trip
//   count of the constant loops around it), plus the largest resize();
// - a member: what every constructor gives it, either a constant or a
//   constructor argument that every visible construction passes as the same
//   constant; other member functions may grow it only under a condition.
// A bound within the options' limits gives a warning, and a fix-it when
// every member function the code calls exists on the replacement class.
//
//===----------------------------------------------------------------------===//

#include "checks/SmallVectorCheck.h"
#include "checks/OptionValues.h"
#include "checks/TypeSpelling.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/AstWalk.h"
#include "lib/analysis/ConstructorArguments.h"
#include "lib/analysis/ContainerUses.h"
#include "lib/analysis/MemberFacts.h"
#include "lib/analysis/TripCount.h"
#include "lib/layout/InlineVectorModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

namespace {

/// A note that backs the bound: where the elements come from.
struct Evidence {
  SourceLocation Loc;
  std::string Text;
};

/// How an initializer builds the vector.
struct InitShape {
  VectorConstruction Form = VectorConstruction::Default;
  /// Elements it holds, when known.
  std::optional<uint64_t> Size;
  /// For Count and CountValue: the count expression.
  const Expr *Count = nullptr;
  /// For InitializerList: the braces.
  const InitListExpr *List = nullptr;
  const CXXConstructExpr *Construct = nullptr;
};

/// What one member function call does to the size.
struct SizeEffect {
  enum Kind { Read, Append, SetSize, Reserve, Shrink, FromInput } Kind = Read;
  /// Elements appended, or the size set; unknown when Count is set.
  std::optional<uint64_t> N;
  /// A count the analysis could not evaluate.
  const Expr *Count = nullptr;
};

/// Arguments the code wrote (default arguments left out).
unsigned writtenArgs(const CallExpr *Call) {
  unsigned N = 0;
  for (const Expr *Arg : Call->arguments())
    N += !isa<CXXDefaultArgExpr>(Arg);
  return N;
}

const InitListExpr *initializerList(const Expr *E) {
  const auto *List =
      dyn_cast<CXXStdInitializerListExpr>(E->IgnoreImplicit()->IgnoreParens());
  if (!List)
    return nullptr;
  return dyn_cast<InitListExpr>(List->getSubExpr()->IgnoreImplicit());
}

std::optional<InitShape> shapeOf(const Expr *Init, const ASTContext &Ctx) {
  if (!Init)
    return std::nullopt;
  Init = Init->IgnoreImplicit()->IgnoreParens();
  if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(Init))
    return shapeOf(Default->getExpr(), Ctx);
  if (const auto *Temp = dyn_cast<CXXFunctionalCastExpr>(Init))
    Init = Temp->getSubExpr()->IgnoreImplicit();
  const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
  if (!Construct)
    return std::nullopt;
  InitShape Shape;
  Shape.Construct = Construct;
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  unsigned Args = 0;
  for (const Expr *Arg : Construct->arguments())
    Args += !isa<CXXDefaultArgExpr>(Arg);
  if (Ctor->isCopyOrMoveConstructor()) {
    Shape.Form = Ctor->isMoveConstructor() ? VectorConstruction::Move
                                           : VectorConstruction::Copy;
    return Shape;
  }
  if (Args == 0) {
    Shape.Size = 0;
    return Shape;
  }
  if (const InitListExpr *List = initializerList(Construct->getArg(0))) {
    Shape.Form = VectorConstruction::InitializerList;
    Shape.List = List;
    Shape.Size = List->getNumInits();
    return Args == 1 ? std::optional(Shape) : std::nullopt;
  }
  const Expr *First = Construct->getArg(0);
  if (First->getType()->isIntegralOrEnumerationType()) {
    Shape.Form =
        Args == 1 ? VectorConstruction::Count : VectorConstruction::CountValue;
    Shape.Count = First;
    Shape.Size = evaluateCount(First, Ctx);
    return Args <= 2 ? std::optional(Shape) : std::nullopt;
  }
  Shape.Form = VectorConstruction::Range;
  return Shape;
}

SizeEffect sizeEffectOf(const ContainerUse &Use, const ASTContext &Ctx) {
  SizeEffect Effect;
  StringRef M = Use.Method;
  const auto *Call = dyn_cast_or_null<CallExpr>(Use.Site);
  unsigned Args = Call ? writtenArgs(Call) : 0;
  // Member calls list the arguments after the object; the operator form of
  // "v = {...}" has the object first.
  unsigned First = Call && isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
  if (Call && isa<CXXOperatorCallExpr>(Call))
    --Args;
  auto Arg = [&](unsigned I) { return Call->getArg(First + I); };
  if (M == "push_back" || M == "emplace_back" || M == "emplace") {
    Effect.Kind = SizeEffect::Append;
    Effect.N = 1;
  } else if (M == "insert") {
    Effect.Kind = SizeEffect::Append;
    if (Args == 2) {
      if (const InitListExpr *List = initializerList(Arg(1)))
        Effect.N = List->getNumInits();
      else
        Effect.N = 1;
    } else if (Args == 3 && Arg(1)->getType()->isIntegralOrEnumerationType()) {
      Effect.N = evaluateCount(Arg(1), Ctx);
      Effect.Count = Arg(1);
    } else {
      Effect.Kind = SizeEffect::FromInput;
    }
  } else if (M == "resize" || M == "assign") {
    Effect.Kind = SizeEffect::SetSize;
    if (Args >= 1 && Call) {
      if (const InitListExpr *List = initializerList(Arg(0))) {
        Effect.N = List->getNumInits();
      } else if (Arg(0)->getType()->isIntegralOrEnumerationType() &&
                 (M == "resize" || Args == 2)) {
        Effect.N = evaluateCount(Arg(0), Ctx);
        Effect.Count = Arg(0);
      } else {
        Effect.Kind = SizeEffect::FromInput;
      }
    } else {
      Effect.Kind = SizeEffect::FromInput;
    }
  } else if (M == "reserve") {
    Effect.Kind = SizeEffect::Reserve;
  } else if (M == "pop_back" || M == "erase" || M == "clear" ||
             M == "shrink_to_fit") {
    Effect.Kind = SizeEffect::Shrink;
  }
  return Effect;
}

/// Member functions std::array offers with std::vector's meaning.
bool isArrayMember(StringRef M) {
  static const llvm::StringSet<> Members = {
      "at",         "front", "back", "data",     "begin",   "cbegin",
      "operator[]", "end",   "cend", "rbegin",   "crbegin", "rend",
      "crend",      "empty", "size", "max_size", "ssize"};
  return Members.contains(M);
}

/// The path from a use up to \p Scope (a statement) or up to the function
/// body: the loops and conditions it passes.
struct Placement {
  llvm::SmallVector<const Stmt *, 2> Loops;
  bool Conditional = false;
};

Placement placementOf(const Stmt *Site, const Stmt *Scope, ASTContext &Ctx) {
  Placement Where;
  DynTypedNode Child = DynTypedNode::create(*Site);
  while (true) {
    DynTypedNode Parent = parentOf(Child, Ctx);
    const Stmt *P = Parent.get<Stmt>();
    if (!P || P == Scope)
      break;
    const Stmt *C = Child.get<Stmt>();
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P)) {
      // The init of a for loop and a range-for's range run once.
      bool InBody = true;
      if (const auto *For = dyn_cast<ForStmt>(P))
        InBody = C != For->getInit();
      if (const auto *Range = dyn_cast<CXXForRangeStmt>(P))
        InBody = C != Range->getRangeInit() && C != Range->getInit() &&
                 C != Range->getRangeStmt();
      if (InBody)
        Where.Loops.push_back(P);
    } else if (const auto *If = dyn_cast<IfStmt>(P)) {
      Where.Conditional |= C != If->getCond() && C != If->getInit() &&
                           C != If->getConditionVariableDeclStmt();
    } else if (isa<SwitchCase, SwitchStmt>(P)) {
      Where.Conditional |=
          !isa<SwitchStmt>(P) || C != cast<SwitchStmt>(P)->getCond();
    } else if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(P)) {
      Where.Conditional |= C != Cond->getCond();
    } else if (const auto *Op = dyn_cast<BinaryOperator>(P);
               Op && Op->isLogicalOp()) {
      Where.Conditional |= C == Op->getRHS();
    }
    Child = Parent;
  }
  return Where;
}

/// Records the members of the replacement that a subscript or a range-for
/// loop needs.
void noteMembersUsed(const ContainerUse &Use, llvm::StringSet<> &Members) {
  if (Use.Kind == UseKind::Subscript) {
    Members.insert("operator[]");
  } else {
    Members.insert("begin");
    Members.insert("end");
  }
}

/// Whether "std::array<T, N> A{};" compiles where "std::vector<T> V(N);"
/// does: the elements are copy-list-initialised from {}, which an explicit
/// default constructor refuses.
bool hasImplicitDefaultInit(QualType Element) {
  const CXXRecordDecl *Record = Element->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return true;
  return llvm::none_of(Record->ctors(), [](const CXXConstructorDecl *Ctor) {
    return Ctor->isDefaultConstructor() && Ctor->isExplicit();
  });
}

/// Why a use stops the analysis: the vector would have to stay a vector,
/// or it may be used where the bound does not hold.
std::string whyNotFollowed(const ContainerUse &Use) {
  switch (Use.Kind) {
  case UseKind::PassedToFixedType:
    // The callee needs a std::vector: one would have to be built for it.
    return "passed to a function that takes a std::vector";
  case UseKind::Captured:
    return "captured by a lambda";
  case UseKind::PassedToTemplate:
    return "passed to a template";
  default:
    return Use.Why;
  }
}

/// How many times code placed as \p Where runs per run of its scope: the
/// product of the constant trip counts of its loops; nullopt when a loop's
/// count is not a constant.
/// The uses every analysis treats alike: subscripts and range-for loops
/// record the members they need, a copy between two objects of the member's
/// class is a copy construction, and any other link or escape silences the
/// check; returns why it does.
std::optional<std::string>
followOtherUse(const ContainerUse &Use, const FieldDecl *Field,
               llvm::StringSet<> &Members,
               llvm::SmallVectorImpl<VectorConstruction> &Constructions) {
  switch (Use.Kind) {
  case UseKind::Call:
    return std::nullopt;
  case UseKind::Subscript:
  case UseKind::RangeFor:
    noteMembersUsed(Use, Members);
    return std::nullopt;
  case UseKind::Linked:
    // Copied between two objects of the class: both change together.
    if (Field && Use.Other == Field) {
      Constructions.push_back(VectorConstruction::Copy);
      return std::nullopt;
    }
    return std::string("assigned to or from another container");
  case UseKind::PassedToFixedType:
  case UseKind::Captured:
  case UseKind::PassedToTemplate:
  case UseKind::Unknown:
    break;
  }
  return whyNotFollowed(Use);
}

/// A constructor's definition in this translation unit (a defaulted one is
/// its own), or null when it is defined elsewhere.
const CXXConstructorDecl *definitionOf(const CXXConstructorDecl *Declared) {
  const FunctionDecl *Definition = nullptr;
  if (!Declared->isDefined(Definition) && !Declared->isDefaulted())
    return nullptr;
  return Definition ? cast<CXXConstructorDecl>(Definition) : Declared;
}

std::optional<uint64_t> timesRun(const Placement &Where, ASTContext &Ctx) {
  uint64_t Times = 1;
  for (const Stmt *Loop : Where.Loops) {
    std::optional<TripCount> Count = computeTripCount(Loop, Ctx);
    if (!Count || !Count->Value)
      return std::nullopt;
    Times *= *Count->Value;
  }
  return Times;
}

std::string describeCtor(const CXXConstructorDecl *Ctor,
                         const PrintingPolicy &Policy) {
  std::string Text = Ctor->getParent()->getNameAsString() + "(";
  for (unsigned I = 0; I < Ctor->getNumParams(); ++I) {
    if (I)
      Text += ", ";
    Text += Ctor->getParamDecl(I)->getType().getAsString(Policy);
  }
  return Text + ")";
}

bool isInSystemHeader(SourceLocation Loc, const SourceManager &SM) {
  return Loc.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

/// The header as IncludeInserter takes it: "<a.h>" for an angled include,
/// a bare "a.h" for a quoted one.
StringRef includeSpelling(StringRef Header) {
  if (Header.size() >= 2 && Header.front() == '"' && Header.back() == '"')
    return Header.drop_front().drop_back();
  return Header;
}

} // namespace

struct SmallVectorCheck::Candidate {
  const ValueDecl *Decl = nullptr;
  QualType Element;
  TypeLoc Spelled;
  std::vector<ContainerUse> Uses;
  /// Why the check must stay silent; empty when it may warn.
  std::string Silence;
  /// Why the warning comes without a fix-it, and where that is.
  std::string NoFixReason;
  /// The bound: the elements the container must hold inline.
  uint64_t Capacity = 0;
  /// The capacity to write in the replacement's template arguments: more
  /// than Capacity where the class holds fewer than it is asked for.
  uint64_t Declared = 0;
  std::optional<InitShape> Init;
  /// A member that grows beyond its constructors' elements under a
  /// condition; the first place it does.
  const Stmt *ConditionalGrowth = nullptr;
  /// The loop a local is declared in.
  const Stmt *DeclLoop = nullptr;
  std::vector<Evidence> Notes;
  llvm::StringSet<> Members;
  llvm::SmallVector<VectorConstruction, 4> Constructions;
  SourceLocation NoFixLoc;
  /// A local whose size never changes after construction: std::array.
  bool UseArray = false;
  /// A member whose size comes from a constructor argument.
  bool SizedByArgument = false;
  /// A member of a class whose code this unit may not all see: its facts,
  /// for a decision across units. Capacity is then what the constructors
  /// defined here need (0: none is).
  std::optional<MemberFacts> Facts;
  /// A local filled only by single appends from empty, without reserve():
  /// the growth allocations can be counted.
  bool OnlyAppends = true;

  /// The analysis stopped only because it could not bound the size; a
  /// profile can still show the sizes the vector had at run time.
  bool SizeUnknown = false;
  /// Code whose allocations heapcount attributes to this vector: its
  /// growing calls and its constructions.
  struct Anchor {
    SourceRange Range;
    const FunctionDecl *Function = nullptr;
  };
  std::vector<Anchor> Anchors;
  /// A profile site attributed to this vector, and the code it is at.
  struct SiteMatch {
    const ProfileSite *Site = nullptr;
    SourceLocation Loc;
  };
  std::vector<SiteMatch> ProfileSites;
  /// Sites at its code whose element does not match: ignored.
  std::vector<SiteMatch> MismatchedSites;
  std::optional<CapacityChoice> Profiled;
};

SmallVectorCheck::SmallVectorCheck(StringRef Name, ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx),
      VectorLikeClasses(utils::options::parseStringList(
          Options.get("VectorLikeClasses", ""))),
      MaxInlineElements(
          readCountOption(*this, Options, Name, "MaxInlineElements", 8, 1)),
      MaxInlineBytes(
          readCountOption(*this, Options, Name, "MaxInlineBytes", 1024, 1)),
      SmallVectorClassName(Options.get("SmallVectorClass", "auto").str()),
      SmallVectorHeader(Options.get("SmallVectorHeader", "").str()),
      TargetStl(*this, Options, Name),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      WholeProgram(*this, Options, Inserter.getStyle(),
                   areDiagsSelfContained()) {
  std::string Error;
  AutoClass = StringRef(SmallVectorClassName).trim() == "auto";
  TargetUsable = resolveInlineVectorClass(
      AutoClass ? StringRef("boost::container::small_vector")
                : StringRef(SmallVectorClassName),
      SmallVectorHeader, Target, Error);
  if (!TargetUsable) {
    configurationDiag("invalid value '%0' for %1.SmallVectorClass: %2; "
                      "fix-its are disabled",
                      DiagnosticIDs::Error)
        << SmallVectorClassName << Name << Error;
    Target = inlineVectorPresets().front();
  }
  ConfiguredTarget = Target;
  LayoutNotes = readLayoutNoteStyle(*this, Options, Name);
  OwnName = Name.str();
  ProfileFile = Options.get("ProfileFile", "").str();
  ProfileCoverageText = Options.get("ProfileCoverage", "0.9").str();
  ProfileMinAllocations =
      readCountOption(*this, Options, Name, "ProfileMinAllocations", 100);
  if (StringRef(ProfileCoverageText).trim().getAsDouble(ProfileCoverage) ||
      !(ProfileCoverage > 0 && ProfileCoverage <= 1)) {
    configurationDiag("invalid value '%0' for %1.ProfileCoverage: expected "
                      "the share of allocations to cover, above 0 and at "
                      "most 1 (such as 0.9); using 0.9",
                      DiagnosticIDs::Error)
        << ProfileCoverageText << Name;
    ProfileCoverage = 0.9;
  }
  if (!ProfileFile.empty()) {
    llvm::Expected<HeapProfile> Loaded = HeapProfile::load(ProfileFile);
    if (Loaded)
      Profile = std::move(*Loaded);
    else
      configurationDiag("cannot read the heapcount profile '%0' "
                        "(%1.ProfileFile): %2; profile-guided sizes are off",
                        DiagnosticIDs::Error)
          << ProfileFile << Name << llvm::toString(Loaded.takeError());
  }
}

SmallVectorCheck::~SmallVectorCheck() = default;

void SmallVectorCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "VectorLikeClasses",
                utils::options::serializeStringList(VectorLikeClasses));
  Options.store(Opts, "MaxInlineElements",
                static_cast<unsigned>(MaxInlineElements));
  Options.store(Opts, "MaxInlineBytes", static_cast<unsigned>(MaxInlineBytes));
  Options.store(Opts, "SmallVectorClass", SmallVectorClassName);
  Options.store(Opts, "SmallVectorHeader", SmallVectorHeader);
  TargetStl.store(Options, Opts);
  Options.store(Opts, "LayoutNotes", layoutNoteStyleName(LayoutNotes));
  Options.store(Opts, "ProfileFile", ProfileFile);
  Options.store(Opts, "ProfileCoverage", ProfileCoverageText);
  Options.store(Opts, "ProfileMinAllocations",
                static_cast<unsigned>(ProfileMinAllocations));
  Options.store(Opts, "IncludeStyle", Inserter.getStyle());
  WholeProgram.store(Options, Opts);
}

void SmallVectorCheck::registerPPCallbacks(const SourceManager &SM,
                                           Preprocessor *Pp,
                                           Preprocessor *ModuleExpanderPP) {
  PP = Pp;
  Inserter.registerPreprocessor(Pp);
  WholeProgram.registerPreprocessor(Pp);
}

void SmallVectorCheck::registerMatchers(MatchFinder *Finder) {
  std::vector<StringRef> Names = VectorLikeClasses;
  Names.emplace_back("::std::vector");
  auto VectorType = qualType(hasUnqualifiedDesugaredType(recordType(
      hasDeclaration(classTemplateSpecializationDecl(hasAnyName(Names))))));
  Finder->addMatcher(
      varDecl(hasType(VectorType), hasLocalStorage(), unless(parmVarDecl()))
          .bind("decl"),
      this);
  Finder->addMatcher(fieldDecl(hasType(VectorType)).bind("decl"), this);
  Finder->addMatcher(
      declRefExpr(to(varDecl(hasType(VectorType), hasLocalStorage())))
          .bind("ref"),
      this);
  Finder->addMatcher(
      memberExpr(member(fieldDecl(hasType(VectorType)))).bind("ref"), this);
}

void SmallVectorCheck::check(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (const auto *Decl = Result.Nodes.getNodeAs<ValueDecl>("decl")) {
    auto &Slot = Candidates[Decl];
    if (!Slot) {
      Slot = std::make_unique<Candidate>();
      Slot->Decl = Decl;
    }
    return;
  }
  if (const auto *Ref = Result.Nodes.getNodeAs<Expr>("ref"))
    if (const ValueDecl *Decl = referencedContainer(Ref))
      References[Decl].push_back(Ref);
}

/// Where the declaration is, what it holds, and how its type is spelled.
void SmallVectorCheck::analyzeCommon(Candidate &C) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const ValueDecl *D = C.Decl;
  auto Silence = [&](StringRef Why) { C.Silence = Why.str(); };

  if (isInSystemHeader(D->getLocation(), SM))
    return Silence("system header");
  if (D->getLocation().isMacroID() || D->getBeginLoc().isMacroID())
    return Silence("declared by a macro");
  if (D->getDeclContext()->isDependentContext() || D->isTemplated())
    return Silence("template");
  if (const auto *Var = dyn_cast<VarDecl>(D)) {
    if (const auto *F = dyn_cast<FunctionDecl>(Var->getDeclContext());
        F && (F->isTemplateInstantiation() || F->isDependentContext()))
      return Silence("in a template");
    if (Var->isStaticLocal() || Var->getTLSKind() != VarDecl::TLS_None)
      return Silence("static");
  }
  if (const auto *Field = dyn_cast<FieldDecl>(D)) {
    const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
    if (!Record || Record->isLambda() || Record->isUnion() ||
        isa<ClassTemplateSpecializationDecl>(Record) ||
        Record->isDependentContext() ||
        Record->getTemplateInstantiationPattern())
      return Silence("member of a template, union or lambda");
    C.Facts = memberFactsFor(*Field, Ctx);
  }

  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      D->getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return Silence("not a specialization");
  C.Element = Spec->getTemplateArgs()[0].getAsType();
  if (C.Element.isNull() || C.Element->isDependentType() ||
      C.Element->isIncompleteType() || C.Element->isBooleanType())
    return Silence("element type");
  // A custom allocator would be lost by the replacement.
  if (Spec->getTemplateArgs().size() > 1) {
    const TemplateArgument &Alloc = Spec->getTemplateArgs()[1];
    const CXXRecordDecl *AllocRecord =
        Alloc.getKind() == TemplateArgument::Type
            ? Alloc.getAsType()->getAsCXXRecordDecl()
            : nullptr;
    if (!AllocRecord || (AllocRecord->getName() != "allocator" &&
                         AllocRecord->getName() != "new_allocator"))
      return Silence("custom allocator");
  }

  for (const Expr *Ref : References.lookup(D))
    C.Uses.push_back(classifyContainerUse(Ref, Ctx));

  // The spelled type, for the fix-it.
  const auto *DD = cast<DeclaratorDecl>(D);
  if (const TypeSourceInfo *TSI = DD->getTypeSourceInfo())
    C.Spelled = TSI->getTypeLoc();
  auto NoFix = [&](SourceLocation Loc, std::string Why) {
    if (C.NoFixReason.empty()) {
      C.NoFixReason = std::move(Why);
      C.NoFixLoc = Loc;
    }
  };
  if (!C.Spelled || !templateNameRange(C.Spelled)) {
    TypeLoc Named = C.Spelled ? namedTypeLoc(C.Spelled) : TypeLoc();
    if (Named && Named.getAs<TypedefTypeLoc>())
      NoFix(D->getLocation(),
            "the type is spelled through the alias '" +
                Named.getType()
                    ->getAs<TypedefType>()
                    ->getDecl()
                    ->getName()
                    .str() +
                "'; change it where it is declared if every user of the "
                "alias can take it");
    else
      NoFix(D->getLocation(), "the declaration does not spell the type");
    return;
  }
  for (const Decl *Sibling : DD->getDeclContext()->decls()) {
    const auto *Other = dyn_cast<DeclaratorDecl>(Sibling);
    if (Other && Other != DD &&
        Other->getTypeSpecStartLoc() == DD->getTypeSpecStartLoc()) {
      NoFix(Other->getLocation(),
            "'" + Other->getNameAsString() +
                "' is declared with the same type; declare it separately");
      break;
    }
  }
}

void SmallVectorCheck::analyzeLocal(Candidate &C) {
  ASTContext &Ctx = *Context;
  const auto *Var = cast<VarDecl>(C.Decl);
  auto Silence = [&](StringRef Why) { C.Silence = Why.str(); };
  auto Unbounded = [&](StringRef Why) {
    C.Silence = Why.str();
    C.SizeUnknown = true;
  };

  C.Init = shapeOf(Var->getInit(), Ctx);
  if (!C.Init)
    return Silence("initialised from something the analysis does not follow");
  if (!C.Init->Size)
    return Unbounded("initialised with a size that is not a constant");
  C.Constructions.push_back(C.Init->Form);
  if (*C.Init->Size > 0)
    C.Notes.push_back({Var->getLocation(),
                       "constructed with " + std::to_string(*C.Init->Size) +
                           (*C.Init->Size == 1 ? " element" : " elements")});

  // The statement that holds the declaration bounds where uses can be.
  DynTypedNode DeclStmtNode = parentOf(DynTypedNode::create(*Var), Ctx);
  const Stmt *Declaration = DeclStmtNode.get<Stmt>();
  const Stmt *Scope =
      Declaration ? parentOf(DeclStmtNode, Ctx).get<Stmt>() : nullptr;
  // In a for-init or a condition, the statement's own loop would run the
  // appends of its body many times over a single declaration.
  if (!Declaration || !Scope || !isa<CompoundStmt>(Scope))
    return Silence("declared where the analysis cannot follow");
  C.DeclLoop = enclosingLoop(Declaration, Ctx);

  uint64_t Appended = 0, SetTo = 0;
  bool Changes = false;
  for (const ContainerUse &Use : C.Uses) {
    switch (Use.Kind) {
    case UseKind::Call: {
      C.Members.insert(Use.Method);
      SizeEffect Effect = sizeEffectOf(Use, Ctx);
      if (Effect.Kind == SizeEffect::Read) {
        Changes |= !isArrayMember(Use.Method);
        break;
      }
      Changes = true;
      if (Effect.Kind == SizeEffect::FromInput)
        return Unbounded("filled from input");
      if (Effect.Kind == SizeEffect::Reserve)
        C.OnlyAppends = false;
      if (Effect.Kind != SizeEffect::Append &&
          Effect.Kind != SizeEffect::SetSize)
        break;
      if (!Effect.N)
        return Unbounded("grown by a count that is not a constant");
      Placement Where = placementOf(Use.Site, Scope, Ctx);
      std::optional<uint64_t> Times = timesRun(Where, Ctx);
      if (!Times)
        return Unbounded("grown in a loop of unknown count");
      std::string Text;
      if (Effect.Kind == SizeEffect::Append) {
        if (*Effect.N != 1)
          C.OnlyAppends = false;
        Appended += *Effect.N * *Times;
        Text = (Where.Conditional ? "may add " : "adds ") +
               std::to_string(*Effect.N * *Times) +
               (*Effect.N * *Times == 1 ? " element" : " elements");
        if (*Times != 1)
          Text += " (" + std::to_string(*Effect.N) + " per iteration of " +
                  (Where.Loops.size() == 1 ? "a loop that runs "
                                           : "loops that run ") +
                  std::to_string(*Times) + " times)";
      } else {
        C.OnlyAppends = false;
        SetTo = std::max(SetTo, *Effect.N);
        Text = "sets the size to " + std::to_string(*Effect.N);
      }
      C.Notes.push_back({Use.Site->getBeginLoc(), Text});
      break;
    }
    default:
      if (std::optional<std::string> Why =
              followOtherUse(Use, nullptr, C.Members, C.Constructions))
        return Silence(*Why);
      break;
    }
  }
  C.Capacity = std::max(*C.Init->Size, SetTo) + Appended;
  if (C.Capacity == 0)
    return Silence("never holds an element");
  if (C.Capacity * Ctx.getTypeSizeInChars(C.Element).getQuantity() >
      MaxInlineBytes)
    return Unbounded("too large for an inline buffer");
  C.UseArray = !Changes && C.Capacity == *C.Init->Size &&
               (C.Init->Form == VectorConstruction::InitializerList ||
                (C.Init->Form == VectorConstruction::Count &&
                 hasImplicitDefaultInit(C.Element)));
  if (*C.Init->Size != 0)
    C.OnlyAppends = false;
}

void SmallVectorCheck::analyzeMember(Candidate &C) {
  ASTContext &Ctx = *Context;
  const auto *Field = cast<FieldDecl>(C.Decl);
  const auto *Record = cast<CXXRecordDecl>(Field->getParent());
  const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
  auto Silence = [&](StringRef Why) { C.Silence = Why.str(); };
  auto Unbounded = [&](StringRef Why) {
    C.Silence = Why.str();
    C.SizeUnknown = true;
  };
  if (Record->isAggregate())
    return Silence("aggregate initialisation can give it any size");

  auto IsOwnCtor = [&](const FunctionDecl *F) {
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(F);
    return Ctor && Ctor->getParent() == Record &&
           !Ctor->isCopyOrMoveConstructor();
  };
  // Uses outside the constructors: reads, or growth under a condition.
  for (const ContainerUse &Use : C.Uses) {
    switch (Use.Kind) {
    case UseKind::Call: {
      C.Members.insert(Use.Method);
      if (IsOwnCtor(Use.Function))
        break;
      SizeEffect Effect = sizeEffectOf(Use, Ctx);
      if (Effect.Kind == SizeEffect::FromInput ||
          (Effect.Kind == SizeEffect::SetSize && !Effect.N))
        return Unbounded("filled from input");
      if (Effect.Kind != SizeEffect::Append &&
          Effect.Kind != SizeEffect::SetSize)
        break;
      const Stmt *Body = Use.Function ? Use.Function->getBody() : nullptr;
      Placement Where = placementOf(Use.Site, Body, Ctx);
      if (!Where.Loops.empty())
        return Unbounded("grown in a loop");
      if (!Where.Conditional)
        return Unbounded("grown unconditionally");
      if (!C.ConditionalGrowth)
        C.ConditionalGrowth = Use.Site;
      break;
    }
    default:
      if (std::optional<std::string> Why =
              followOtherUse(Use, Field, C.Members, C.Constructions))
        return Silence(*Why);
      break;
    }
  }

  // What each constructor gives it.
  bool FromArgument = false;
  auto SizeOfInit = [&](const Expr *Init, const CXXConstructorDecl *Ctor,
                        SourceLocation Where) -> std::optional<uint64_t> {
    std::optional<InitShape> Shape = shapeOf(Init, Ctx);
    if (!Shape || Shape->Form == VectorConstruction::Copy ||
        Shape->Form == VectorConstruction::Move) {
      Silence("initialised from another vector");
      return std::nullopt;
    }
    if (Shape->Form == VectorConstruction::Range) {
      Unbounded("filled from input");
      return std::nullopt;
    }
    C.Constructions.push_back(Shape->Form);
    if (Shape->Size)
      return Shape->Size;
    std::string Why;
    std::optional<uint64_t> Size;
    if (Ctor && Shape->Count) {
      if (!Calls)
        Calls = std::make_unique<ConstructorArguments>(Ctx);
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Shape->Count->IgnoreParenImpCasts());
      const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
      if (Param && Param->getDeclContext() == Ctor) {
        Size =
            Calls->constantArgument(Ctor, Param->getFunctionScopeIndex(), Why);
        if (Size) {
          C.SizedByArgument = FromArgument = true;
          C.Notes.push_back(
              {Where, "every construction of '" + Record->getNameAsString() +
                          "' passes " + std::to_string(*Size) + " for '" +
                          Param->getNameAsString() + "'"});
        }
      }
    }
    if (!Size)
      Unbounded("sized at run time");
    return Size;
  };

  uint64_t Capacity = 0;
  unsigned Counted = 0;
  bool Elsewhere = false;
  for (const CXXConstructorDecl *Declared : Record->ctors()) {
    if (Declared->isCopyOrMoveConstructor() || Declared->isDeleted() ||
        (Declared->isImplicit() && !Declared->isUsed()))
      continue;
    // Another unit defines it and decides what it needs (decideMember).
    const CXXConstructorDecl *Ctor = definitionOf(Declared);
    if (!Ctor) {
      Elsewhere = true;
      continue;
    }
    ++Counted;
    // A delegating constructor adds its body to its target's work.
    const CXXConstructorDecl *Initializing = Ctor;
    for (int Hops = 0; Initializing->isDelegatingConstructor() && Hops < 8;
         ++Hops) {
      const CXXConstructorDecl *Target = Initializing->getTargetConstructor();
      const FunctionDecl *TargetDef = nullptr;
      if (!Target || !Target->isDefined(TargetDef))
        return Silence("delegates to a constructor defined elsewhere");
      Initializing = cast<CXXConstructorDecl>(TargetDef);
    }
    const Expr *Init = nullptr;
    FromArgument = false;
    SourceLocation Where = Ctor->getLocation();
    for (const CXXCtorInitializer *Given : Initializing->inits())
      if (Given->getMember() == Field) {
        Init = Given->getInit();
        if (Given->isWritten())
          Where = Given->getSourceLocation();
      }
    if (!Init && Field->hasInClassInitializer())
      Init = Field->getInClassInitializer();
    std::optional<uint64_t> Size = Init ? SizeOfInit(Init, Initializing, Where)
                                        : std::optional<uint64_t>(0);
    if (!Size)
      return;
    // Unconditional growth in the constructors' bodies.
    for (const ContainerUse &Use : C.Uses) {
      if (Use.Kind != UseKind::Call ||
          (Use.Function != Ctor && Use.Function != Initializing))
        continue;
      SizeEffect Effect = sizeEffectOf(Use, Ctx);
      if (Effect.Kind == SizeEffect::FromInput)
        return Unbounded("filled from input");
      if (Effect.Kind != SizeEffect::Append &&
          Effect.Kind != SizeEffect::SetSize)
        continue;
      Placement Place = placementOf(Use.Site, Use.Function->getBody(), Ctx);
      std::optional<uint64_t> Times = timesRun(Place, Ctx);
      if (!Times)
        return Unbounded("grown in a loop of unknown count");
      if (Place.Conditional)
        continue;
      if (!Effect.N)
        return Unbounded("sized at run time");
      if (Effect.Kind == SizeEffect::Append)
        *Size += *Effect.N * *Times;
      else
        *Size = std::max(*Size, *Effect.N);
    }
    if (*Size == 0)
      return Unbounded("a constructor leaves it empty");
    if (!FromArgument)
      C.Notes.push_back({Where, (Ctor->isImplicit() || Ctor->isDefaulted()
                                     ? std::string("the default constructor")
                                     : "'" + describeCtor(Ctor, Policy) + "'") +
                                    " gives it " + std::to_string(*Size) +
                                    (*Size == 1 ? " element" : " elements")});
    Capacity = std::max(Capacity, *Size);
  }
  if (Counted == 0 && Elsewhere)
    return;
  if (Counted == 0) {
    // Only the implicit default constructor, which no code here uses.
    if (!Field->hasInClassInitializer())
      return Unbounded("no constructor fills it");
    std::optional<uint64_t> Size = SizeOfInit(Field->getInClassInitializer(),
                                              nullptr, Field->getLocation());
    if (!Size)
      return;
    if (*Size == 0)
      return Unbounded("no constructor fills it");
    C.Notes.push_back(
        {Field->getLocation(), "its default member initializer gives it " +
                                   std::to_string(*Size) +
                                   (*Size == 1 ? " element" : " elements")});
    Capacity = *Size;
  }
  C.Capacity = Capacity;
  if (!C.SizedByArgument && Capacity > MaxInlineElements)
    return Unbounded("more elements than MaxInlineElements");
  if (Capacity * Ctx.getTypeSizeInChars(C.Element).getQuantity() >
      MaxInlineBytes)
    return Unbounded("too large for an inline buffer");
  C.OnlyAppends = false;
}

/// The static analysis could not bound the size: what a profile needs
/// instead. The vector must still be replaceable (used only in ways the
/// inline-buffer class supports), and its code is collected as anchors that
/// the profile's sites are matched against.
void SmallVectorCheck::analyzeForProfile(Candidate &C) {
  ASTContext &Ctx = *Context;
  C.Silence.clear();
  C.Members.clear();
  C.Constructions.clear();
  C.Notes.clear();
  C.ConditionalGrowth = nullptr;
  C.SizedByArgument = false;
  C.OnlyAppends = false;
  C.UseArray = false;
  auto Silence = [&](StringRef Why) { C.Silence = Why.str(); };
  const auto *Field = dyn_cast<FieldDecl>(C.Decl);

  for (const ContainerUse &Use : C.Uses) {
    if (Use.Kind == UseKind::Call) {
      C.Members.insert(Use.Method);
      C.Anchors.push_back({Use.Site->getSourceRange(), Use.Function});
    } else if (std::optional<std::string> Why =
                   followOtherUse(Use, Field, C.Members, C.Constructions)) {
      return Silence(*Why);
    }
  }

  // How it is constructed: from nothing, a count, a range or a list, never
  // from another std::vector (the replacement cannot be).
  auto AddConstruction = [&](const Expr *Init, SourceRange Where,
                             const FunctionDecl *In) {
    std::optional<InitShape> Shape = shapeOf(Init, Ctx);
    if (!Shape || Shape->Form == VectorConstruction::Copy ||
        Shape->Form == VectorConstruction::Move) {
      Silence("initialised from another vector");
      return false;
    }
    C.Constructions.push_back(Shape->Form);
    C.Anchors.push_back({Where, In});
    return true;
  };
  if (const auto *Var = dyn_cast<VarDecl>(C.Decl)) {
    AddConstruction(Var->getInit(), Var->getSourceRange(),
                    dyn_cast<FunctionDecl>(Var->getDeclContext()));
    return;
  }
  const auto *Record = cast<CXXRecordDecl>(Field->getParent());
  if (Record->isAggregate())
    return Silence("aggregate initialisation can give it any size");
  for (const CXXConstructorDecl *Declared : Record->ctors()) {
    if (Declared->isDeleted() ||
        (Declared->isImplicit() && !Declared->isUsed()))
      continue;
    if (Declared->isCopyOrMoveConstructor()) {
      // The copies' allocations are at the class (an implicit one) or at
      // the constructor's initializer.
      C.Constructions.push_back(Declared->isMoveConstructor()
                                    ? VectorConstruction::Move
                                    : VectorConstruction::Copy);
      if (Declared->isImplicit())
        C.Anchors.push_back({SourceRange(Record->getLocation()), Declared});
      else if (const FunctionDecl *Def = Declared->getDefinition())
        C.Anchors.push_back({Def->getSourceRange(), Def});
      continue;
    }
    const CXXConstructorDecl *Ctor = definitionOf(Declared);
    if (!Ctor)
      return Silence("a constructor is defined elsewhere");
    const CXXCtorInitializer *Given = nullptr;
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getMember() == Field)
        Given = Init;
    if (Given && Given->isWritten()) {
      if (!AddConstruction(Given->getInit(), Given->getSourceRange(), Ctor))
        return;
    } else if (Field->hasInClassInitializer()) {
      if (!AddConstruction(Field->getInClassInitializer(),
                           Field->getInClassInitializer()->getSourceRange(),
                           Ctor))
        return;
    }
  }
}

/// The name a function has in a symbolized frame: "Row::Row(int)" holds
/// "Row" for a constructor of Row.
static bool siteIsInFunction(const ProfileSite &Site, const FunctionDecl *F) {
  if (!F || Site.Function.empty())
    return true;
  std::string Name = F->getNameAsString();
  return Name.empty() || StringRef(Site.Function).contains(Name);
}

/// The last component of a qualified type name, template arguments left
/// out: "ns::Cell" -> "Cell", "std::pair<int,int>" -> "pair".
static StringRef lastComponent(StringRef Normalized) {
  StringRef Head = Normalized.take_until([](char C) { return C == '<'; });
  size_t Colon = Head.rfind("::");
  return Colon == StringRef::npos ? Head : Head.drop_front(Colon + 2);
}

void SmallVectorCheck::matchProfileSites(ArrayRef<Candidate *> Profiled) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  struct Claim {
    Candidate *C;
    SourceLocation Loc;
    SourceRange Range;
  };
  llvm::MapVector<const ProfileSite *, std::vector<Claim>> Claims;
  for (Candidate *C : Profiled) {
    std::string Element = normalizeTypeName(
        C->Element.getCanonicalType().getAsString(Ctx.getPrintingPolicy()));
    uint64_t ElementSize = Ctx.getTypeSizeInChars(C->Element).getQuantity();
    for (const Candidate::Anchor &A : C->Anchors) {
      SourceLocation Begin = SM.getExpansionLoc(A.Range.getBegin());
      SourceLocation End = SM.getExpansionLoc(A.Range.getEnd());
      if (Begin.isInvalid() || SM.getFileID(Begin) != SM.getFileID(End))
        continue;
      const std::vector<ProfileSite> *Sites =
          profileSitesIn(SM.getFileID(Begin));
      if (!Sites)
        continue;
      unsigned First = SM.getExpansionLineNumber(Begin);
      unsigned Last = SM.getExpansionLineNumber(End);
      for (const ProfileSite &Site : *Sites) {
        if (Site.Line < First || Site.Line > Last ||
            !siteIsInFunction(Site, A.Function))
          continue;
        std::string SiteElement = normalizeTypeName(Site.Element);
        bool SameName = SiteElement == Element ||
                        lastComponent(SiteElement) == lastComponent(Element);
        if (!SameName || Site.ElementSize != ElementSize) {
          // Another container on the same line, or a profile of another
          // program or target: only worth a note when the names agree.
          if (SameName)
            C->MismatchedSites.push_back({&Site, Begin});
          continue;
        }
        Claims[&Site].push_back({C, Begin, SourceRange(Begin, End)});
      }
    }
  }
  for (auto &Entry : Claims) {
    const ProfileSite *Site = Entry.first;
    std::vector<Claim> &Claimants = Entry.second;
    // Several vectors of one element type at one line: the column picks the
    // one whose code holds it, or the site stays unattributed.
    auto Distinct = [&] {
      llvm::SmallPtrSet<Candidate *, 4> Seen;
      for (const Claim &Cl : Claimants)
        Seen.insert(Cl.C);
      return Seen.size();
    };
    if (Distinct() > 1 && Site->Column != 0)
      llvm::erase_if(Claimants, [&](const Claim &Cl) {
        unsigned Line = SM.getExpansionLineNumber(Cl.Range.getBegin());
        unsigned Begin = Line == Site->Line
                             ? SM.getExpansionColumnNumber(Cl.Range.getBegin())
                             : 1;
        unsigned End =
            SM.getExpansionLineNumber(Cl.Range.getEnd()) == Site->Line
                ? SM.getExpansionColumnNumber(Cl.Range.getEnd())
                : ~0U;
        return Site->Column < Begin || Site->Column > End;
      });
    if (Claimants.empty() || Distinct() > 1)
      continue;
    Claimants.front().C->ProfileSites.push_back({Site, Claimants.front().Loc});
  }
}

void SmallVectorCheck::chooseProfileCapacity(Candidate &C) {
  ElementHistogram Counts;
  for (const Candidate::SiteMatch &M : C.ProfileSites)
    for (const auto &[Elements, Allocations] : M.Site->Counts)
      Counts[Elements] += Allocations;
  C.Profiled = chooseCapacity(Counts, ProfileCoverage);
  if (!C.Profiled) {
    C.Silence = "the profile saw no allocation";
    return;
  }
  // An inline buffer enlarges every object, used or not: a handful of
  // allocations in the whole run is not worth that.
  if (C.Profiled->Covered < ProfileMinAllocations) {
    C.Silence = "too few allocations saved";
    return;
  }
  C.Capacity = C.Profiled->Capacity;
  if (C.Capacity * Context->getTypeSizeInChars(C.Element).getQuantity() >
      MaxInlineBytes)
    C.Silence = "too large for an inline buffer";
}

const std::vector<ProfileSite> *SmallVectorCheck::profileSitesIn(FileID File) {
  if (!Profile)
    return nullptr;
  const HeapProfile &Read = *Profile;
  auto [It, Inserted] = ProfileSitesByFile.try_emplace(File, nullptr);
  if (!Inserted)
    return It->second;
  const SourceManager &SM = Context->getSourceManager();
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return nullptr;
  // The profile names files by their real path, as heapcount resolved the
  // debug information's.
  std::string Path = Entry->getFileEntry().tryGetRealPathName().str();
  if (Path.empty()) {
    SmallString<256> Absolute(Entry->getName());
    if (llvm::sys::fs::make_absolute(Absolute))
      return nullptr;
    llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
    Path = std::string(Absolute);
  }
  auto Sites = Read.SitesByFile.find(Path);
  if (Sites == Read.SitesByFile.end())
    return nullptr;
  HeapProfile::FileState State = Read.fileState(Path, SM.getBufferData(File));
  if (State != HeapProfile::FileState::Current) {
    configurationDiag("%0.ProfileFile: the profile '%1' is stale for '%2': "
                      "%select{the file has changed since it was profiled|"
                      "it has no hash of the file to tell whether it "
                      "changed}3; its %4 %plural{1:site|:sites}5 there "
                      "%plural{1:is|:are}5 ignored (profile the program "
                      "again)",
                      DiagnosticIDs::Warning)
        << OwnName << ProfileFile << Path
        << (State == HeapProfile::FileState::Unknown)
        << std::to_string(Sites->second.size())
        << static_cast<unsigned>(Sites->second.size());
    return nullptr;
  }
  It->second = &Sites->second;
  return It->second;
}

/// With SmallVectorClass "auto", the code decides: its own small vector
/// where the declaration sees one, else a preset the unit already uses,
/// else the default (Boost).
void SmallVectorCheck::chooseTarget(const Candidate &C) {
  Target = ConfiguredTarget;
  if (!AutoClass || !TargetUsable)
    return;
  if (!ClassesInUnit)
    ClassesInUnit = findInlineVectorClasses(*Context);
  if (auto Preferred = ClassesInUnit->preferredAt(C.Decl->getLocation(),
                                                  Context->getSourceManager()))
    Target = *Preferred;
}

bool SmallVectorCheck::headerFound(StringRef Header,
                                   SourceLocation Where) const {
  if (!PP)
    return true;
  const SourceManager &SM = Context->getSourceManager();
  bool Angled = Header.starts_with("<");
  StringRef Name = Header.drop_front().drop_back();
  OptionalFileEntryRef From =
      SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Where)));
  return PP
      ->LookupFile(Where, Name, Angled, nullptr,
                   From ? &From->getFileEntry() : nullptr, nullptr, nullptr,
                   nullptr, nullptr, nullptr, nullptr)
      .has_value();
}

/// The replacement must offer every member function and construction the
/// code uses; otherwise the check stays silent.
void SmallVectorCheck::checkReplacement(Candidate &C) {
  if (C.UseArray) {
    for (const auto &Member : C.Members)
      if (!isArrayMember(Member.getKey()))
        C.UseArray = false;
    if (C.UseArray)
      return;
  }
  for (const auto &Member : C.Members)
    if (!Target.hasMember(Member.getKey())) {
      C.Silence = "the replacement lacks " + Member.getKey().str();
      return;
    }
  for (VectorConstruction Form : C.Constructions)
    if (!Target.hasConstruction(Form)) {
      // The project's own class: the advice stands, the rewrite of the
      // construction is the author's.
      if (!Target.Preset && AutoClass && C.NoFixReason.empty()) {
        C.NoFixReason =
            (Target.Name + " is the project's own class, assumed to be "
                           "default-constructible only; construct it empty "
                           "and append")
                .str();
        C.NoFixLoc = C.Decl->getLocation();
        continue;
      }
      C.Silence = "the replacement cannot be constructed this way";
      return;
    }
  chooseDeclaredCapacity(C);
  // A fix-it whose include is not found would not compile.
  if (!Target.Header.empty() && C.NoFixReason.empty() &&
      !headerFound(Target.Header, C.Decl->getLocation())) {
    C.NoFixReason = (Target.Header + " is not found on this unit's include "
                                     "paths; set SmallVectorClass to a class "
                                     "this code can use")
                        .str();
    C.NoFixLoc = C.Decl->getLocation();
  }
}

void SmallVectorCheck::chooseDeclaredCapacity(Candidate &C) {
  if (C.UseArray) {
    C.Declared = C.Capacity;
    return;
  }
  // Boost 1.74's small_vector can hold fewer elements inline than its
  // capacity argument says; ask for the smallest one that holds them all.
  C.Declared = C.Capacity;
  std::string Why;
  std::optional<uint64_t> Holds = inlineVectorModelCapacity(
      *Context, Target.Name, C.Element, C.Declared, Why);
  while (Holds && *Holds < C.Capacity && C.Declared < C.Capacity + 64) {
    ++C.Declared;
    Holds = inlineVectorModelCapacity(*Context, Target.Name, C.Element,
                                      C.Declared, Why);
  }
  if (Holds && *Holds < C.Capacity)
    C.Declared = C.Capacity;
}

void SmallVectorCheck::decideMember(Candidate &C) {
  MemberFacts &Facts = *C.Facts;
  Facts.Check = OwnName;
  Facts.Bound = C.Capacity;
  if (!C.Silence.empty()) {
    Facts.Local = MemberAction::Silent;
    Facts.Why = C.Silence;
  } else if (!C.NoFixReason.empty()) {
    Facts.Local = MemberAction::Warn;
    Facts.Why = C.NoFixReason;
  } else {
    Facts.Local = MemberAction::Fix;
  }
  MemberDecision Decision = WholeProgram.decide(
      Facts,
      [&](utils::IncludeInserter &Includes) -> std::optional<Finding> {
        if (C.Capacity == 0)
          return std::nullopt;
        return render(C, Includes);
      },
      Context->getSourceManager());
  if (Decision.Action == MemberAction::Silent) {
    if (C.Silence.empty())
      C.Silence = Decision.Why;
    return;
  }
  if (Decision.Action == MemberAction::Warn && C.NoFixReason.empty()) {
    C.NoFixReason = Decision.Why;
    C.NoFixLoc = C.Decl->getLocation();
  }
  // Constructors defined in other units need more room than these.
  if (Decision.Bound > C.Capacity) {
    C.Capacity = Decision.Bound;
    C.UseArray = false;
    chooseDeclaredCapacity(C);
    C.Notes.push_back(
        {C.Decl->getLocation(),
         "across the " + std::to_string(Decision.Units) +
             " translation units of the compile database that see it, its "
             "constructors give it at most " +
             std::to_string(Decision.Bound) +
             (Decision.Bound == 1 ? " element" : " elements")});
  }
}

void SmallVectorCheck::finish(Candidate &C) {
  if (C.Facts)
    decideMember(C);
  if (C.Silence.empty() && C.Capacity > 0)
    report(*this, render(C, Inserter));
}

void SmallVectorCheck::onEndOfTranslationUnit() {
  std::vector<Candidate *> Profiled;
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    analyzeCommon(C);
    if (C.Silence.empty()) {
      if (isa<FieldDecl>(C.Decl))
        analyzeMember(C);
      else
        analyzeLocal(C);
    }
    // Run-time sizes stand in for the code this unit sees; not for code it
    // does not.
    if (!C.Silence.empty() && C.SizeUnknown && Profile &&
        (!C.Facts || unseenCode(*C.Facts).empty())) {
      std::string Static = C.Silence;
      analyzeForProfile(C);
      if (C.Silence.empty()) {
        Profiled.push_back(&C);
        C.Silence = Static;
        continue;
      }
    }
    chooseTarget(C);
    if (C.Silence.empty())
      checkReplacement(C);
    finish(C);
  }
  // Sites are attributed among all the vectors at once: two vectors on one
  // line must not both take a site.
  if (!Profiled.empty())
    matchProfileSites(Profiled);
  for (Candidate *C : Profiled) {
    if (!C->ProfileSites.empty()) {
      C->Silence.clear();
      chooseProfileCapacity(*C);
      chooseTarget(*C);
      if (C->Silence.empty())
        checkReplacement(*C);
    }
    finish(*C);
  }
  Candidates.clear();
  References.clear();
  Calls.reset();
  ClassesInUnit.reset();
  ProfileSitesByFile.clear();
}

/// "1 element", "3 elements".
static std::string elements(uint64_t N) {
  return std::to_string(N) + (N == 1 ? " element" : " elements");
}

Finding SmallVectorCheck::render(const Candidate &C,
                                 utils::IncludeInserter &Includes) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
  std::string Name = C.Decl->getNameAsString();
  std::string Count = std::to_string(C.Capacity);
  StringRef Them = C.Capacity == 1 ? "it" : "them";

  // The element as the code spells it.
  std::string Element = C.Element.getAsString(Policy);
  auto Named = namedTypeLoc(C.Spelled);
  if (auto Spec = Named ? Named.getAs<TemplateSpecializationTypeLoc>()
                        : TemplateSpecializationTypeLoc();
      Spec && Spec.getNumArgs() == 1)
    Element = sourceText(Spec.getArgLoc(0).getSourceRange(), Ctx);
  std::string NewType = C.UseArray
                            ? "std::array<" + Element + ", " + Count + ">"
                            : Target.spell(Element, C.Declared);

  Finding F;
  F.Warning.Loc = C.Decl->getLocation();
  if (C.Profiled)
    F.Warning.Text =
        "'" + Name + "' asked for at most " + elements(C.Capacity) + " in " +
        std::to_string(C.Profiled->Covered) + " of the " +
        std::to_string(C.Profiled->Total) +
        " allocations heapcount profiled for it; " + NewType + " keeps " +
        Them.str() + " inline and saves those allocations";
  else if (const auto *Field = dyn_cast<FieldDecl>(C.Decl)) {
    std::string Record = Field->getParent()->getNameAsString();
    F.Warning.Text =
        "'" + Name + "' " + (C.ConditionalGrowth ? "starts with " : "holds ") +
        elements(C.Capacity) + " in every '" + Record + "'" +
        (C.ConditionalGrowth ? " and grows only under a condition" : "") +
        "; " + NewType + " keeps " + Them.str() +
        " inline and saves one allocation per '" + Record + "'";
  } else if (C.UseArray)
    F.Warning.Text = "'" + Name + "' always holds " + elements(C.Capacity) +
                     "; " + NewType + " keeps " + Them.str() +
                     " inline instead of allocating";
  else
    F.Warning.Text = "'" + Name + "' never holds more than " +
                     elements(C.Capacity) + "; " + NewType + " keeps " +
                     Them.str() + " inline instead of allocating";

  std::optional<CharSourceRange> Range = templateNameRange(C.Spelled);
  if (C.NoFixReason.empty() && TargetUsable && Range) {
    std::vector<FixItHint> &Fixes = F.Warning.Fixes;
    if (auto Spec = Named.getAs<TemplateSpecializationTypeLoc>())
      Range = CharSourceRange::getTokenRange(Range->getBegin(),
                                             Spec.getRAngleLoc());
    Fixes.push_back(FixItHint::CreateReplacement(*Range, NewType));
    if (C.UseArray && C.Init->Form == VectorConstruction::Count) {
      SourceRange Parens = C.Init->Construct->getParenOrBraceRange();
      if (Parens.isValid())
        Fixes.push_back(FixItHint::CreateReplacement(Parens, "{}"));
    }
    if (C.UseArray && C.Init->List &&
        llvm::any_of(C.Init->List->inits(), [](const Expr *E) {
          return isa<InitListExpr>(E->IgnoreImplicit());
        })) {
      // std::array is an aggregate around a C array: nested braces need
      // one more level, or the first would initialise the C array.
      Fixes.push_back(FixItHint::CreateInsertion(
          C.Init->List->getLBraceLoc().getLocWithOffset(1), "{"));
      Fixes.push_back(
          FixItHint::CreateInsertion(C.Init->List->getRBraceLoc(), "}"));
    }
    if (C.UseArray || !Target.Header.empty())
      if (std::optional<FixItHint> Include = Includes.createIncludeInsertion(
              SM.getFileID(SM.getExpansionLoc(C.Spelled.getBeginLoc())),
              C.UseArray ? StringRef("<array>")
                         : includeSpelling(Target.Header)))
        Fixes.push_back(std::move(*Include));
  }

  if (!C.UseArray && C.Declared != C.Capacity) {
    std::string Why;
    if (std::optional<uint64_t> Holds = inlineVectorModelCapacity(
            Ctx, Target.Name, C.Element, C.Capacity, Why))
      F.note(C.Decl->getLocation(),
             Target.spell(Element, C.Capacity) + " holds only " +
                 elements(*Holds) +
                 " inline (part of its buffer falls in padding); " +
                 std::to_string(C.Declared) +
                 " is the smallest capacity that holds " + Count);
  }
  for (const Evidence &Note : C.Notes)
    F.note(Note.Loc, Note.Text);
  if (C.Profiled)
    addProfileNotes(C, F);
  if (C.ConditionalGrowth)
    F.note(C.ConditionalGrowth->getBeginLoc(),
           "it grows here, under a condition; beyond " + elements(C.Capacity) +
               " it allocates as a std::vector does");

  // What std::vector costs here, with this library's numbers.
  StlFlavor Stl = TargetStl.resolve(PP);
  if (isa<VarDecl>(C.Decl)) {
    std::optional<uint64_t> Growth =
        C.OnlyAppends ? vectorGrowthAllocations(Stl, C.Capacity) : std::nullopt;
    if (Growth && *Growth > 1)
      F.note(C.Decl->getLocation(),
             "on " + stlDisplayName(Stl).str() + ", a std::vector makes " +
                 std::to_string(*Growth) + " allocations while " + Count +
                 " elements are appended one at a time");
    if (C.DeclLoop)
      F.note(C.DeclLoop->getBeginLoc(),
             "'" + Name +
                 "' is constructed again on every iteration of this loop");
  }
  if (!C.NoFixReason.empty())
    F.note(C.NoFixLoc, "no fix-it: " + C.NoFixReason);
  if (const auto *Field = dyn_cast<FieldDecl>(C.Decl))
    addLayoutNotes(C, *Field, F);
  return F;
}

// The evidence of a profile-guided capacity: each site's counts, what the
// capacity leaves to the heap, and the sites that were left out.
void SmallVectorCheck::addProfileNotes(const Candidate &C, Finding &F) {
  uint64_t Capacity = C.Capacity;
  for (const Candidate::SiteMatch &M : C.ProfileSites) {
    const ProfileSite &Site = *M.Site;
    uint64_t Smallest = Site.Counts.empty() ? 0 : Site.Counts.begin()->first;
    uint64_t Largest = Site.Counts.empty() ? 0 : Site.Counts.rbegin()->first;
    uint64_t Covered = 0;
    for (const auto &[Elements, Allocations] : Site.Counts)
      if (Elements <= Capacity)
        Covered += Allocations;
    std::string Text =
        "heapcount's profile: " + std::to_string(Site.Allocations) +
        (Site.Allocations == 1 ? " allocation" : " allocations") + " here";
    if (!Site.Function.empty())
      Text += ", in '" + Site.Function + "'";
    if (Smallest == Largest)
      Text += Site.Allocations == 1 ? ", for " : ", each for ";
    else
      Text += ", for " + std::to_string(Smallest) + " to ";
    Text += elements(Largest);
    if (Covered != Site.Allocations)
      Text += "; " + std::to_string(Covered) + " of them for " +
              std::to_string(Capacity) + " or fewer";
    F.note(M.Loc, std::move(Text));
  }
  if (C.Profiled && C.Profiled->Largest > Capacity)
    F.note(C.Decl->getLocation(),
           "beyond " + elements(Capacity) +
               " it allocates as a std::vector does: " +
               std::to_string(C.Profiled->Total - C.Profiled->Covered) +
               " of the profiled allocations asked for more (up to " +
               std::to_string(C.Profiled->Largest) + "); " + OwnName +
               ".ProfileCoverage is " + ProfileCoverageText);
  for (const Candidate::SiteMatch &M : C.MismatchedSites)
    F.note(M.Loc,
           "ignored: the profile's site here allocated '" + M.Site->Element +
               "' of " + std::to_string(M.Site->ElementSize) +
               " bytes, but it is " +
               std::to_string(
                   Context->getTypeSizeInChars(C.Element).getQuantity()) +
               " bytes here (a profile of another program or target?)");
}

// The member gets an inline buffer: what that does to the size of the class
// that holds it.
void SmallVectorCheck::addLayoutNotes(const Candidate &C,
                                      const FieldDecl &Field, Finding &F) {
  if (LayoutNotes == LayoutNoteStyle::None)
    return;
  ASTContext &Ctx = *Context;
  std::string Why;
  QualType NewType =
      inlineVectorModelType(Ctx, Target.Name, C.Element, C.Declared, Why);
  std::string Element = C.Element.getAsString(Ctx.getPrintingPolicy());
  if (auto Spec =
          namedTypeLoc(C.Spelled).getAs<TemplateSpecializationTypeLoc>();
      Spec && Spec.getNumArgs() == 1)
    Element = sourceText(Spec.getArgLoc(0).getSourceRange(), Ctx);
  for (const std::string &Note :
       memberTypeChangeNotes(Field, NewType, Target.spell(Element, C.Declared),
                             Why, Ctx, LayoutNotes))
    F.note(Field.getLocation(), Note);
}

} // namespace clang::tidy::alloc
