//===--- ProfileEvidence.cpp - what a profile measured at a finding -------===//

#include "lib/analysis/profile/ProfileEvidence.h"
#include "lib/analysis/facts/Appends.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Format.h"
#include <set>
#include <utility>

using namespace clang;

namespace alloc_tidy {

void ProfileSet::add(std::string Path, HeapProfile Profile) {
  Profiles.push_back({std::move(Path), std::move(Profile)});
}

uint64_t ProfileSet::allocations() const {
  uint64_t Total = 0;
  for (const Entry &E : Profiles)
    Total += E.Profile.Allocations;
  return Total;
}

static void addCaller(const SiteCaller &From, SiteCaller &Into) {
  if (From.Allocations == 0)
    return;
  // The processes of another run add up; unknown once either is. A place
  // not yet added to (no allocations) takes From's.
  Into.Processes =
      Into.Allocations == 0 ? From.Processes
      : Into.Processes && From.Processes
          ? std::optional<uint64_t>(*Into.Processes + *From.Processes)
          : std::nullopt;
  Into.Allocations += From.Allocations;
  for (const auto &[Elements, Allocations] : From.Counts)
    Into.Counts[Elements] += Allocations;
}

/// Adds the callers of \p Site to those of \p Into, the same site of
/// another run; unknown once either is.
static void mergeCallers(const ProfileSite &Site, ProfileSite &Into) {
  if (!Site.Callers || !Into.Callers) {
    Into.Callers.reset();
    Into.CallersCut = SiteCaller();
    return;
  }
  for (const SiteCaller &Place : *Site.Callers) {
    auto Same = llvm::find_if(*Into.Callers, [&](const SiteCaller &Other) {
      return Other.Line == Place.Line && Other.Column == Place.Column &&
             Other.File == Place.File;
    });
    if (Same == Into.Callers->end())
      Into.Callers->push_back(Place);
    else
      addCaller(Place, *Same);
  }
  addCaller(Site.CallersCut, Into.CallersCut);
}

/// Adds \p Sites to \p Into, like sites (same line, column, function,
/// container and element) added up, their processes too.
static void mergeSites(const std::vector<ProfileSite> &Sites,
                       std::vector<ProfileSite> &Into) {
  for (const ProfileSite &Site : Sites) {
    auto Same = llvm::find_if(Into, [&](const ProfileSite &Other) {
      return Other.Line == Site.Line && Other.Column == Site.Column &&
             Other.Function == Site.Function &&
             Other.Container == Site.Container &&
             Other.Element == Site.Element &&
             Other.ElementSize == Site.ElementSize;
    });
    if (Same == Into.end()) {
      Into.push_back(Site);
      continue;
    }
    Same->Allocations += Site.Allocations;
    for (const auto &[Elements, Allocations] : Site.Counts)
      Same->Counts[Elements] += Allocations;
    mergeCallers(Site, *Same);
    // Separate runs: separate processes.
    if (!Same->Processes || !Site.Processes) {
      Same->Processes.reset();
      Same->ProcessesByCount.clear();
      continue;
    }
    Same->Processes = Same->Processes.value_or(0) + Site.Processes.value_or(0);
    for (const auto &[Elements, Processes] : Site.ProcessesByCount)
      Same->ProcessesByCount[Elements] += Processes;
  }
}

ProfileSet::FileView ProfileSet::view(StringRef Path,
                                      StringRef Contents) const {
  FileView View;
  View.Path = Path.str();
  for (const Entry &E : Profiles) {
    auto Sites = E.Profile.SitesByFile.find(Path);
    auto Allocations = E.Profile.AllocationSitesByFile.find(Path);
    bool HasSites = Sites != E.Profile.SitesByFile.end();
    bool HasAllocations = Allocations != E.Profile.AllocationSitesByFile.end();
    if (!E.Profile.Files.count(Path) && !HasSites && !HasAllocations)
      continue;
    HeapProfile::FileState State = E.Profile.fileState(Path, Contents);
    if (State != HeapProfile::FileState::Current) {
      View.Stale.push_back(E.Path);
      View.StaleForLackOfHash |= State == HeapProfile::FileState::Unknown;
      View.StaleSites += (HasSites ? Sites->second.size() : 0) +
                         (HasAllocations ? Allocations->second.size() : 0);
      continue;
    }
    auto Listed = E.Profile.Files.find(Path);
    if (!HasSites && !HasAllocations && Listed != E.Profile.Files.end() &&
        Listed->second.CallersOnly) {
      View.CallersCurrent = true;
      continue;
    }
    View.Covered = true;
    if (HasSites)
      mergeSites(Sites->second, View.Sites);
    if (HasAllocations)
      mergeSites(Allocations->second, View.AllocationSites);
  }
  return View;
}

std::vector<ProfileAnchor> fillCode(ArrayRef<ContainerFill> Fills,
                                    ASTContext &Ctx) {
  std::vector<ProfileAnchor> Code;
  Code.reserve(Fills.size());
  for (const ContainerFill &F : Fills) {
    Code.emplace_back(F.Site->getSourceRange(), enclosingFunction(F.Site, Ctx));
    for (const Expr *Growth : F.CalleeGrowth)
      Code.emplace_back(Growth->getSourceRange(),
                        enclosingFunction(Growth, Ctx),
                        F.Site->getSourceRange());
    // Growth in another unit's function: its file is read into the unit's
    // source manager, so that the profile's view of it is found as for any
    // other file (a file that changed since it no longer matches).
    for (const CodeSpan &Growth : F.CalleeGrowthElsewhere)
      if (SourceRange Range = rangeOf(Growth, Ctx.getSourceManager());
          Range.isValid())
        Code.emplace_back(Range, nullptr, F.Site->getSourceRange());
  }
  return Code;
}

std::vector<ProfileAnchor> containerCode(const ValueDecl &D,
                                         ArrayRef<ContainerUse> Uses) {
  std::vector<ProfileAnchor> Code;
  Code.reserve(Uses.size() + 1);
  for (const ContainerUse &Use : Uses)
    if (Use.Site)
      Code.emplace_back(Use.Site->getSourceRange(), Use.Function);
  if (const auto *Var = dyn_cast<VarDecl>(&D))
    Code.emplace_back(
        Var->getSourceRange(),
        dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod()));
  else if (const auto *Field = dyn_cast<FieldDecl>(&D))
    for (const CXXConstructorDecl *Ctor :
         cast<CXXRecordDecl>(Field->getParent())->ctors()) {
      // An implicit constructor's allocations are at its class.
      if (Ctor->isImplicit())
        Code.emplace_back(SourceRange(Field->getParent()->getLocation()), Ctor);
      else if (const FunctionDecl *Def = Ctor->getDefinition())
        Code.emplace_back(Def->getSourceRange(), Def);
    }
  return Code;
}

