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
#include "checks/ProfileEvidenceLog.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/ast/ParentIndex.h"
#include "lib/analysis/decisions/ReservePlan.h"
#include "lib/analysis/decisions/StaticRank.h"
#include "lib/analysis/facts/Appends.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/InputTaint.h"
#include "lib/analysis/facts/TripCount.h"
#include "lib/analysis/profile/ProfileEvidence.h"
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
          readBoolOption(*this, Options, Name, "UnboundedStrings", false)),
      StraightLineAppends(
          readBoolOption(*this, Options, Name, "StraightLineAppends", false)),
      ReusedBuffers(
          readBoolOption(*this, Options, Name, "ReusedBuffers", false)) {
  Profiles.read(*this, Options, Name);
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
  Options.store(Opts, "StraightLineAppends", StraightLineAppends);
  Options.store(Opts, "ReusedBuffers", ReusedBuffers);
  Options.store(Opts, "UntrustedSources", UntrustedSourcesOption);
  TargetStl.store(Options, Opts);
  ColdFunctions.store(Options, Opts);
  Profiles.store(Options, Opts);
}

void ReserveInLoopCheck::registerPPCallbacks(const SourceManager &,
                                             Preprocessor *PP, Preprocessor *) {
  this->PP = PP;
  Errors.startParsing(PP->getDiagnostics());
}

StlFlavor ReserveInLoopCheck::stl() const { return TargetStl.resolve(PP); }

ReservePolicy ReserveInLoopCheck::policy() const {
  ReservePolicy Policy;
  Policy.ConditionalUpperBound = ConditionalUpperBound;
  Policy.MinIterations = MinIterations;
  Policy.UnboundedStrings = UnboundedStrings;
  Policy.Stl = stl();
  Policy.IsInput = [this](const CallExpr *Call) { return isInputCall(Call); };
  return Policy;
}

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
  using alloc_tidy::matchers::callsMethodNamed;
  Finder->addMatcher(
      cxxMemberCallExpr(
          callsMethodNamed({"push_back", "emplace_back", "insert", "emplace",
                            "try_emplace", "emplace_hint", "insert_or_assign",
                            "append"}),
          unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("append"),
      this);
  Finder->addMatcher(
      cxxOperatorCallExpr(hasAnyOverloadedOperatorName("+=", "[]"),
                          unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("append"),
      this);
  Finder->addMatcher(
      cxxMemberCallExpr(callsMethodNamed({"reserve"}),
                        unless(alloc_tidy::matchers::isInInstantiatedCode()))
          .bind("reserve"),
      this);
  // Once per unit, whatever its code: with a profile, what the code at its
  // sites does (alloc-run --explain).
  Finder->addMatcher(translationUnitDecl().bind("unit"), this);
}

void ReserveInLoopCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>("unit")) {
    Profiles.explainSites(Ctx);
    return;
  }
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
  // A member of a local object ('Node.Children') is followed only in the
  // appends right after the object is made: other code may fill it later.
  LocalMember Owner = Container ? LocalMember() : memberOfLocal(Object);
  if (!Kind || (!Container && !Owner.Local))
    return;
  uint64_t Amount = 0;
  if (classifyAppend(Call, *Kind, Amount, Ctx) == AppendKind::NotAppend)
    return;
  // A loop around the append that the container outlives repeats it;
  // otherwise the appends run once.
  const ValueDecl *Outer = Container ? Container : Owner.Local;
  const Stmt *Loop = enclosingLoop(Call, Ctx);
  bool Repeated =
      Loop && !containsLoc(Loop, Outer->getLocation(), Ctx.getSourceManager());
  if (Repeated && Container)
    checkLoopAppend(Call, Container, *Kind, Ctx);
  else if (!Repeated)
    checkStraightLine(Call, Outer, *Kind, Ctx, Owner.Field);
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
    if (containsLoc(Loop, Container->getLocation(), SM))
      break;
    Loops.push_back(Loop);
  }
  // Appends once per command-line argument: a handful per run.
  if (!Loops.empty() && ColdFunctions.isColdLoop(*Loops.front()))
    return;
  // The outermost loop whose total is known wins: one reserve for the nest.
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    if (!Decided.insert({*It, Container}).second)
      return;
    if (std::optional<ReservePlan> P =
            planReserve(Container, Kind, *It, policy(), Ctx)) {
      // The later loops are covered by this plan.
      for (const Stmt *Next : P->LaterLoops)
        Decided.insert({Next, Container});
      diagnose(*P, Ctx);
      return;
    }
  }
}

bool ReserveInLoopCheck::isInputCall(const CallExpr *Call) const {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
    return Op->getOperator() == OO_GreaterGreater &&
           Op->getArg(0)->getType()->isRecordType();
  const FunctionDecl *Callee = Call->getDirectCallee();
  return Callee && Callee->getIdentifier() &&
         UntrustedSources.match(Callee->getName());
}

