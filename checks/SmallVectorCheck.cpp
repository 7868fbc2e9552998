//===--- SmallVectorCheck.cpp ---------------------------------------------===//
//
// Collects std::vector locals and data members of user code and their uses;
// at the end of the unit, asks VectorBound.h (or a heapcount profile,
// ProfileSites.h) for the most elements each can hold, checks that the
// replacement offers what the code uses, and reports the bound with its
// evidence, a fix-it, and the member's decision across units.
//
//===----------------------------------------------------------------------===//

#include "checks/SmallVectorCheck.h"
#include "checks/OptionValues.h"
#include "checks/ProfileEvidenceLog.h"
#include "checks/TypeSpelling.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "lib/analysis/ast/NodeMatchers.h"
#include "lib/analysis/ast/TypeMatchers.h"
#include "lib/analysis/decisions/VectorBound.h"
#include "lib/analysis/facts/ContainerUses.h"
#include "lib/analysis/facts/MemberFacts.h"
#include "lib/analysis/profile/ProfileSites.h"
#include "lib/layout/InlineVectorModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;
using namespace alloc_tidy;

namespace clang::tidy::alloc {

/// A vector's bound (see VectorBound.h) and what the check adds to it: the
/// fix-it's spelling, the capacity it declares, the member's facts and the
/// profile's sites.
struct SmallVectorCheck::Candidate : VectorBound {
  const ValueDecl *Decl = nullptr;
  QualType Element;
  TypeLoc Spelled;
  std::vector<ContainerUse> Uses;
  /// Why the warning comes without a fix-it, and where that is.
  std::string NoFixReason;
  SourceLocation NoFixLoc;
  /// The capacity to write in the replacement's template arguments: more
  /// than Capacity where the class holds fewer than it is asked for.
  uint64_t Declared = 0;
  /// A member of a class whose code this unit may not all see: its facts,
  /// for a decision across units. Capacity is then what the constructors
  /// defined here need (0: none is).
  std::optional<MemberFacts> Facts;
  /// Code whose allocations heapcount attributes to this vector.
  std::vector<ProfileAnchor> Anchors;
  /// The profile's sites attributed to this vector, and those at its code
  /// whose element does not match (ignored).
  std::vector<SiteMatch> ProfileSites;
  std::vector<SiteMatch> MismatchedSites;
  std::optional<CapacityChoice> Profiled;
  /// What the profiles measured at the code of a vector the analysis
  /// bounds.
  std::optional<Measurement> Measured;
  /// A profiled local rewritten as a std::pmr::vector on a stack buffer,
  /// in code with no small-vector class.
  std::optional<PmrLocalPlan> Pmr;
};

SmallVectorCheck::SmallVectorCheck(StringRef Name, ClangTidyContext *Ctx)
    : ClangTidyCheck(Name, Ctx),
      VectorLikeClasses(utils::options::parseStringList(
          Options.get("VectorLikeClasses", ""))),
      MaxInlineElements(
          readCountOption(*this, Options, Name, "MaxInlineElements", 8, 1)),
      MaxInlineBytes(
          readCountOption(*this, Options, Name, "MaxInlineBytes", 1024, 1)),
      TargetStl(*this, Options, Name),
      Inserter(readIncludeStyleOption(*this, Options, Name),
               areDiagsSelfContained()),
      WholeProgram(*this, Options, Name, Inserter.getStyle(),
                   areDiagsSelfContained()),
      TargetClass(*this, Options, Name) {
  Target = TargetClass.configured();
  LayoutNotes = readLayoutNoteStyle(*this, Options, Name);
  OwnName = Name.str();
  Profiles.read(*this, Options, Name);
}

SmallVectorCheck::~SmallVectorCheck() = default;

void SmallVectorCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "VectorLikeClasses",
                utils::options::serializeStringList(VectorLikeClasses));
  Options.store(Opts, "MaxInlineElements",
                static_cast<unsigned>(MaxInlineElements));
  Options.store(Opts, "MaxInlineBytes", static_cast<unsigned>(MaxInlineBytes));
  TargetClass.store(Options, Opts);
  TargetStl.store(Options, Opts);
  Options.store(Opts, "LayoutNotes", layoutNoteStyleName(LayoutNotes));
  Profiles.store(Options, Opts);
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
  using namespace alloc_tidy::matchers;
  std::vector<StringRef> Names = VectorLikeClasses;
  Names.emplace_back("::std::vector");
  auto VectorType = isSpecializationOf(hasAnyName(Names));
  // Every variable, field, reference and member access meets one matcher.
  Finder->addMatcher(varDecl(isLocalOfType(VectorType)).bind("decl"), this);
  Finder->addMatcher(fieldDecl(hasType(VectorType)).bind("decl"), this);
  Finder->addMatcher(declRefExpr(toLocalVariableOfType(VectorType)).bind("ref"),
                     this);
  Finder->addMatcher(memberExpr(toFieldOfType(VectorType)).bind("ref"), this);
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