std::vector<ProfileAnchor> appendRunCode(const VarDecl &Var,
                                         const FieldDecl *Member,
                                         ArrayRef<const Stmt *> Appends,
                                         const FunctionDecl &Function,
                                         ASTContext &Ctx) {
  std::vector<ProfileAnchor> Code;
  if (Member) {
    Code.reserve(Appends.size());
    for (const Stmt *Append : Appends)
      Code.emplace_back(Append->getSourceRange(), &Function);
    return Code;
  }
  std::vector<ContainerUse> Uses;
  for (const Expr *Ref : refsIn(Function.getBody(), &Var))
    Uses.push_back(classifyContainerUse(Ref, Ctx));
  return containerCode(Var, Uses);
}

std::vector<ProfileAnchor>
copyCode(const Stmt &Statement, const FunctionDecl &Function, QualType Copied) {
  std::vector<ProfileAnchor> Code;
  Code.emplace_back(Statement.getSourceRange(), &Function);
  for (ProfileAnchor &Copy :
       copyConstructorCode(Statement.getSourceRange(), Copied))
    Code.push_back(Copy);
  return Code;
}

std::vector<ProfileAnchor> copyConstructorCode(SourceRange Through,
                                               QualType Copied) {
  std::vector<ProfileAnchor> Code;
  const auto *Record = Copied.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->isInStdNamespace())
    return Code;
  for (const CXXConstructorDecl *Ctor : Record->getDefinition()->ctors()) {
    if (!Ctor->isCopyConstructor())
      continue;
    if (Ctor->isImplicit())
      Code.emplace_back(SourceRange(Record->getLocation()), Ctor, Through);
    else if (const FunctionDecl *Def = Ctor->getDefinition())
      Code.emplace_back(Def->getSourceRange(), Def, Through);
  }
  return Code;
}

std::optional<ContainerIdentity> identifyContainer(QualType T,
                                                   const ASTContext &Ctx) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() ||
      Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  QualType Element = Spec->getTemplateArgs()[0].getAsType();
  if (Element->isIncompleteType() || Element->isDependentType())
    return std::nullopt;
  // The containers whose growth heapcount's sites name by their element;
  // a node-based container's sites name its nodes and buckets instead.
  StringRef Template = Spec->getName();
  if (!llvm::is_contained({"vector", "basic_string", "deque", "stack", "queue"},
                          Template))
    return std::nullopt;
  ContainerIdentity Id;
  Id.Template = Template.str();
  Id.Element = normalizeTypeName(
      Element.getCanonicalType().getAsString(Ctx.getPrintingPolicy()));
  Id.ElementSize = Ctx.getTypeSizeInChars(Element).getQuantity();
  return Id;
}

