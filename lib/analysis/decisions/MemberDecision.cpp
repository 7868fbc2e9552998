//===--- MemberDecision.cpp -----------------------------------------------===//

#include "lib/analysis/decisions/MemberDecision.h"
#include "lib/analysis/decisions/MemberFactsFile.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>

namespace alloc_tidy {

static MemberDecision decision(MemberAction Action, std::string Why,
                               unsigned Units) {
  MemberDecision D;
  D.Action = Action;
  D.Why = std::move(Why);
  D.Units = Units;
  return D;
}

/// The function names in \p Declared that \p Defined lacks.
static std::vector<std::string> undefined(llvm::ArrayRef<std::string> Declared,
                                          const llvm::StringSet<> &Defined) {
  std::vector<std::string> Missing;
  llvm::StringSet<> Seen;
  for (const std::string &F : Declared)
    if (!Defined.contains(F) && Seen.insert(F).second)
      Missing.push_back(F);
  return Missing;
}

/// "'Scrollback::drop'" from "Scrollback::drop(void (void))".
static std::string shortName(llvm::StringRef Function) {
  return "'" + Function.take_until([](char C) { return C == '('; }).str() + "'";
}

MemberDecision decideInOneUnit(const MemberFacts &Facts) {
  if (Facts.Local == MemberAction::Silent)
    return decision(MemberAction::Silent, Facts.Why, 1);
  if (std::string Unseen = unseenCode(Facts); !Unseen.empty())
    return decision(MemberAction::Silent, std::move(Unseen), 1);
  MemberDecision D = decision(Facts.Local, Facts.Why, 1);
  D.Finding = Facts.Finding;
  return D;
}

/// The member's place in \p Finding (its warning), for a note there.
static llvm::json::Object noteAtWarning(const llvm::json::Object *Message,
                                        std::string Text) {
  llvm::json::Object Note{{"Message", std::move(Text)},
                          {"Replacements", llvm::json::Array()}};
  if (Message) {
    if (const llvm::json::Value *Path = Message->get("FilePath"))
      Note["FilePath"] = *Path;
    if (const llvm::json::Value *Offset = Message->get("FileOffset"))
      Note["FileOffset"] = *Offset;
  }
  return Note;
}

/// \p Finding (clang-tidy's exported-fixes form) with no replacements, and a
/// last note at the warning that says why.
static llvm::json::Value withoutFixes(const llvm::json::Value &Finding,
                                      llvm::StringRef Why) {
  llvm::json::Value Copy = Finding;
  llvm::json::Object *O = Copy.getAsObject();
  if (!O)
    return Copy;
  llvm::json::Object *Message = O->getObject("DiagnosticMessage");
  if (Message)
    (*Message)["Replacements"] = llvm::json::Array();
  if (!O->getArray("Notes"))
    (*O)["Notes"] = llvm::json::Array();
  llvm::json::Array &Notes = *O->getArray("Notes");
  for (llvm::json::Value &Note : Notes)
    if (llvm::json::Object *N = Note.getAsObject())
      (*N)["Replacements"] = llvm::json::Array();
  Notes.push_back(noteAtWarning(Message, ("no fix-it: " + Why).str()));
  return Copy;
}

/// \p Finding with \p Notes added at its warning.
static void addNotes(llvm::json::Value &Finding,
                     llvm::ArrayRef<std::string> Notes) {
  llvm::json::Object *O = Finding.getAsObject();
  if (!O || Notes.empty())
    return;
  if (!O->getArray("Notes"))
    (*O)["Notes"] = llvm::json::Array();
  for (const std::string &Note : Notes)
    O->getArray("Notes")->push_back(
        noteAtWarning(O->getObject("DiagnosticMessage"), Note));
}

/// An element reference one unit hands out that growth in another unit
/// would invalidate once the container's type changes: the reason to keep
/// it, naming both places; empty when there is none. Pairs within one unit
/// were judged by that unit itself, which sees their order.
static std::string escapeMeetsGrowth(llvm::ArrayRef<MemberFacts> Facts) {
  for (const MemberFacts &Escaping : Facts)
    for (const MemberEscape &Escape : Escaping.Escapes)
      for (const MemberFacts &Growing : Facts) {
        if (Growing.Unit == Escaping.Unit || Growing.Growth.empty())
          continue;
        const CodePlace &Growth = Growing.Growth.front();
        return Escape.text() + ", and " +
               (Growth.Function.empty() ? "code"
                                        : "'" + Growth.Function + "'") +
               " grows it (" + Growth.File + ":" + std::to_string(Growth.Line) +
               "): the new type would move the elements as it grows, and the "
               "reference would dangle";
      }
  return "";
}

/// Who can name the member of \p F: a private member of a class with friend
/// classes is as open as a protected one (their code can be anywhere, as a
/// derived class's can).
static MemberAccess reach(const MemberFacts &F) {
  if (F.onlyClassCodeNamesIt())
    return MemberAccess::Private;
  return std::max(F.Access, MemberAccess::Protected);
}

/// Who, besides the class's own code, can name a member of \p Access.
static std::string namedBy(MemberAccess Access) {
  return Access == MemberAccess::Protected
             ? "derived and friend classes outside it can name it"
             : "code outside it can name it";
}

std::optional<MemberDecision>
decideAcrossUnits(llvm::ArrayRef<MemberFacts> Facts) {
  unsigned Units = Facts.size();
  if (Facts.empty())
    return decision(MemberAction::Silent, "no unit sees the member", 0);
  for (const MemberFacts &F : Facts)
    if (unseenCode(F).empty()) {
      MemberDecision D = decideInOneUnit(F);
      D.Bound = F.Bound;
      D.Units = Units;
      return D;
    }
  // The whole-program assumption covers the members up to the access the
  // units allow; code outside the database may name the others.
  MemberAccess Access = MemberAccess::Private;
  MemberAccess Allowed = MemberAccess::Public;
  for (const MemberFacts &F : Facts) {
    Access = std::max(Access, reach(F));
    Allowed = std::min(Allowed, F.WholeProgramAccess);
  }
  if (Access > Allowed)
    return std::nullopt;
  llvm::StringSet<> Defined;
  uint64_t Bound = 0;
  for (const MemberFacts &F : Facts) {
    if (F.Local == MemberAction::Silent)
      return decision(MemberAction::Silent, F.Why, Units);
    for (const std::string &Name : F.Code.Defined)
      Defined.insert(Name);
    Bound = std::max(Bound, F.Bound);
  }
  std::vector<std::string> Declared;
  for (const MemberFacts &F : Facts)
    Declared.insert(Declared.end(), F.Code.Declared.begin(),
                    F.Code.Declared.end());
  // A class that no unit sees in a header lives in one source file: a
  // function it declares and no unit defines cannot be defined anywhere (a
  // dead declaration). A header's class can have functions defined in a
  // library outside the database.
  bool InHeader =
      llvm::any_of(Facts, [](const MemberFacts &F) { return F.ClassInHeader; });
  std::vector<std::string> Missing = undefined(Declared, Defined);
  if (!Missing.empty() && InHeader)
    return decision(MemberAction::Silent,
                    shortName(Missing.front()) +
                        " is defined in no unit of the compile database",
                    Units);
  MemberDecision D = decision(MemberAction::Fix, "", Units);
  D.Bound = Bound;
  std::string Kept = escapeMeetsGrowth(Facts);
  if (!Kept.empty()) {
    // As in one unit: the container was chosen for exactly this, and a
    // warning without a safe change is noise unless asked for.
    if (llvm::none_of(Facts,
                      [](const MemberFacts &F) { return F.WarnWhenKept; }))
      return decision(MemberAction::Silent, std::move(Kept), Units);
    D.Action = MemberAction::Warn;
    D.Why = Kept;
  }
  for (const MemberFacts &F : Facts)
    if (F.Local == MemberAction::Warn && D.Action == MemberAction::Fix) {
      D.Action = MemberAction::Warn;
      D.Why = F.Why;
    }
  if (Access != MemberAccess::Private)
    D.Notes.push_back(
        "decided across the " + std::to_string(Units) +
        " translation units of the compile database that see it; this "
        "assumes the compile database is the whole program, since " +
        namedBy(Access) +
        " (WholeProgramAccess: private decides only private members)");
  // The finding of a unit whose own verdict is the decision's, one that
  // needs the largest bound: its text and fix-its allow for it.
  auto FindingOf = [&](MemberAction Action) -> const MemberFacts * {
    const MemberFacts *Source = nullptr;
    for (const MemberFacts &F : Facts)
      if (F.Local == Action && F.Finding.kind() != llvm::json::Value::Null &&
          (!Source || F.Bound > Source->Bound))
        Source = &F;
    return Source && Source->Bound == Bound ? Source : nullptr;
  };
  const MemberFacts *Source = Kept.empty() ? FindingOf(D.Action) : nullptr;
  if (Source) {
    D.Finding = Source->Finding;
  } else if (D.Action == MemberAction::Warn) {
    // A warning that no unit's own finding says: an element reference one
    // unit hands out meets growth in another, or a record is initialised by
    // position in a unit that reports nothing. The finding of a unit that
    // would fix it (or warn), without its fix-its.
    const MemberFacts *Other = FindingOf(MemberAction::Fix);
    if (!Other)
      Other = FindingOf(MemberAction::Warn);
    if (Other)
      D.Finding = withoutFixes(Other->Finding, D.Why);
  }
  addNotes(D.Finding, D.Notes);
  return D;
}

std::string boundNote(const MemberDecision &D) {
  return "across the " + std::to_string(D.Units) +
         " translation units of the compile database that see it, its "
         "constructors give it at most " +
         std::to_string(D.Bound) + (D.Bound == 1 ? " element" : " elements");
}

MemberDecision decideWithMerged(const MemberFacts &Facts,
                                const MemberDecisions *Merged) {
  MemberDecision Own = decideInOneUnit(Facts);
  if (!Merged || Facts.Local == MemberAction::Silent)
    return Own;
  auto It = Merged->find(Facts.key());
  if (It == Merged->end())
    return Own;
  MemberDecision D =
      decision(It->second.Action, It->second.Why, It->second.Units);
  if (Facts.Local == MemberAction::Warn && D.Action == MemberAction::Fix)
    D = decision(MemberAction::Warn, Facts.Why, It->second.Units);
  D.Bound = std::max(Facts.Bound, It->second.Bound);
  if (D.Action != MemberAction::Silent) {
    D.Finding = Facts.Finding;
    D.Notes = It->second.Notes;
  }
  return D;
}

// --- deciding a whole stream of facts ----------------------------------------

char IncompleteFactsError::ID;

void IncompleteFactsError::log(llvm::raw_ostream &OS) const {
  auto Names = [](llvm::ArrayRef<std::string> Paths) {
    std::string Text;
    for (const std::string &P : Paths)
      Text += (Text.empty() ? "" : ", ") + P;
    return Text;
  };
  if (!Missing.empty())
    OS << "the member facts of " << Missing.size() << " of " << DatabaseUnits
       << " units of the compile database are missing: " << Names(Missing)
       << " (give the --member-facts of every shard)";
  if (!Missing.empty() && !WithErrors.empty())
    OS << "; ";
  if (!WithErrors.empty())
    OS << WithErrors.size() << " of " << DatabaseUnits
       << " units were not analysed completely (errors): " << Names(WithErrors);
}

std::error_code IncompleteFactsError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

static llvm::Error factsError(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

/// One record per parameter that every unit defining the function recorded
/// alike; two definitions that differ (one name, two programs) decide
/// nothing.
static llvm::json::Array mergeParameters(llvm::ArrayRef<ParameterFill> All) {
  std::map<std::pair<std::string, unsigned>, std::optional<ParameterFill>>
      ByParameter;
  for (const ParameterFill &P : All) {
    auto [It, New] = ByParameter.try_emplace({P.Function, P.Index}, P);
    if (!New && It->second && !(*It->second == P))
      It->second.reset();
  }
  llvm::json::Array Out;
  for (const auto &[Where, P] : ByParameter)
    if (P)
      Out.push_back(toJson(*P));
  return Out;
}

/// The records of every unit for each string parameter, merged: it fits
/// when it fits in each, and is declared in the files of all of them.
static llvm::json::Array
mergeViewArguments(const std::vector<ViewArgumentRecord> &Records) {
  std::map<std::pair<std::string, unsigned>, ViewArgumentRecord> Merged;
  for (const ViewArgumentRecord &R : Records) {
    auto [It, New] = Merged.try_emplace({R.Function, R.Index}, R);
    if (New)
      continue;
    ViewArgumentRecord &M = It->second;
    M.Fits = M.Fits && R.Fits;
    for (const std::string &File : R.DeclarationFiles)
      if (!llvm::is_contained(M.DeclarationFiles, File))
        M.DeclarationFiles.push_back(File);
    llvm::sort(M.DeclarationFiles);
    // A header's calls are recorded by every unit that includes it.
    for (const CodeSpan &Call : R.Building)
      if (!llvm::is_contained(M.Building, Call))
        M.Building.push_back(Call);
    M.BuildingInLoop = M.BuildingInLoop || R.BuildingInLoop;
  }
  llvm::json::Array Out;
  for (const auto &[Where, R] : Merged)
    Out.push_back(toJson(R));
  return Out;
}

/// The records of every unit for each constant table, merged: it fits when
/// exactly one unit defines it and everything every unit does with it fits.
static llvm::json::Array
mergeConstantTables(const std::vector<ConstantTableRecord> &Records) {
  std::map<std::string, ConstantTableRecord> Merged;
  std::map<std::string, unsigned> Definitions;
  for (const ConstantTableRecord &R : Records) {
    auto [It, New] = Merged.try_emplace(R.Table, R);
    Definitions[R.Table] += R.Defines ? 1 : 0;
    if (New)
      continue;
    ConstantTableRecord &M = It->second;
    if (M.Why.empty() && !R.Fits)
      M.Why = R.Why;
    M.Fits = M.Fits && R.Fits;
    M.Reported = M.Reported || R.Reported;
    if (R.Defines)
      M.Function = R.Function;
    // A header's edits are recorded by every unit that includes it.
    for (const FileEdit &E : R.Edits)
      if (!llvm::is_contained(M.Edits, E))
        M.Edits.push_back(E);
  }
  llvm::json::Array Out;
  for (auto &[Table, R] : Merged) {
    unsigned Defined = Definitions[Table];
    R.Defines = Defined == 1;
    if (Defined == 0 && R.Fits) {
      R.Fits = false;
      R.Why = "no unit of the compile database defines it";
    } else if (Defined > 1 && R.Fits) {
      R.Fits = false;
      R.Why = "more than one unit of the compile database defines it";
    }
    if (!R.Fits)
      R.Edits.clear();
    Out.push_back(toJson(R));
  }
  return Out;
}

llvm::Expected<llvm::json::Value> decideAll(const FactsStream &Facts) {
  if (Facts.Databases.empty())
    return factsError("the member facts name no compile database (they were "
                      "not written by alloc-run; run it again)");
  const DatabaseIdentity &Database = Facts.Databases.front();
  for (const DatabaseIdentity &Other : Facts.Databases)
    if (Other.Path != Database.Path || Other.Units != Database.Units)
      return factsError("the member facts come from different compile "
                        "databases ('" +
                        Database.Path + "' and '" + Other.Path +
                        "', or the same one changed between the shards)");
  // Every unit of the database must have recorded itself, completely.
  llvm::StringMap<const UnitIdentity *> Recorded;
  for (const UnitIdentity &Unit : Facts.Units)
    if (!Recorded.count(Unit.Unit) || !Unit.Complete)
      Recorded[Unit.Unit] = &Unit;
  auto Incomplete = std::make_unique<IncompleteFactsError>();
  Incomplete->DatabaseUnits = Database.Units.size();
  for (const std::string &Unit : Database.Units) {
    auto It = Recorded.find(Unit);
    if (It == Recorded.end())
      Incomplete->Missing.push_back(Unit);
    else if (!It->second->Complete)
      Incomplete->WithErrors.push_back(Unit);
  }
  if (!Incomplete->Missing.empty() || !Incomplete->WithErrors.empty())
    return llvm::Error(std::move(Incomplete));

  llvm::StringMap<unsigned> Index;
  std::vector<std::pair<std::string, std::vector<MemberFacts>>> ByKey;
  for (const MemberFacts &F : Facts.Members) {
    auto [It, New] = Index.try_emplace(F.key(), ByKey.size());
    if (New)
      ByKey.push_back({F.key(), {}});
    ByKey[It->second].second.push_back(F);
  }
  llvm::json::Array Members;
  for (auto &[Key, Units] : ByKey) {
    std::optional<MemberDecision> D = decideAcrossUnits(Units);
    if (!D)
      continue; // each unit decides it alone
    const MemberFacts &First = Units.front();
    llvm::json::Array Notes;
    for (const std::string &Note : D->Notes)
      Notes.push_back(Note);
    Members.push_back(llvm::json::Object{
        {"key", Key},
        {"check", First.Check},
        {"member", First.Member},
        {"file", First.File},
        {"offset", First.Offset},
        {"line", First.Line},
        {"action", memberActionName(D->Action)},
        {"why", D->Why},
        {"units", D->Units},
        {"finding", D->Finding},
        {"notes", std::move(Notes)},
    });
    if (D->Bound)
      Members.back().getAsObject()->try_emplace("bound", D->Bound);
  }
  // What the decisions rest on: every file of every unit, as it was.
  std::map<std::string, std::string> Files;
  for (const UnitIdentity &Unit : Facts.Units)
    for (const auto &[Path, Hash] : Unit.Files)
      Files.emplace(Path, Hash);
  llvm::json::Array FileList;
  for (const auto &[Path, Hash] : Files)
    FileList.push_back(llvm::json::Object{{"path", Path}, {"sha256", Hash}});
  return llvm::json::Object{
      {"version", MemberFactsVersion},
      {"database", llvm::json::Object{{"path", Database.Path},
                                      {"sha256", Database.Sha256}}},
      {"files", std::move(FileList)},
      {"members", std::move(Members)},
      {"parameters", mergeParameters(Facts.Parameters)},
      {"view-arguments", mergeViewArguments(Facts.ViewArguments)},
      {"constant-tables", mergeConstantTables(Facts.ConstantTables)},
      {"every-unit-cxx17", llvm::all_of(Facts.Units, [](const UnitIdentity &U) {
         return U.Cxx17;
       })}};
}

} // namespace alloc_tidy
