//===--- ReserveInLoopCheck.cpp -------------------------------------------===//
//
// For each append to a container inside a loop, looks for the outermost
// enclosing loop before which the total number of appends can be computed,
// and proposes reserving that many elements there. Every other use of the
// container inside that loop must leave its size alone, and every append must
// run a known number of times per iteration.
//
//===----------------------------------------------------------------------===//

#include "checks/ReserveInLoopCheck.h"
#include "checks/CompileErrors.h"
#include "checks/OptionValues.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/Appends.h"
#include "lib/analysis/AstWalk.h"
#include "lib/analysis/ContainerUses.h"
#include "lib/analysis/InputTaint.h"
#include "lib/analysis/ParentIndex.h"
#include "lib/analysis/TripCount.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

using Family = ReserveInLoopCheck::Family;

/// One append to the container inside the loop: how many elements it adds
/// each time it runs, and the inner loops that repeat it.
struct ReserveInLoopCheck::Append {
  const Expr *Site = nullptr;
  uint64_t Amount = 1;
  /// Trip counts of the loops between the append and the planned loop.
  std::vector<TripCount> InnerCounts;
};

/// A reserve() to propose before a loop.
struct ReserveInLoopCheck::Plan {
  const ValueDecl *Container = nullptr;
  const Stmt *Loop = nullptr;
  std::vector<Append> Appends;
  /// The number of elements the loop appends, spelled for code before it.
  std::string Count;
  std::optional<uint64_t> CountValue;
  std::string Object;
  /// Why there is no fix-it (empty when there is one), and where.
  std::string NoFix;
  SourceLocation NoFixLoc;
  Family Kind = Family::Vector;
  bool UpperBound = false;
  /// The container may hold elements when the loop starts.
  bool MaybeFilled = true;
  bool UntrustedCount = false;
  /// Appends after the loop in the same block are part of the count.
  bool AppendsAfter = false;
  /// Later loops of the same block whose appends the count includes.
  std::vector<const Stmt *> LaterLoops;
};

namespace {

const char DefaultVectorLikeClasses[] =
    "::boost::container::vector;::boost::container::small_vector;"
    "::llvm::SmallVector;::absl::InlinedVector";
const char DefaultUntrustedSources[] =
    "^(fread|pread|recv|recvfrom|recvmsg|getline|getc|fgetc|fgets|getchar|"
    "scanf|"
    "fscanf|sscanf|memcpy|memmove|strtol|strtoul|strtoll|strtoull|atoi|atol|"
    "atoll|stoi|stol|stoll|stoul|stoull|ntohl|ntohs|be16toh|be32toh|be64toh|"
    "le16toh|le32toh|le64toh)$|(^|_)([Rr]ead|[Pp]arse|[Dd]ecode|[Dd]eserializ|"
    "[Uu]npack)|[a-z0-9](Read|Parse|Decode|Deserializ|Unpack)";

bool contains(const Stmt *Outer, SourceLocation Loc, const SourceManager &SM) {
  SourceRange Range = Outer->getSourceRange();
  return !SM.isBeforeInTranslationUnit(Loc, Range.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Range.getEnd(), Loc);
}

/// The inline capacity N of small_vector<T, N>-like classes.
std::optional<uint64_t> inlineCapacity(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec)
    return std::nullopt;
  StringRef Name = Spec->getName();
  if (Name != "small_vector" && Name != "SmallVector" &&
      Name != "InlinedVector")
    return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 2 || Args[1].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return Args[1].getAsIntegral().getLimitedValue();
}

/// The size of a std::basic_string's character type.
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

/// Adds the appends of \p Next, a later loop of the planned loop's block, to
/// \p Sum; false when they cannot be counted before the planned loop.
bool addLaterLoop(ReserveInLoopCheck::Plan &P, AppendCount &Sum,
                  const Stmt *Next, bool ConditionalUpperBound,
                  ASTContext &Ctx) {
  // Its count must hold from before the planned loop, where the reserve()
  // goes.
  std::optional<TripCount> Count = computeTripCountFrom(Next, P.Loop, Ctx);
  if (!Count)
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

} // namespace