/// Whether the site's element is the container's, by name (its last
/// component when a demangler and clang spell the scope differently) and
/// size; \p Pointer asks for a pointer to it (a deque's map).
static bool sameElement(const ProfileSite &Site, const ContainerIdentity &Id,
                        bool Pointer) {
  std::string Element = normalizeTypeName(Site.Element);
  StringRef Name = Element;
  if (Pointer && !Name.consume_back("*"))
    return false;
  if (!Pointer && Site.ElementSize != Id.ElementSize)
    return false;
  return Name == Id.Element || lastComponent(Name) == lastComponent(Id.Element);
}

/// A deque's map, or that of the deque a stack or queue holds by default.
static bool isDequeMap(const ProfileSite &Site, const ContainerIdentity &Id) {
  return (Id.Template == "deque" || Id.Template == "stack" ||
          Id.Template == "queue") &&
         sameElement(Site, Id, /*Pointer=*/true);
}

bool siteIsOf(const ProfileSite &Site, const ContainerIdentity &Id) {
  if (lastComponent(normalizeTypeName(Site.Container)) != Id.Template)
    return false;
  return sameElement(Site, Id, /*Pointer=*/false) || isDequeMap(Site, Id);
}

/// Whether a site at \p Line and \p Column lies in the range from
/// \p Begin to \p End (expansion locations).
static bool holds(const SourceManager &SM, SourceLocation Begin,
                  SourceLocation End, unsigned Line, unsigned Column) {
  unsigned First = SM.getExpansionLineNumber(Begin);
  unsigned Last = SM.getExpansionLineNumber(End);
  if (Line < First || Line > Last)
    return false;
  if (Column == 0)
    return true;
  if (Line == First && Column < SM.getExpansionColumnNumber(Begin))
    return false;
  // The end location is the last token's start: allow its length.
  return Line != Last ||
         Column <= SM.getExpansionColumnNumber(End) +
                       Lexer::MeasureTokenLength(End, SM, LangOptions());
}

/// Adds the processes of a site (or of a measurement) to \p M's: the most
/// of either, for the code and for each count of \p ByCount; unknown once
/// either is.
static void addProcesses(Measurement &M, std::optional<uint64_t> Processes,
                         const ElementHistogram &ByCount) {
  if (!M.Processes || !Processes) {
    M.Processes.reset();
    M.ProcessesByCount.clear();
    return;
  }
  M.Processes = std::max(*M.Processes, *Processes);
  for (const auto &[Elements, Made] : ByCount) {
    uint64_t &Into = M.ProcessesByCount[Elements];
    Into = std::max(Into, Made);
  }
}

/// The sites of \p Sites (a file view's container or allocation sites) in
/// \p Code that \p Counts accepts.
static Measurement
measureIn(ArrayRef<ProfileAnchor> Code,
          llvm::function_ref<const ProfileSet::FileView *(FileID)> ViewOf,
          llvm::function_ref<
              const std::vector<ProfileSite> &(const ProfileSet::FileView &)>
              Sites,
          llvm::function_ref<bool(const ProfileSite &)> Counts,
          llvm::function_ref<bool(const ProfileSite &)> IsDequeMap,
          const ASTContext &Ctx) {
  Measurement M;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<std::pair<const ProfileSite *, SourceLocation::UIntTy>> Seen;
  auto NoteView = [&M](const ProfileSet::FileView &View) {
    if (View.Covered)
      M.Covered = true;
    else if (!View.Stale.empty() && M.StaleFile.empty()) {
      M.StaleFile = View.Path;
      M.StaleProfiles = View.Stale;
      M.StaleForLackOfHash = View.StaleForLackOfHash;
    }
  };
  for (const ProfileAnchor &A : Code) {
    SourceLocation Begin = SM.getExpansionLoc(A.Range.getBegin());
    SourceLocation End = SM.getExpansionLoc(A.Range.getEnd());
    if (Begin.isInvalid() || SM.getFileID(Begin) != SM.getFileID(End))
      continue;
    const ProfileSet::FileView *View = ViewOf(SM.getFileID(Begin));
    if (!View)
      continue;
    NoteView(*View);
    // Growth in a callee: only what came through the handing-over call,
    // which must be in a file the profiles saw as it is.
    SourceLocation ThroughBegin, ThroughEnd;
    const ProfileSet::FileView *ThroughView = nullptr;
    if (A.Through.isValid()) {
      ThroughBegin = SM.getExpansionLoc(A.Through.getBegin());
      ThroughEnd = SM.getExpansionLoc(A.Through.getEnd());
      if (ThroughBegin.isInvalid() ||
          SM.getFileID(ThroughBegin) != SM.getFileID(ThroughEnd))
        continue;
      ThroughView = ViewOf(SM.getFileID(ThroughBegin));
      if (!ThroughView)
        continue;
      NoteView(*ThroughView);
      if (!ThroughView->Covered && !ThroughView->CallersCurrent)
        continue;
    }
    for (const ProfileSite &Site : Sites(*View)) {
      if (!holds(SM, Begin, End, Site.Line, Site.Column) ||
          !siteIsInFunction(Site, A.Function) || !Counts(Site) ||
          !Seen.insert({&Site, ThroughBegin.getRawEncoding()}).second)
        continue;
      uint64_t SiteAllocations = Site.Allocations;
      const ElementHistogram *SiteCounts = &Site.Counts;
      SiteCaller Via;
      if (ThroughView && Site.Callers) {
        for (const SiteCaller &Place : *Site.Callers)
          if (Place.File == ThroughView->Path &&
              holds(SM, ThroughBegin, ThroughEnd, Place.Line, Place.Column))
            addCaller(Place, Via);
        // A stack cut before the call may have come through it.
        addCaller(Site.CallersCut, Via);
        if (Via.Allocations == 0)
          continue;
        SiteAllocations = Via.Allocations;
        SiteCounts = &Via.Counts;
      }
      // Through a call, the processes that came through it when the
      // profile says, else the site's.
      std::optional<uint64_t> SiteProcesses =
          ThroughView && Via.Processes ? Via.Processes : Site.Processes;
      M.Sites.push_back({&Site, Begin});
      M.Allocations += SiteAllocations;
      ElementHistogram &Into = IsDequeMap(Site) ? M.MapCounts : M.Counts;
      if (IsDequeMap(Site))
        M.MapAllocations += SiteAllocations;
      for (const auto &[Elements, Allocations] : *SiteCounts)
        Into[Elements] += Allocations;
      // A deque's map has counts of its own, which Counts leaves out.
      // Through a call, no more processes asked for a count than came
      // through it.
      ElementHistogram ByCount =
          IsDequeMap(Site) ? ElementHistogram() : Site.ProcessesByCount;
      if (ThroughView && Via.Processes)
        for (auto &[Elements, Made] : ByCount)
          Made = std::min(Made, *Via.Processes);
      addProcesses(M, SiteProcesses, ByCount);
    }
  }
  return M;
}