void SmallVectorCheck::analyzeCommon(Candidate &C) {
  ASTContext &Ctx = *Context;
  const ValueDecl *D = C.Decl;
  if (std::optional<std::string> Why =
          whyDeclarationIgnored(*D, Ctx.getSourceManager())) {
    C.Silence = *Why;
    return;
  }
  if (const auto *Field = dyn_cast<FieldDecl>(D))
    C.Facts = memberFactsFor(*Field, Ctx);
  if (std::optional<std::string> Why = whyTypeIgnored(*D, C.Element)) {
    C.Silence = *Why;
    return;
  }

  for (const Expr *Ref : References.lookup(D))
    C.Uses.push_back(classifyContainerUse(Ref, Ctx));

  // The spelled type, for the fix-it.
  const auto *DD = cast<DeclaratorDecl>(D);
  if (const TypeSourceInfo *TSI = DD->getTypeSourceInfo())
    C.Spelled = TSI->getTypeLoc();
  if (std::optional<NoRewrite> Why = whyTypeNotRewritable(*DD, C.Spelled)) {
    C.NoFixReason = std::move(Why->Text);
    C.NoFixLoc = Why->Loc;
  } else if (const auto *Field = dyn_cast<FieldDecl>(D)) {
    // Worth knowing, but only the author can tell that no reference is
    // held across a move of the object.
    if (std::optional<std::string> Why =
            inlineElementsEscape(*Field, C.Uses, Ctx)) {
      C.NoFixReason = std::move(*Why);
      C.NoFixLoc = D->getLocation();
    }
  }
}

void SmallVectorCheck::analyzeBound(Candidate &C) {
  InlineLimits Limits{MaxInlineElements, MaxInlineBytes};
  auto CallsIndex = [&]() -> ConstructorArguments & {
    if (!Calls)
      Calls = std::make_unique<ConstructorArguments>(*Context);
    return *Calls;
  };
  VectorBound &Bound = C;
  if (const auto *Field = dyn_cast<FieldDecl>(C.Decl))
    Bound =
        boundOfMember(*Field, C.Element, C.Uses, Limits, CallsIndex, *Context);
  else
    Bound = boundOfLocal(*cast<VarDecl>(C.Decl), C.Element, C.Uses, Limits,
                         *Context);
}

void SmallVectorCheck::analyzeForProfile(Candidate &C) {
  ProfiledUses Uses = profiledUsesOf(*C.Decl, C.Uses, *Context);
  C.Silence = std::move(Uses.Silence);
  C.Members = std::move(Uses.Members);
  C.Constructions = std::move(Uses.Constructions);
  C.Anchors = std::move(Uses.Anchors);
  // The static analysis's evidence does not back a profiled capacity.
  C.Notes.clear();
  C.ConditionalGrowth = nullptr;
  C.SizedByArgument = C.OnlyAppends = C.UseArray = false;
}

void SmallVectorCheck::sizeFromProfile(ArrayRef<Candidate *> Profiled) {
  std::vector<ProfiledVector> Vectors;
  Vectors.reserve(Profiled.size());
  for (const Candidate *C : Profiled)
    Vectors.push_back({C->Element, C->Anchors});
  std::vector<SiteMatches> Matches = matchProfileSites(
      Vectors,
      [&](FileID File) {
        return Profiles.sitesIn(File, Context->getSourceManager());
      },
      *Context);
  for (size_t I = 0; I < Profiled.size(); ++I) {
    Candidate &C = *Profiled[I];
    C.ProfileSites = std::move(Matches[I].Sites);
    C.MismatchedSites = std::move(Matches[I].Mismatched);
    if (!C.ProfileSites.empty()) {
      ProfiledCapacity Chosen = capacityFromProfile(
          C.ProfileSites, Profiles.coverage(), Profiles.minAllocations(),
          Context->getTypeSizeInChars(C.Element).getQuantity(), MaxInlineBytes);
      C.Profiled = Chosen.Choice;
      if (Chosen.Capacity)
        C.Capacity = *Chosen.Capacity;
      C.Silence = std::move(Chosen.Silence);
      chooseTarget(C);
      if (C.Silence.empty())
        checkReplacement(C);
    }
    finish(C);
  }
}