void ReserveInLoopCheck::diagnose(const ReservePlan &P, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const PlannedAppend *First = &P.Appends.front();
  for (const PlannedAppend &A : P.Appends)
    if (SM.isBeforeInTranslationUnit(A.Site->getBeginLoc(),
                                     First->Site->getBeginLoc()))
      First = &A;
  std::string Name = P.Container->getNameAsString();
  // The growth heapcount saw is at the appends.
  std::vector<ProfileAnchor> Code;
  Code.reserve(P.Appends.size());
  for (const PlannedAppend &A : P.Appends)
    Code.emplace_back(A.Site->getSourceRange(), enclosingFunction(A.Site, Ctx));
  std::optional<Measurement> Measured =
      Profiles.measureContainer(P.Container->getType(), Code, Ctx);
  if (Measured && Profiles.isCold(*Measured))
    return;
  // A literal plus a character per element of a list of unknown length:
  // only a measured allocation shows it leaves the inline buffer.
  if (P.NeedsMeasurement && !(Measured && Measured->Allocations > 0))
    return;
  // A reserve of an upper bound allocates in runs that append nothing too,
  // which a profile cannot see: with one, only measured growths that
  // outnumber the runs seen pay for as many of those (not a container that
  // stays at one or two elements, nor one the profile did not see grow).
  if (P.UpperBound && Profiles.loaded() &&
      !(Measured && upperBoundReservePays(*Measured)))
    return;
  // A buffer its owner keeps across calls grows only past the most it has
  // held: after the first calls a reserve saves nothing, unless a profile
  // shows the appends still allocating.
  if (P.ReusedBuffer && !ReusedBuffers && !Profiles.isHot(Measured))
    return;
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
      Diag << FixItHint::CreateInsertion(
          P.Loop->getBeginLoc(), P.Object + ".reserve(" + Reserve + ");\n" +
                                     indentationAt(P.Loop->getBeginLoc(), SM));
    }
  }
  addMeasuredNote(Loc, Ctx.getSourceManager(), Name, P.Container->getType(),
                  Measured);
  logStaticRank(getID(), Loc, estimateStatically(*P.Loop, Ctx), SM);
  if (P.LiteralPrefix && P.InlineCapacity) {
    const bool Beyond = *P.LiteralPrefix >= *P.InlineCapacity;
    diag(Loc,
         "its final length is %0 (the literal) plus one character per "
         "element; %select{it leaves the %1-character inline buffer past %2 "
         "elements|the literal alone fills the %1-character inline buffer}3",
         DiagnosticIDs::Note)
        << std::to_string(*P.LiteralPrefix) << std::to_string(*P.InlineCapacity)
        << std::to_string(Beyond ? 0 : *P.InlineCapacity - *P.LiteralPrefix)
        << Beyond;
  }
  diag(P.Loop->getBeginLoc(), "N = '%0'; reserve(%1) goes before this loop",
       DiagnosticIDs::Note)
      << P.Count << Reserve;
  if (!P.NoFix.empty())
    diag(P.NoFixLoc, "no fix-it: %0", DiagnosticIDs::Note) << P.NoFix;
}

void ReserveInLoopCheck::checkStraightLine(const Expr *Call,
                                           const ValueDecl *Container,
                                           Family Kind, ASTContext &Ctx,
                                           const FieldDecl *Member) {
  QualType Type = Member ? Member->getType() : Container->getType();
  // Short strings fit their inline buffer, and hash containers allocate a
  // node per element whatever is reserved.
  if (Kind != Family::Vector || inlineCapacity(Type) ||
      !StraightLineDecided.insert({Container, Member}).second)
    return;
  std::optional<StraightRun> Plan =
      planStraightRun(Container, Member, Call, Ctx);
  if (!Plan)
    return;
  const Stmt *FirstAppend = Plan->Run.First;
  uint64_t Appends = Plan->Run.Count;
  const std::string &Name = Plan->Name;
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<Measurement> Measured;
  if (Profiles.loaded()) {
    Measured = Profiles.measureContainer(Type,
                                         appendRunCode(*Plan->Var, Member,
                                                       Plan->Run.Appends,
                                                       *Plan->Function, Ctx),
                                         Ctx);
    if (Measured && Profiles.isCold(*Measured))
      return;
  }
  // A fixed run saves at most log2(N) allocations once per call: worth it
  // only where the function runs often, which a profile shows (a file the
  // profile covers where the run made few allocations is not that).
  if (!StraightLineAppends && !Profiles.isHot(Measured))
    return;
  StlFlavor Stl = stl();
  std::optional<uint64_t> Growth = vectorGrowthAllocations(Stl, Appends);
  {
    auto Diag = Growth ? diag(FirstAppend->getBeginLoc(),
                              "'%0' grows %1 times for these %2 appends on "
                              "%3; reserve(%2) first makes 1 allocation")
                             << Name << std::to_string(*Growth)
                             << std::to_string(Appends) << stlDisplayName(Stl)
                       : diag(FirstAppend->getBeginLoc(),
                              "'%0' grows up to %1 times for these %1 "
                              "appends; reserve(%1) first makes 1 allocation")
                             << Name << std::to_string(Appends);
    Diag << FixItHint::CreateInsertion(
        FirstAppend->getBeginLoc(),
        Name + ".reserve(" + std::to_string(Appends) + ");\n" +
            indentationAt(FirstAppend->getBeginLoc(), SM));
  }
  addMeasuredNote(FirstAppend->getBeginLoc(), Ctx.getSourceManager(), Name,
                  Type, Measured);
}

void ReserveInLoopCheck::addMeasuredNote(
    SourceLocation Loc, const SourceManager &SM, StringRef Name,
    QualType ContainerType, const std::optional<Measurement> &Measured) {
  // A vector that copies its elements as it grows saves those copies too.
  std::string CopiedElement = elementCopiedOnGrowth(ContainerType);
  if (std::optional<std::string> Note =
          Profiles.measuredNote(Measured, Loc, SM, [&](const Measurement &M) {
            return describeReserve(Name, M, CopiedElement);
          }))
    diag(Loc, "%0", DiagnosticIDs::Note) << *Note;
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
  if (containsLoc(Loop, Container->getLocation(), Ctx.getSourceManager()))
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