Measurement
measureAt(ArrayRef<ProfileAnchor> Code, const ContainerIdentity &Id,
          llvm::function_ref<const ProfileSet::FileView *(FileID)> ViewOf,
          const ASTContext &Ctx) {
  Measurement M = measureIn(
      Code, ViewOf,
      [](const ProfileSet::FileView &V) -> const std::vector<ProfileSite> & {
        return V.Sites;
      },
      [&](const ProfileSite &Site) { return siteIsOf(Site, Id); },
      [&](const ProfileSite &Site) { return isDequeMap(Site, Id); }, Ctx);
  M.OfString = Id.Template == "basic_string";
  return M;
}

Measurement measureAllocationsAt(
    ArrayRef<ProfileAnchor> Code,
    llvm::function_ref<const ProfileSet::FileView *(FileID)> ViewOf,
    const ASTContext &Ctx) {
  auto Any = [](const ProfileSite &) { return true; };
  auto None = [](const ProfileSite &) { return false; };
  return measureIn(
      Code, ViewOf,
      [](const ProfileSet::FileView &V) -> const std::vector<ProfileSite> & {
        return V.AllocationSites;
      },
      Any, None, Ctx);
}

Measurement measureContainerAt(
    ArrayRef<ProfileAnchor> Code, const ContainerIdentity &Id,
    llvm::function_ref<const ProfileSet::FileView *(FileID)> ViewOf,
    const ASTContext &Ctx) {
  Measurement M = measureAt(Code, Id, ViewOf, Ctx);
  if (Id.Template != "basic_string" || Id.ElementSize != 1)
    return M;
  Measurement Plain = measureAllocationsAt(Code, ViewOf, Ctx);
  M.Sites.insert(M.Sites.end(), Plain.Sites.begin(), Plain.Sites.end());
  M.Allocations += Plain.Allocations;
  for (const auto &[Bytes, Allocations] : Plain.Counts)
    M.Counts[Bytes] += Allocations;
  addProcesses(M, Plain.Processes, Plain.ProcessesByCount);
  return M;
}

Measurement
measureAnyAt(ArrayRef<ProfileAnchor> Code,
             llvm::function_ref<const ProfileSet::FileView *(FileID)> ViewOf,
             const ASTContext &Ctx) {
  auto Any = [](const ProfileSite &) { return true; };
  auto None = [](const ProfileSite &) { return false; };
  Measurement M = measureIn(
      Code, ViewOf,
      [](const ProfileSet::FileView &V) -> const std::vector<ProfileSite> & {
        return V.Sites;
      },
      Any, None, Ctx);
  Measurement Plain = measureAllocationsAt(Code, ViewOf, Ctx);
  M.Sites.insert(M.Sites.end(), Plain.Sites.begin(), Plain.Sites.end());
  M.Allocations += Plain.Allocations;
  // Their bytes are no elements: the counts stay the containers'.
  addProcesses(M, Plain.Processes, ElementHistogram());
  return M;
}