void SmallVectorCheck::chooseTarget(const Candidate &C) {
  std::optional<InlineVectorClass> Chosen =
      TargetClass.classAt(C.Decl->getLocation(), *Context);
  TargetInProject = Chosen.has_value();
  Target = Chosen ? *Chosen : TargetClass.configured();
}

void SmallVectorCheck::checkReplacement(Candidate &C) {
  if (C.UseArray && llvm::all_of(C.Members.keys(), isArrayMember))
    return;
  C.UseArray = false;
  ReplacementFit Fit = fitOfReplacement(
      Target, C.Members, C.Constructions,
      !Target.Preset && TargetClass.isAuto() && C.NoFixReason.empty());
  if (!Fit.Silence.empty()) {
    C.Silence = std::move(Fit.Silence);
    return;
  }
  if (!Fit.NoFix.empty()) {
    C.NoFixReason = std::move(Fit.NoFix);
    C.NoFixLoc = C.Decl->getLocation();
  }
  chooseDeclaredCapacity(C);
  if (!TargetInProject && C.NoFixReason.empty()) {
    std::string Element = spelledElementType(C.Element, C.Spelled, *Context);
    if (const auto *Var = dyn_cast<VarDecl>(C.Decl); Var && C.Profiled)
      C.Pmr = planStackVector(*Var, C.Spelled, C.Uses, Element, C.Element,
                              C.Capacity, MaxInlineBytes, PP, *Context);
    if (C.Pmr && C.Pmr->Why.empty())
      return;
    C.NoFixReason = TargetClass.whyNoClass(
        Target.spell(Element, C.Declared), Element,
        isa<VarDecl>(C.Decl) && getLangOpts().CPlusPlus17 ? C.Capacity : 0);
    if (C.Pmr)
      C.NoFixReason += " (not rewritten so here: " + C.Pmr->Why + ")";
    C.Pmr.reset();
    C.NoFixLoc = C.Decl->getLocation();
  }
  // A fix-it whose include is not found would not compile.
  if (!Target.Header.empty() && C.NoFixReason.empty() &&
      !headerFound(PP, Target.Header, C.Decl->getLocation(),
                   Context->getSourceManager())) {
    C.NoFixReason = Target.Header.str() +
                    " is not found on this unit's include paths; set "
                    "SmallVectorClass to a class this code can use";
    C.NoFixLoc = C.Decl->getLocation();
  }
}

void SmallVectorCheck::chooseDeclaredCapacity(Candidate &C) {
  C.Declared = C.UseArray ? C.Capacity
                          : inlineVectorCapacityToDeclare(
                                *Context, Target.Name, C.Element, C.Capacity);
}

void SmallVectorCheck::decideMember(Candidate &C) {
  if (!C.Facts)
    return;
  MemberFacts &Facts = *C.Facts;
  Facts.Check = OwnName;
  Facts.Bound = C.Capacity;
  Facts.setVerdict(C.Silence, C.NoFixReason);
  MemberDecision Decision = WholeProgram.decide(
      Facts,
      [&](ProjectIncludeInserter &Includes) -> std::optional<Finding> {
        if (C.Capacity == 0)
          return std::nullopt;
        return render(C, Includes);
      },
      C.Decl->getLocation(), Context->getSourceManager());
  for (std::string &Note : Decision.Notes)
    C.Notes.push_back({C.Decl->getLocation(), std::move(Note)});
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
    C.Notes.push_back({C.Decl->getLocation(), boundNote(Decision)});
  }
}

void SmallVectorCheck::finish(Candidate &C) {
  decideMember(C);
  if (!C.Silence.empty() || C.Capacity == 0)
    return;
  if (C.Profiled) {
    // Sized from the profile: its sites are the measurement.
    if (C.Profiled->Total < Profiles.minProfiledAllocations())
      return;
  } else if (Profiles.loaded()) {
    C.Measured = Profiles.measureContainer(
        C.Decl->getType(), profiledUsesOf(*C.Decl, C.Uses, *Context).Anchors,
        *Context);
    if (C.Measured && Profiles.isCold(*C.Measured))
      return;
  }
  report(*this, render(C, Inserter));
}