ReserveInLoopCheck::ReserveInLoopCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      VectorLikeClasses(utils::options::parseStringList(
          Options.get("VectorLikeClasses", DefaultVectorLikeClasses))),
      ConditionalAppendsOption(
          Options.get("ConditionalAppends", "Ignore").str()),
      UntrustedSourcesOption(
          Options.get("UntrustedSources", DefaultUntrustedSources).str()),
      UntrustedSources(UntrustedSourcesOption), TargetStl(*this, Options, Name),
      ColdFunctions(*this, Options, Name),
      MinIterations(readCountOption(*this, Options, Name, "MinIterations", 4)),
      UnboundedStrings(
          readBoolOption(*this, Options, Name, "UnboundedStrings", false)) {
  ConditionalUpperBound = ConditionalAppendsOption == "UpperBound";
  if (ConditionalAppendsOption != "Ignore" && !ConditionalUpperBound)
    configurationDiag("invalid value '%0' for %1.ConditionalAppends; expected "
                      "'Ignore' or 'UpperBound'",
                      DiagnosticIDs::Error)
        << ConditionalAppendsOption << Name;
  std::string RegexError;
  if (!UntrustedSources.isValid(RegexError))
    configurationDiag("invalid regular expression in %0.UntrustedSources: %1",
                      DiagnosticIDs::Error)
        << Name << RegexError;
}

void ReserveInLoopCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "VectorLikeClasses",
                utils::options::serializeStringList(VectorLikeClasses));
  Options.store(Opts, "ConditionalAppends", ConditionalAppendsOption);
  Options.store(Opts, "MinIterations", MinIterations);
  Options.store(Opts, "UnboundedStrings", UnboundedStrings);
  Options.store(Opts, "UntrustedSources", UntrustedSourcesOption);
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
}

void ReserveInLoopCheck::registerPPCallbacks(const SourceManager &,
                                             Preprocessor *PP, Preprocessor *) {
  this->PP = PP;
  Errors.startParsing(PP->getDiagnostics());
}

StlFlavor ReserveInLoopCheck::stl() const { return TargetStl.resolve(PP); }

std::optional<Family> ReserveInLoopCheck::familyOf(QualType T) const {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !Record->getIdentifier())
    return std::nullopt;
  std::string Name = "::" + Record->getQualifiedNameAsString();
  StringRef Short = Record->getName();
  if (Record->isInStdNamespace()) {
    if (Short == "vector" && !T.getNonReferenceType()
                                  ->getAsCXXRecordDecl()
                                  ->isInAnonymousNamespace())
      return Family::Vector;
    if (Short == "basic_string")
      return Family::String;
    if (Short == "unordered_map" || Short == "unordered_set" ||
        Short == "unordered_multimap" || Short == "unordered_multiset")
      return Family::Hash;
    return std::nullopt;
  }
  for (StringRef Class : VectorLikeClasses)
    if (Class == Name || Class == Name.substr(2))
      return hasReserve(T) ? std::optional<Family>(Family::Vector)
                           : std::nullopt;
  return std::nullopt;
}

void ReserveInLoopCheck::registerMatchers(MatchFinder *Finder) {
  auto Appends = cxxMethodDecl(
      hasAnyName("push_back", "emplace_back", "insert", "emplace",
                 "try_emplace", "emplace_hint", "insert_or_assign", "append"));
  Finder->addMatcher(
      cxxMemberCallExpr(callee(Appends),
                        unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("append"),
      this);
  Finder->addMatcher(
      cxxOperatorCallExpr(hasAnyOverloadedOperatorName("+=", "[]"),
                          unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("append"),
      this);
  Finder->addMatcher(
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("reserve"))),
                        unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("reserve"),
      this);
}

void ReserveInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // Code with errors has lost statements; counts would be wrong.
  if (Errors.occurred(Ctx.getDiagnostics()))
    return;
  if (const auto *Reserve =
          Result.Nodes.getNodeAs<CXXMemberCallExpr>("reserve")) {
    checkReserveInLoop(Reserve, Ctx);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<Expr>("append");
  const Expr *Object = objectOf(Call);
  if (!Object)
    return;
  // Code that only runs to report an error is not worth a change.
  if (const FunctionDecl *Function = enclosingFunction(Call, Ctx);
      Function && ColdFunctions.isCold(*Function))
    return;
  std::optional<Family> Kind = familyOf(Object->getType());
  const ValueDecl *Container = containerOf(Object);
  if (!Kind || !Container)
    return;
  uint64_t Amount = 0;
  if (classifyAppend(Call, *Kind, Amount, Ctx) == AppendKind::NotAppend)
    return;
  // A loop around the append that the container outlives repeats it;
  // otherwise the appends run once.
  const Stmt *Loop = enclosingLoop(Call, Ctx);
  if (Loop && !contains(Loop, Container->getLocation(), Ctx.getSourceManager()))
    checkLoopAppend(Call, Container, *Kind, Ctx);
  else
    checkStraightLine(Call, Container, *Kind, Ctx);
}

void ReserveInLoopCheck::checkLoopAppend(const Expr *Call,
                                         const ValueDecl *Container,
                                         Family Kind, ASTContext &Ctx) {
  // A lambda or block may run many times on a container it reaches from
  // outside: a reserve() in its body would grow that container by exactly
  // the loop's count on every call (quadratic), and the total is not known
  // there.
  if (containerHome(Container, Call, Ctx) == ContainerHome::Enclosing)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // The loops around the append, innermost first, up to the one that holds
  // the container's declaration.
  std::vector<const Stmt *> Loops;
  for (const Stmt *Loop = enclosingLoop(Call, Ctx); Loop;
       Loop = enclosingLoop(Loop, Ctx)) {
    if (contains(Loop, Container->getLocation(), SM))
      break;
    Loops.push_back(Loop);
  }
  // The outermost loop whose total is known wins: one reserve for the nest.
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    if (!Decided.insert({*It, Container}).second)
      return;
    if (std::optional<Plan> P = planFor(Container, Kind, *It, Ctx)) {
      diagnose(*P, Ctx);
      return;
    }
  }
}