std::optional<MeasuredBuffer> sizeStringBuffer(const Measurement &M,
                                               double Coverage) {
  std::optional<CapacityChoice> Choice = chooseCapacity(M.Counts, Coverage);
  if (!Choice)
    return std::nullopt;
  return MeasuredBuffer{Choice->Total, Choice->Capacity, Choice->Covered};
}

static MeasuredSaving runsAndLargest(const Measurement &M) {
  MeasuredSaving S;
  if (M.Counts.empty())
    return S;
  S.Runs = M.Counts.begin()->second;
  S.Largest = M.Counts.rbegin()->first;
  return S;
}

MeasuredSaving savingOfReserve(const Measurement &M) {
  MeasuredSaving S = runsAndLargest(M);
  uint64_t Growth = M.Allocations - M.MapAllocations;
  S.Saved = Growth > S.Runs ? Growth - S.Runs : 0;
  return S;
}

bool upperBoundReservePays(const Measurement &M) {
  MeasuredSaving S = savingOfReserve(M);
  return S.Runs > 0 && S.Saved > S.Runs;
}

/// What a container declared before a loop still allocates, kept across
/// its iterations: only to hold more than it held before.
static uint64_t keptByHoist(const Measurement &M) {
  // Not knowing the processes, one run of the loop: once for each count
  // it asked for.
  if (!M.Processes || *M.Processes == 0)
    return M.Counts.size();
  // Each process that ran the loop starts from empty, and asks for a count
  // at most once.
  uint64_t Kept = 0;
  for (const auto &[Elements, Allocations] : M.Counts) {
    auto Made = M.ProcessesByCount.find(Elements);
    Kept += Made == M.ProcessesByCount.end()
                ? Allocations
                : std::min(Allocations, Made->second);
  }
  if (!M.OfString || M.Counts.empty())
    return Kept;
  // A string's iterations can ask for many counts (a line each) while the
  // kept string, doubling, skips most of them: in each process, one
  // allocation for the first capacity, then one per doubling until it
  // holds the most. In capacities, without the terminating null.
  auto CapacityOf = [](uint64_t Elements) {
    return std::max<uint64_t>(1, Elements) - 1;
  };
  uint64_t Capacity =
      std::max<uint64_t>(1, CapacityOf(M.Counts.begin()->first));
  uint64_t Most = CapacityOf(M.Counts.rbegin()->first);
  uint64_t Doublings = 0;
  for (; Capacity < Most; Capacity *= 2)
    ++Doublings;
  return std::min(Kept, *M.Processes * (1 + Doublings));
}

MeasuredSaving savingOfHoist(const Measurement &M) {
  MeasuredSaving S = runsAndLargest(M);
  uint64_t Kept = keptByHoist(M);
  uint64_t Growth = M.Allocations - M.MapAllocations;
  S.Saved = Growth > Kept ? Growth - Kept : 0;
  return S;
}

MeasuredSaving savingOfVectorForDeque(const Measurement &M, bool Reserved) {
  MeasuredSaving S = runsAndLargest(M);
  // Every deque allocates its map before its first block, for the fewest
  // pointers its map ever holds: those allocations count the deques.
  // Without the map's sites (the deque constructed elsewhere), assume one.
  S.Runs = M.MapCounts.empty() ? 1 : M.MapCounts.begin()->second;
  uint64_t PerDeque = 1;
  if (!Reserved && !M.Counts.empty()) {
    // Its blocks hold this many elements; a vector doubles up to them.
    uint64_t Blocks = (M.Allocations - M.MapAllocations) / S.Runs;
    uint64_t Elements = std::max<uint64_t>(1, Blocks * S.Largest);
    PerDeque = 1;
    for (uint64_t Capacity = 1; Capacity < Elements; Capacity *= 2)
      ++PerDeque;
  }
  uint64_t Vector = S.Runs * PerDeque;
  S.Saved = M.Allocations > Vector ? M.Allocations - Vector : 0;
  return S;
}

bool dequesStayedInFirstBlock(const Measurement &M) {
  if (!M.Covered || M.MapCounts.empty() || M.Counts.size() != 1)
    return false;
  // A map each (the fewest pointers), a block each, nothing else.
  uint64_t Deques = M.MapCounts.begin()->second;
  return M.MapAllocations == Deques &&
         M.Allocations - M.MapAllocations == Deques;
}

bool vectorForDequeSavesNothing(const Measurement &M, bool Reserved) {
  if (!Reserved && dequesStayedInFirstBlock(M))
    return false;
  return M.Covered && M.Allocations > 0 &&
         savingOfVectorForDeque(M, Reserved).Saved == 0;
}