void SmallVectorCheck::onEndOfTranslationUnit() {
  std::vector<Candidate *> Profiled;
  for (auto &Entry : Candidates) {
    Candidate &C = *Entry.second;
    analyzeCommon(C);
    if (C.Silence.empty())
      analyzeBound(C);
    // Run-time sizes stand in for the code this unit sees; not for code it
    // does not.
    if (!C.Silence.empty() && C.SizeUnknown && Profiles.loaded() &&
        (!C.Facts || unseenCode(*C.Facts).empty())) {
      std::string Static = C.Silence;
      analyzeForProfile(C);
      if (C.Silence.empty()) {
        Profiled.push_back(&C);
        C.Silence = std::move(Static);
        continue;
      }
    }
    chooseTarget(C);
    if (C.Silence.empty())
      checkReplacement(C);
    finish(C);
  }
  // Context is unset in a unit without a vector.
  if (!Profiled.empty())
    sizeFromProfile(Profiled);
  Candidates.clear();
  References.clear();
  Calls.reset();
  TargetClass.endTranslationUnit();
  Profiles.endTranslationUnit();
}

/// "1 element", "3 elements".
static std::string elements(uint64_t N) {
  return std::to_string(N) + (N == 1 ? " element" : " elements");
}

Finding SmallVectorCheck::render(const Candidate &C,
                                 ProjectIncludeInserter &Includes) {
  ASTContext &Ctx = *Context;
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = C.Decl->getNameAsString();
  std::string Count = std::to_string(C.Capacity);
  StringRef Them = C.Capacity == 1 ? "it" : "them";

  std::string Element = spelledElementType(C.Element, C.Spelled, Ctx);
  TypeLoc Named = C.Spelled ? namedTypeLoc(C.Spelled) : TypeLoc();
  std::string NewType =
      C.UseArray        ? "std::array<" + Element + ", " + Count + ">"
      : TargetInProject ? Target.spell(Element, C.Declared)
      : C.Pmr ? "a std::pmr::vector<" + Element + "> on a buffer on the stack"
              : "a small vector with room for " + Count;

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
  if (C.NoFixReason.empty() && (C.Pmr || TargetClass.usable()) && Range) {
    std::vector<FixItHint> &Fixes = F.Warning.Fixes;
    if (auto Spec = Named.getAs<TemplateSpecializationTypeLoc>())
      Range = CharSourceRange::getTokenRange(Range->getBegin(),
                                             Spec.getRAngleLoc());
    if (C.Pmr)
      for (const TextEdit &Edit : C.Pmr->Edits)
        Fixes.push_back(FixItHint::CreateReplacement(Edit.Range, Edit.Text));
    else
      Fixes.push_back(FixItHint::CreateReplacement(*Range, NewType));
    if (C.UseArray && C.Init)
      for (const TextEdit &Edit : arrayInitializerEdits(*C.Init))
        Fixes.push_back(FixItHint::CreateReplacement(Edit.Range, Edit.Text));
    if (C.UseArray || C.Pmr || !Target.Header.empty())
      if (std::optional<FixItHint> Include = Includes.createIncludeInsertion(
              SM.getFileID(SM.getExpansionLoc(C.Spelled.getBeginLoc())),
              C.UseArray ? StringRef("<array>")
              : C.Pmr    ? StringRef("<memory_resource>")
                         : includeSpelling(Target.Header)))
        Fixes.push_back(std::move(*Include));
  }

  if (std::optional<std::string> Shortfall =
          C.UseArray || C.Pmr
              ? std::nullopt
              : describeCapacityShortfall(Ctx, Target.Name, C.Element,
                                          C.Capacity, C.Declared,
                                          Target.spell(Element, C.Capacity)))
    F.note(C.Decl->getLocation(), std::move(*Shortfall));
  if (C.Pmr)
    F.note(C.Decl->getLocation(), C.Pmr->Note);
  for (const SizeEvidence &Note : C.Notes)
    F.note(Note.Loc, Note.Text);
  if (C.Profiled) {
    logMeasuredSites(OwnName, C.Decl->getLocation(), C.ProfileSites, SM);
    Profiles.addNotes(F, C.ProfileSites, C.MismatchedSites, *C.Profiled,
                      C.Capacity, C.Decl->getLocation(),
                      Ctx.getTypeSizeInChars(C.Element).getQuantity());
  } else if (std::optional<std::string> Note = Profiles.measuredNote(
                 C.Measured, C.Decl->getLocation(), SM,
                 [&](const Measurement &M) {
                   return describeInlineBuffer(Name, M, C.Capacity);
                 }))
    F.note(C.Decl->getLocation(), std::move(*Note));
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
    for (const std::string &Note : smallVectorMemberNotes(
             *Field, Target, TargetInProject, C.Element,
             spelledElementType(C.Element, C.Spelled, *Context), C.Declared,
             *Context, LayoutNotes))
      F.note(Field->getLocation(), Note);
  return F;
}

} // namespace clang::tidy::alloc