std::optional<ReserveInLoopCheck::Plan>
ReserveInLoopCheck::planFor(const ValueDecl *Container, Family Kind,
                            const Stmt *Loop, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loop->getBeginLoc().isMacroID())
    return std::nullopt;
  std::optional<TripCount> Count = computeTripCount(Loop, Ctx);
  if (!Count)
    return std::nullopt;

  Plan P;
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
    if (Path.Conditional && !ConditionalUpperBound)
      return std::nullopt;
    Append A;
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
  AppendCount Sum;
  for (const Append &A : P.Appends) {
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
    if (!addLaterLoop(P, Sum, Next, ConditionalUpperBound, Ctx)) {
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
  for (const Expr *Ref : refsIn(Function->getBody(), Container)) {
    if (!SM.isBeforeInTranslationUnit(Ref->getBeginLoc(), Loop->getBeginLoc()))
      continue;
    ContainerUse Use = classifyContainerUse(Ref, Ctx);
    if (Use.Kind == UseKind::Call && Use.Method == "reserve")
      return std::nullopt; // the author already reserved
    UsedBefore = true;
  }
  const auto *Var = dyn_cast<VarDecl>(Container);
  if (Var && !isa<ParmVarDecl>(Var) && !Var->getType()->isReferenceType()) {
    const Expr *Init =
        Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr;
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
    const auto *List = dyn_cast_or_null<InitListExpr>(Init);
    bool ConstructedEmpty = !Init ||
                            (Construct && Construct->getNumArgs() == 0) ||
                            (List && List->getNumInits() == 0);
    P.MaybeFilled = !ConstructedEmpty || UsedBefore;
  }
  // A reserve(size() + n) repeated by an outer loop whose count is unknown
  // would reallocate on every pass: exactly the quadratic pattern.
  // A container declared in the outer loop's body is a new object on every
  // pass, which is fine.
  if (const Stmt *Outer = enclosingLoop(Loop, Ctx);
      Outer && (!Var || !contains(Outer, Var->getLocation(), SM)))
    return std::nullopt;

  // Nothing to gain: the elements fit without growing more than once.
  std::optional<uint64_t> Inline = inlineCapacity(Container->getType());
  if (Kind == Family::String)
    Inline = stringInlineCapacity(
        stl() == StlFlavor::Unknown ? StlFlavor::LibStdCxx : stl(),
        charSizeOf(Container->getType(), Ctx));
  if (P.CountValue && !P.MaybeFilled &&
      (*P.CountValue < MinIterations || (Inline && *P.CountValue <= *Inline)))
    return std::nullopt;
  if (Count->Value && *Count->Value < MinIterations && !P.CountValue)
    return std::nullopt;
  // A string that a bare integer counts (a code point's digits, an indent)
  // mostly stays in its inline buffer, where a reserve saves nothing; one
  // filled per element of a range grows with the data. UnboundedStrings
  // reports both.
  if (Kind == Family::String && !UnboundedStrings && !P.CountValue &&
      !runsOverARange(Loop))
    return std::nullopt;

  // A container the caller owns may be filled by repeated calls: growing it
  // by exactly N on each call is the reverse mistake again.
  bool FromOutside =
      !Var || isa<ParmVarDecl>(Var) || Var->getType()->isReferenceType();
  if (isa<FieldDecl>(Container))
    FromOutside = !isa<CXXConstructorDecl>(Function);
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

  P.UntrustedCount = isUntrustedCount(P, Function, Ctx);
  if (P.UntrustedCount && P.NoFix.empty()) {
    P.NoFix = "the count comes from input being read; a crafted value could "
              "make reserve() allocate any amount, so bound it first, e.g. "
              "std::min(count, bytesLeft / recordSize)";
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
  // The later loops are covered by this plan.
  for (const Stmt *Next : P.LaterLoops)
    Decided.insert({Next, Container});
  return P;
}

bool ReserveInLoopCheck::isInputCall(const CallExpr *Call) const {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
    return Op->getOperator() == OO_GreaterGreater &&
           Op->getArg(0)->getType()->isRecordType();
  const FunctionDecl *Callee = Call->getDirectCallee();
  return Callee && Callee->getIdentifier() &&
         UntrustedSources.match(Callee->getName());
}

namespace {

/// The scalar variables a loop header reads, directly or through a field
/// ("hdr.count"); the sizes of containers in memory are not among them.
void collectScalarVars(const Stmt *Header, ASTContext &Ctx,
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

} // namespace

bool ReserveInLoopCheck::isUntrustedCount(const Plan &P,
                                          const FunctionDecl *Function,
                                          ASTContext &Ctx) const {
  const SourceManager &SM = Ctx.getSourceManager();
  auto IsInput = [this](const CallExpr *Call) { return isInputCall(Call); };
  // The scalars the loop nest's headers read. Counts that are the sizes of
  // containers already in memory are trusted: no input can inflate them.
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  std::vector<const Stmt *> Nest = {P.Loop};
  for (const Append &A : P.Appends)
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
    ExternalScalar |= llvm::none_of(
        Nest, [&](const Stmt *L) { return contains(L, V->getLocation(), SM); });
    // n = read(...), in >> n, fread(&n, ...), parse(in, n), or decoded from
    // a buffer that a read filled, before the loop.
    if (isInputDerived(V, P.Loop, Function->getBody(), IsInput, Ctx))
      return true;
  }
  // A loop counted by an outside number that parses as it goes: the number
  // is a claim the input makes.
  return ExternalScalar && readsInput(loopBody(P.Loop), IsInput);
}

void ReserveInLoopCheck::diagnose(const Plan &P, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Append *First = &P.Appends.front();
  for (const Append &A : P.Appends)
    if (SM.isBeforeInTranslationUnit(A.Site->getBeginLoc(),
                                     First->Site->getBeginLoc()))
      First = &A;
  std::string Name = P.Container->getNameAsString();
  StlFlavor Stl = stl();
  std::optional<uint64_t> Exact;
  if (P.CountValue && !P.MaybeFilled && !P.UpperBound) {
    if (P.Kind == Family::Vector && !inlineCapacity(P.Container->getType()))
      Exact = vectorGrowthAllocations(Stl, *P.CountValue);
    else if (P.Kind == Family::String)
      Exact = stringGrowthAllocations(
          Stl, charSizeOf(P.Container->getType(), Ctx), *P.CountValue);
  }
  const char *Unit = P.Kind == Family::String ? "characters" : "elements";
  std::string Count = hasTopLevelConditional(P.Count) && P.MaybeFilled
                          ? "(" + P.Count + ")"
                          : P.Count;
  std::string Reserve =
      P.MaybeFilled ? P.Object + ".size() + " + Count : P.Count;
  SourceLocation Loc = First->Site->getBeginLoc();
  {
    auto Diag = [&]() {
      if (P.Kind == Family::Hash)
        return diag(Loc, "'%0' rehashes about log2(N) times as this loop "
                         "%select{inserts|and the inserts after it insert}1 "
                         "up to N elements; reserving them first sizes its "
                         "buckets once")
               << Name << P.AppendsAfter;
      if (Exact)
        return diag(Loc, "'%0' grows %1 times as this loop "
                         "%select{appends|and the appends after it append}5 "
                         "%2 %3 on %4; reserving them first allocates once")
               << Name << std::to_string(*Exact)
               << std::to_string(*P.CountValue) << Unit << stlDisplayName(Stl)
               << P.AppendsAfter;
      // What it already holds makes fewer growths: say "up to".
      if (P.MaybeFilled)
        return diag(Loc, "'%0' grows up to about log2(N) times as this loop "
                         "%select{appends|and the appends after it append}3 "
                         "%select{|up to }1N %2; reserving them first "
                         "allocates at most once")
               << Name << P.UpperBound << Unit << P.AppendsAfter;
      return diag(Loc, "'%0' grows about log2(N) times as this loop "
                       "%select{appends|and the appends after it append}3 "
                       "%select{|up to }1N %2; reserving them first "
                       "allocates once")
             << Name << P.UpperBound << Unit << P.AppendsAfter;
    }();
    if (P.NoFix.empty()) {
      unsigned Column = SM.getSpellingColumnNumber(P.Loop->getBeginLoc());
      Diag << FixItHint::CreateInsertion(
          P.Loop->getBeginLoc(),
          P.Object + ".reserve(" + Reserve + ");\n" +
              std::string(Column > 0 ? Column - 1 : 0, ' '));
    }
  }
  diag(P.Loop->getBeginLoc(), "N = '%0'; reserve(%1) goes before this loop",
       DiagnosticIDs::Note)
      << P.Count << Reserve;
  if (!P.NoFix.empty())
    diag(P.NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << P.NoFix;
}

void ReserveInLoopCheck::checkStraightLine(const Expr *Call,
                                           const ValueDecl *Container,
                                           Family Kind, ASTContext &Ctx) {
  // Short strings fit their inline buffer, and hash containers allocate a
  // node per element whatever is reserved.
  if (Kind != Family::Vector || inlineCapacity(Container->getType()))
    return;
  const auto *Var = dyn_cast<VarDecl>(Container);
  if (!Var || isa<ParmVarDecl>(Var) || Var->getType()->isReferenceType() ||
      !StraightLineDecided.insert(Container).second)
    return;
  const Expr *Init =
      Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr;
  const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
  if (Init && !(Construct && Construct->getNumArgs() == 0))
    return;
  DynTypedNodeList DeclParents = parentsOf(*Var, Ctx);
  const auto *DeclS =
      DeclParents.empty() ? nullptr : DeclParents[0].get<DeclStmt>();
  DynTypedNodeList BlockParents =
      DeclS ? parentsOf(*DeclS, Ctx) : DynTypedNodeList(DynTypedNode());
  const auto *Block = DeclS && !BlockParents.empty()
                          ? BlockParents[0].get<CompoundStmt>()
                          : nullptr;
  if (!Block)
    return;
  // A container that a loop fills is alloc-reserve-in-loop's other half.
  const FunctionDecl *Function = enclosingFunction(Call, Ctx);
  if (!Function || !Function->getBody())
    return;
  for (const Expr *Ref : refsIn(Function->getBody(), Container))
    if (enclosingLoop(Ref, Ctx) &&
        !contains(enclosingLoop(Ref, Ctx), Var->getLocation(),
                  Ctx.getSourceManager()))
      return;

  // The run of appends right after the declaration.
  auto It = llvm::find(Block->body(), DeclS);
  const Stmt *FirstAppend = nullptr;
  uint64_t Appends = 0;
  for (++It; It != Block->body_end(); ++It) {
    const Stmt *S = *It;
    std::vector<const Expr *> Refs = refsIn(S, Container);
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
        containerOf(Member->getImplicitObjectArgument()) != Container ||
        (calleeName(Member) != "push_back" &&
         calleeName(Member) != "emplace_back") ||
        classifyAppend(Member, Kind, Amount, Ctx) != AppendKind::Append)
      break;
    if (!FirstAppend)
      FirstAppend = S;
    ++Appends;
  }
  if (Appends < 2 || !FirstAppend)
    return;
  // Anything between the declaration and the first append that names the
  // container has been ruled out above: the first statement naming it is an
  // append.
  const SourceManager &SM = Ctx.getSourceManager();
  StlFlavor Stl = stl();
  std::optional<uint64_t> Growth = vectorGrowthAllocations(Stl, Appends);
  std::string Name = Var->getNameAsString();
  auto Diag = Growth ? diag(FirstAppend->getBeginLoc(),
                            "'%0' grows %1 times for these %2 appends on %3; "
                            "reserve(%2) first makes 1 allocation")
                           << Name << std::to_string(*Growth)
                           << std::to_string(Appends) << stlDisplayName(Stl)
                     : diag(FirstAppend->getBeginLoc(),
                            "'%0' grows up to %1 times for these %1 appends; "
                            "reserve(%1) first makes 1 allocation")
                           << Name << std::to_string(Appends);
  unsigned Column = SM.getSpellingColumnNumber(FirstAppend->getBeginLoc());
  Diag << FixItHint::CreateInsertion(
      FirstAppend->getBeginLoc(),
      Name + ".reserve(" + std::to_string(Appends) + ");\n" +
          std::string(Column > 0 ? Column - 1 : 0, ' '));
}

void ReserveInLoopCheck::checkReserveInLoop(const CXXMemberCallExpr *Reserve,
                                            ASTContext &Ctx) {
  const Expr *Object = Reserve->getImplicitObjectArgument();
  std::optional<Family> Kind = familyOf(Object->getType());
  const ValueDecl *Container = containerOf(Object);
  const Stmt *Loop = enclosingLoop(Reserve, Ctx);
  if (!Kind || *Kind == Family::Hash || !Container ||
      Reserve->getNumArgs() != 1 || !Loop)
    return;
  // A container declared in the loop is new on every iteration.
  if (contains(Loop, Container->getLocation(), Ctx.getSourceManager()))
    return;
  // libstdc++ and the MSVC STL round a string's reserve() up geometrically;
  // libc++'s, and every vector's, is exact.
  if (*Kind == Family::String && stl() != StlFlavor::LibCxx)
    return;
  // reserve(c.size() + k): the capacity creeps up by k per iteration.
  const auto *Sum =
      dyn_cast<BinaryOperator>(Reserve->getArg(0)->IgnoreParenImpCasts());
  if (!Sum || Sum->getOpcode() != BO_Add)
    return;
  auto IsOwnSize = [&](const Expr *E) {
    const auto *Call = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
    StringRef Method = Call ? calleeName(Call) : "";
    return Call &&
           (Method == "size" || Method == "length" || Method == "capacity") &&
           containerOf(Call->getImplicitObjectArgument()) == Container;
  };
  if (!IsOwnSize(Sum->getLHS()) && !IsOwnSize(Sum->getRHS()))
    return;
  if (Reserve->getBeginLoc().isMacroID())
    return;
  diag(Reserve->getBeginLoc(),
       "reserve(size() + k) inside a loop reallocates '%0' on every "
       "iteration: its capacity grows by k instead of doubling, which makes "
       "the loop quadratic; reserve the total once before the loop")
      << Container->getNameAsString();
  diag(Reserve->getBeginLoc(),
       "no fix-it: code after this call may rely on the capacity it "
       "guarantees",
       DiagnosticIDs::Note);
}

} // namespace clang::tidy::alloc