MeasuredSaving savingOfNoAllocation(const Measurement &M) {
  MeasuredSaving S = runsAndLargest(M);
  S.Saved = M.Allocations;
  return S;
}

MeasuredSaving savingOfInlineBuffer(const Measurement &M, uint64_t Capacity) {
  MeasuredSaving S = runsAndLargest(M);
  for (const auto &[Elements, Allocations] : M.Counts)
    if (Elements <= Capacity)
      S.Saved += Allocations;
  return S;
}

bool isCold(const Measurement &M, uint64_t MinAllocations) {
  return MinAllocations && M.Covered && M.Allocations < MinAllocations;
}

std::string withSeparators(uint64_t N) {
  std::string Digits = std::to_string(N);
  std::string Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

std::string wouldSave(StringRef Change, uint64_t Saved) {
  return (Change + " would save about " + withSeparators(Saved) +
          (Saved == 1 ? " allocation" : " allocations"))
      .str();
}

static std::string times(uint64_t N) {
  return N == 1 ? "once" : withSeparators(N) + " times";
}

static std::string count(uint64_t N, llvm::StringRef One,
                         llvm::StringRef Many) {
  return withSeparators(N) + " " + (N == 1 ? One : Many).str();
}

/// "for 3 elements", "for 1 to 64 elements".
static std::string requested(const ElementHistogram &Counts) {
  if (Counts.empty())
    return "";
  uint64_t Fewest = Counts.begin()->first, Most = Counts.rbegin()->first;
  if (Fewest == Most)
    return "each for " + count(Most, "element", "elements");
  return "for " + withSeparators(Fewest) + " to " +
         count(Most, "element", "elements");
}

/// ", in 21 processes" when the code allocated in several: a hoisted
/// container grows again, and a 'static const' object is built again, in
/// each.
static std::string inProcesses(const Measurement &M) {
  if (!M.Processes || *M.Processes <= 1)
    return "";
  return ", in " + count(*M.Processes, "process", "processes");
}

uint64_t keptInEachProcess(const Measurement &M, uint64_t PerProcess) {
  if (!M.Processes || *M.Processes == 0)
    return PerProcess;
  return PerProcess * *M.Processes;
}

static const char Prefix[] = "heapcount's profile: in the profiled run ";

/// A file the profile covers, and code of it that never allocated there.
static std::string nothingMeasured(StringRef Name) {
  return Prefix + ("'" + Name + "' made no allocation at this code; ").str() +
         wouldSave("the change", 0);
}

std::string describeReserve(StringRef Name, const Measurement &M,
                            StringRef CopiedElement) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  MeasuredSaving S = savingOfReserve(M);
  std::string Grew = Prefix + ("'" + Name + "' grew ").str() +
                     times(M.Allocations - M.MapAllocations) +
                     " at these appends, in " + count(S.Runs, "run", "runs") +
                     " of up to " + count(S.Largest, "element", "elements") +
                     "; ";
  if (!CopiedElement.empty())
    return Grew + "reserving first would save at least " +
           withSeparators(S.Saved) +
           (S.Saved == 1 ? " allocation" : " allocations") +
           ", and the copies of its elements that each growth makes ('" +
           CopiedElement.str() +
           "' is copied, not moved, into new storage), which may allocate "
           "too";
  return Grew + wouldSave("reserving first", S.Saved);
}

std::string describeHoist(StringRef Name, const Measurement &M) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  MeasuredSaving S = savingOfHoist(M);
  return Prefix + ("'" + Name + "' allocated ").str() + times(M.Allocations) +
         " in this loop (" + requested(M.Counts) + inProcesses(M) + "); " +
         wouldSave("declared before the loop, it keeps its capacity, which",
                   S.Saved);
}

std::string describeHoistPerCall(StringRef Name, const Measurement &M,
                                 StringRef Function, StringRef Repeat) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  return Prefix + ("'" + Name + "' allocated ").str() + times(M.Allocations) +
         " in this loop (" + requested(M.Counts) + inProcesses(M) + "); '" +
         Function.str() + "', whose every call runs the loop, " + Repeat.str() +
         ": declared before the loop, it keeps its capacity within one call "
         "only, and the profile does not count the calls, so the saving is "
         "not estimated";
}

std::string describeCallBuffer(StringRef Name, StringRef Class,
                               const Measurement &M) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  MeasuredSaving S = savingOfHoist(M);
  std::string Start = Prefix + ("'" + Name + "' allocated ").str() +
                      times(M.Allocations) + " in calls of this function (" +
                      requested(M.Counts) + inProcesses(M) + "); ";
  if (Class.empty())
    return Start +
           "kept in a thread_local variable, it grows only past the capacity "
           "it reached: with one thread in each process, that " +
           wouldSave("", S.Saved).substr(1) +
           " (each further thread starts empty)";
  return Start +
         "kept in a member, it grows only past the "
         "capacity it reached: with one '" +
         Class.str() + "' in each process, that " +
         wouldSave("", S.Saved).substr(1) +
         " (each further object starts empty)";
}

std::string describeVectorForDeque(StringRef Name, const Measurement &M,
                                   bool Reserved) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  MeasuredSaving S = savingOfVectorForDeque(M, Reserved);
  std::string Made =
      Prefix + ("'" + Name + "' made ").str() +
      count(M.Allocations, "allocation", "allocations") +
      (M.MapAllocations ? " (blocks and their map)" : " (blocks)") + " in " +
      count(S.Runs, "deque", "deques");
  if (!Reserved && dequesStayedInFirstBlock(M)) {
    // A vector allocates for 1 element, then each time it doubles.
    uint64_t ToFill = 1;
    for (uint64_t Capacity = 1; Capacity < S.Largest; Capacity *= 2)
      ++ToFill;
    return Made + ", none past its first block of " +
           count(S.Largest, "element", "elements") +
           "; a std::vector growing by doubling allocates nothing while "
           "empty, once for 1 element and " +
           count(ToFill, "time", "times") + " to hold " +
           withSeparators(S.Largest) +
           ", and the profile cannot count the elements within a block: it "
           "would save up to " +
           count(M.Allocations, "allocation", "allocations") +
           " where most hold at most 1, and allocate more where most hold "
           "3 or more";
  }
  return Made + "; " +
         wouldSave(Reserved ? "a std::vector reserved once per deque"
                            : "a std::vector growing by doubling",
                   S.Saved);
}

std::string describeNoAllocation(StringRef Name, const Measurement &M,
                                 StringRef Change, uint64_t Kept) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  MeasuredSaving S = savingOfNoAllocation(M);
  uint64_t KeptInAll = keptInEachProcess(M, Kept);
  S.Saved = S.Saved > KeptInAll ? S.Saved - KeptInAll : 0;
  return Prefix + ("'" + Name + "' allocated ").str() + times(M.Allocations) +
         " (" + requested(M.Counts) + inProcesses(M) + "); " +
         wouldSave(Change, S.Saved);
}

std::string describeBuiltForOneBranch(StringRef Name, const Measurement &M,
                                      unsigned BranchLine) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  std::string Processes = inProcesses(M);
  return Prefix + ("the code that builds '" + Name + "' allocated ").str() +
         times(M.Allocations) +
         (Processes.empty() ? "" : " (" + Processes.substr(2) + ")") +
         "; built inside the branch at line " + std::to_string(BranchLine) +
         ", it allocates only when that branch runs: that would save at "
         "most " +
         count(M.Allocations, "allocation", "allocations");
}

std::string describeBuiltOnce(StringRef What, const Measurement &M,
                              StringRef Change, uint64_t Kept) {
  if (M.Allocations == 0)
    return Prefix + (What + " made no allocation at this code; ").str() +
           wouldSave("the change", 0);
  uint64_t KeptInAll = keptInEachProcess(M, Kept);
  uint64_t Saved = M.Allocations > KeptInAll ? M.Allocations - KeptInAll : 0;
  return Prefix + (What + " allocated ").str() + times(M.Allocations) +
         " (the container and what it holds" + inProcesses(M) + "); " +
         wouldSave(Change, Saved);
}

std::string describeConstantTable(StringRef Name, const Measurement &M,
                                  uint64_t RunAllocations) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  std::string Share;
  if (RunAllocations >= M.Allocations) {
    double Percent = 100.0 * M.Allocations / RunAllocations;
    llvm::raw_string_ostream OS(Share);
    OS << ", " << llvm::format("%.1f", Percent) << "% of the run's allocations";
  }
  std::string Each;
  if (M.Processes && *M.Processes > 1)
    Each = " (" + withSeparators(M.Allocations / *M.Processes) +
           " in each of " + withSeparators(*M.Processes) + " processes)";
  return Prefix + ("building '" + Name + "' allocated ").str() +
         times(M.Allocations) + Each + Share + "; " +
         wouldSave("a sorted constant array", M.Allocations);
}

std::string describeStringCopies(StringRef Source, const Measurement &M,
                                 StringRef Change) {
  std::string What =
      ("the copies of " + Source + " built for this argument").str();
  if (M.Allocations == 0)
    return Prefix + What + " made no allocation; " + wouldSave(Change, 0);
  return Prefix + What + " allocated " + times(M.Allocations) + " (" +
         requested(M.Counts) + inProcesses(M) + "); " +
         wouldSave(Change, M.Allocations);
}

std::string describeTemporaries(const Measurement &M, StringRef Change,
                                StringRef Target, uint64_t TargetGrowth) {
  if (M.Allocations == 0)
    return std::string(Prefix) +
           "the temporary strings of this concatenation made no "
           "allocation; " +
           wouldSave(Change, 0);
  std::string Made = std::string(Prefix) +
                     "the temporary strings of this concatenation allocated " +
                     times(M.Allocations) + " (" + requested(M.Counts) +
                     inProcesses(M) + "); ";
  if (TargetGrowth == 0)
    return Made + wouldSave(Change, M.Allocations);
  // Appended apart, the pieces meet the capacity of the target at other
  // lengths: a growth can split in two, or two can merge.
  return Made + "'" + Target.str() + "' itself grew " + times(TargetGrowth) +
         " here, and appended one by one the pieces can make it grow at "
         "other lengths: " +
         Change.str() + " would save at most the temporaries' allocations";
}

std::string describeRegrowth(const Measurement &M, uint64_t Saved,
                             StringRef Change, bool CallerGrowsIt) {
  if (M.Allocations == 0)
    return std::string(Prefix) + "this concatenation made no allocation; " +
           wouldSave(Change, 0);
  std::string Made = std::string(Prefix) + "this concatenation allocated " +
                     times(M.Allocations) + " (" + requested(M.Counts) +
                     inProcesses(M) + "), " +
                     withSeparators(M.Allocations - Saved) +
                     " of them for the strings it made at the most "
                     "allocating '+'; ";
  if (!CallerGrowsIt)
    return Made + wouldSave(Change, Saved);
  // Reserved to its length, the string returned has no room left for what
  // the caller adds, where the old one often had.
  return Made + Change.str() + " would save at most " + withSeparators(Saved) +
         " allocations: a caller concatenates onto the string returned, "
         "which then has no room to spare";
}

std::string describeReusedConcatenation(const Measurement &M,
                                        StringRef Target) {
  if (M.Allocations == 0)
    return std::string(Prefix) + "this concatenation made no allocation; " +
           wouldSave("the change", 0);
  return std::string(Prefix) + "this concatenation allocated " +
         times(M.Allocations) + " (" + requested(M.Counts) + inProcesses(M) +
         "); assigning and appending the pieces would save at most " +
         withSeparators(M.Allocations) + " allocations: '" + Target.str() +
         "' keeps its memory from one iteration to the next and grows only "
         "for a result longer than any before";
}

std::string describeStatement(const Measurement &M) {
  return Prefix + ("this statement allocated " + times(M.Allocations)) +
         ", the copy among them";
}

std::string describeCopies(StringRef Class, const Measurement &M) {
  if (M.Allocations == 0)
    return Prefix + ("copies of '" + Class + "' made no allocation").str();
  return Prefix + ("copies of '" + Class + "' allocated ").str() +
         times(M.Allocations) +
         "; those that stand for a move would not allocate once it moves "
         "(the profile does not tell them from the other copies)";
}

std::string describeCallableCopies(StringRef Copied, const Measurement &M,
                                   StringRef Change, bool Exact) {
  std::string Made = std::string(Prefix) + "the copies of " + Copied.str() +
                     " made through the calls that call it ";
  if (M.Allocations == 0)
    return Made + "made no allocation; " + wouldSave(Change, 0);
  Made += "allocated " + times(M.Allocations) + inProcesses(M);
  if (Exact)
    return Made + "; " + wouldSave(Change, M.Allocations);
  // An insert also copies the element it places, through the same call:
  // the profile does not tell those copies from the callable's.
  return Made + ", the copies of the elements they insert among them; " +
         Change.str() + " would save at most those allocations";
}

std::string describeInlineBuffer(StringRef Name, const Measurement &M,
                                 uint64_t Capacity) {
  if (M.Allocations == 0)
    return nothingMeasured(Name);
  MeasuredSaving S = savingOfInlineBuffer(M, Capacity);
  return Prefix + ("'" + Name + "' allocated ").str() + times(M.Allocations) +
         " (" + requested(M.Counts) + "); " +
         wouldSave("an inline buffer of " +
                       count(Capacity, "element", "elements"),
                   S.Saved);
}

std::string describeStringBuffer(StringRef Class, const MeasuredBuffer &B,
                                 uint64_t CharSize) {
  uint64_t Percent = B.Allocations ? B.Covered * 100 / B.Allocations : 0;
  uint64_t Characters = B.Bytes / std::max<uint64_t>(1, CharSize);
  return ("heapcount's profile: '" + Class + "' allocated ").str() +
         times(B.Allocations) + " in the profiled run; " +
         std::to_string(Percent) + "% asked for at most " +
         count(B.Bytes, "byte", "bytes") + "; " +
         wouldSave("an inline buffer of " +
                       count(Characters, "character", "characters"),
                   B.Covered);
}

} // namespace alloc_tidy
