//===--- MemberFactsFile.cpp ----------------------------------------------===//

#include "lib/analysis/decisions/MemberFactsFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <fcntl.h>
#include <map>
#include <mutex>
#include <unistd.h>

namespace alloc_tidy {

// --- to JSON -----------------------------------------------------------------

static llvm::json::Array strings(llvm::ArrayRef<std::string> List) {
  llvm::json::Array A;
  for (const std::string &S : List)
    A.push_back(S);
  return A;
}

static llvm::json::Value toJson(const CodePlace &Place) {
  return llvm::json::Object{
      {"file", Place.File}, {"line", Place.Line}, {"function", Place.Function}};
}

llvm::json::Value toJson(const MemberFacts &F) {
  llvm::json::Array Escapes, Growth;
  for (const MemberEscape &E : F.Escapes)
    Escapes.push_back(
        llvm::json::Object{{"what", E.What}, {"where", toJson(E.Where)}});
  for (const CodePlace &G : F.Growth)
    Growth.push_back(toJson(G));
  llvm::json::Object O{
      {"version", MemberFactsVersion},
      {"kind", "member"},
      {"check", F.Check},
      {"member", F.Member},
      {"file", F.File},
      {"unit", F.Unit},
      {"offset", F.Offset},
      {"line", F.Line},
      {"local", memberActionName(F.Local)},
      {"why", F.Why},
      {"access", memberAccessName(F.Access)},
      {"wholeProgramAccess", memberAccessName(F.WholeProgramAccess)},
      {"classInHeader", F.ClassInHeader},
      {"declared", strings(F.Code.Declared)},
      {"defined", strings(F.Code.Defined)},
      {"friendClasses", F.Code.HasFriendClasses},
      {"escapes", std::move(Escapes)},
      {"growth", std::move(Growth)},
      {"warnWhenKept", F.WarnWhenKept},
      {"finding", F.Finding},
  };
  // Only the checks that have a bound write one.
  if (F.Bound)
    O["bound"] = F.Bound;
  return O;
}

llvm::json::Value toJson(const UnitIdentity &Unit) {
  llvm::json::Array Files;
  for (const auto &[Path, Hash] : Unit.Files)
    Files.push_back(llvm::json::Object{{"path", Path}, {"sha256", Hash}});
  return llvm::json::Object{{"version", MemberFactsVersion},
                            {"kind", "unit"},
                            {"unit", Unit.Unit},
                            {"complete", Unit.Complete},
                            {"cxx17", Unit.Cxx17},
                            {"files", std::move(Files)}};
}

llvm::json::Value toJson(const DatabaseIdentity &Database) {
  return llvm::json::Object{{"version", MemberFactsVersion},
                            {"kind", "database"},
                            {"path", Database.Path},
                            {"sha256", Database.Sha256},
                            {"units", strings(Database.Units)}};
}

static llvm::json::Array spansToJson(const std::vector<CodeSpan> &Spans) {
  llvm::json::Array Out;
  for (const CodeSpan &G : Spans)
    Out.push_back(llvm::json::Object{{"file", G.File},
                                     {"line", G.Line},
                                     {"column", G.Column},
                                     {"endLine", G.EndLine},
                                     {"endColumn", G.EndColumn}});
  return Out;
}

llvm::json::Value toJson(const ParameterFill &P) {
  llvm::json::Array Growth = spansToJson(P.Growth);
  return llvm::json::Object{{"version", MemberFactsVersion},
                            {"kind", "parameter"},
                            {"function", P.Function},
                            {"index", P.Index},
                            {"fills", P.Fills},
                            {"returns", P.ReturnsIt},
                            {"growth", std::move(Growth)}};
}

llvm::json::Value toJson(const ViewArgumentRecord &Record) {
  return llvm::json::Object{{"version", MemberFactsVersion},
                            {"kind", "view-argument"},
                            {"function", Record.Function},
                            {"index", Record.Index},
                            {"fits", Record.Fits},
                            {"files", strings(Record.DeclarationFiles)},
                            {"building", spansToJson(Record.Building)},
                            {"building-in-loop", Record.BuildingInLoop}};
}

llvm::json::Value toJson(const ConstantTableRecord &Record) {
  llvm::json::Array Edits;
  for (const FileEdit &E : Record.Edits)
    Edits.push_back(llvm::json::Object{{"file", E.File},
                                       {"offset", E.Offset},
                                       {"length", E.Length},
                                       {"text", E.Text}});
  return llvm::json::Object{{"version", MemberFactsVersion},
                            {"edits", std::move(Edits)},
                            {"kind", "constant-table"},
                            {"table", Record.Table},
                            {"function", Record.Function},
                            {"why", Record.Why},
                            {"defines", Record.Defines},
                            {"reported", Record.Reported},
                            {"fits", Record.Fits}};
}

llvm::json::Value wantedParameterLine(llvm::StringRef Unit,
                                      llvm::StringRef Function) {
  return llvm::json::Object{{"version", MemberFactsVersion},
                            {"kind", "wanted-parameter"},
                            {"unit", Unit},
                            {"function", Function}};
}

// --- from JSON ---------------------------------------------------------------

static llvm::Error malformed(const llvm::Twine &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "malformed member facts: " + What);
}

static bool readStrings(const llvm::json::Object &O, llvm::StringRef Name,
                        std::vector<std::string> &Out) {
  const llvm::json::Array *A = O.getArray(Name);
  if (!A)
    return false;
  for (const llvm::json::Value &V : *A) {
    std::optional<llvm::StringRef> S = V.getAsString();
    if (!S)
      return false;
    Out.push_back(S->str());
  }
  return true;
}

static bool readPlace(const llvm::json::Value *V, CodePlace &Place) {
  const llvm::json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return false;
  std::optional<llvm::StringRef> File = O->getString("file");
  std::optional<int64_t> Line = O->getInteger("line");
  std::optional<llvm::StringRef> Function = O->getString("function");
  if (!File || !Line || *Line < 0 || !Function)
    return false;
  Place = {File->str(), static_cast<unsigned>(*Line), Function->str()};
  return true;
}

/// The version check every kind of line shares.
static llvm::Error checkVersion(const llvm::json::Object &O) {
  std::optional<int64_t> Version = O.getInteger("version");
  if (Version != MemberFactsVersion)
    return malformed("version " +
                     (Version ? std::to_string(*Version) : "missing") +
                     ", expected " + std::to_string(MemberFactsVersion) +
                     " (written by another alloc-tidy; run alloc-run again)");
  return llvm::Error::success();
}

llvm::Expected<MemberFacts> memberFactsFromJson(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O)
    return malformed("not an object");
  if (llvm::Error E = checkVersion(*O))
    return std::move(E);
  MemberFacts F;
  auto Str = [&](llvm::StringRef Name, std::string &Out) {
    std::optional<llvm::StringRef> S = O->getString(Name);
    if (S)
      Out = S->str();
    return S.has_value();
  };
  std::string Local, Access, WholeProgramAccess;
  std::optional<int64_t> Offset = O->getInteger("offset");
  std::optional<int64_t> Line = O->getInteger("line");
  if (!Str("check", F.Check) || !Str("member", F.Member) ||
      !Str("file", F.File) || !Str("unit", F.Unit) || !Str("local", Local) ||
      !Str("why", F.Why) || !Str("access", Access) ||
      !Str("wholeProgramAccess", WholeProgramAccess) || !Offset || !Line ||
      *Offset < 0 || *Line < 0)
    return malformed("a field is missing or has the wrong type");
  std::optional<MemberAction> Action = memberActionNamed(Local);
  if (!Action)
    return malformed("unknown action '" + Local + "'");
  std::optional<MemberAccess> Reach = memberAccessNamed(Access);
  std::optional<MemberAccess> Allowed = memberAccessNamed(WholeProgramAccess);
  if (!Reach || !Allowed)
    return malformed("unknown access '" +
                     (Reach ? WholeProgramAccess : Access) + "'");
  F.Local = *Action;
  F.Access = *Reach;
  F.WholeProgramAccess = *Allowed;
  F.Offset = *Offset;
  F.Line = *Line;
  std::optional<bool> InHeader = O->getBoolean("classInHeader");
  std::optional<bool> Friends = O->getBoolean("friendClasses");
  std::optional<bool> WarnWhenKept = O->getBoolean("warnWhenKept");
  const llvm::json::Array *Escapes = O->getArray("escapes");
  const llvm::json::Array *Growth = O->getArray("growth");
  if (!InHeader || !Friends || !WarnWhenKept || !Escapes || !Growth ||
      !readStrings(*O, "declared", F.Code.Declared) ||
      !readStrings(*O, "defined", F.Code.Defined))
    return malformed("a field is missing or has the wrong type");
  for (const llvm::json::Value &E : *Escapes) {
    const llvm::json::Object *Escape = E.getAsObject();
    std::optional<llvm::StringRef> What =
        Escape ? Escape->getString("what") : std::nullopt;
    MemberEscape Read;
    if (!What || !readPlace(Escape->get("where"), Read.Where))
      return malformed("an escape without what it is or where");
    Read.What = What->str();
    F.Escapes.push_back(std::move(Read));
  }
  for (const llvm::json::Value &G : *Growth) {
    CodePlace Place;
    if (!readPlace(&G, Place))
      return malformed("a place of growth without a file or line");
    F.Growth.push_back(std::move(Place));
  }
  // Facts of checks without a bound may leave it out.
  if (const llvm::json::Value *Bound = O->get("bound")) {
    std::optional<int64_t> N = Bound->getAsInteger();
    if (!N || *N < 0)
      return malformed("'bound' is not a count");
    F.Bound = *N;
  }
  F.ClassInHeader = *InHeader;
  F.Code.HasFriendClasses = *Friends;
  F.WarnWhenKept = *WarnWhenKept;
  if (const llvm::json::Value *Finding = O->get("finding"))
    F.Finding = *Finding;
  return F;
}

/// {"path", "sha256"} objects into (path, hash) pairs.
static bool readHashes(const llvm::json::Array *List,
                       std::vector<std::pair<std::string, std::string>> &Out) {
  if (!List)
    return false;
  for (const llvm::json::Value &V : *List) {
    const llvm::json::Object *O = V.getAsObject();
    std::optional<llvm::StringRef> Path =
        O ? O->getString("path") : std::nullopt;
    std::optional<llvm::StringRef> Hash =
        O ? O->getString("sha256") : std::nullopt;
    if (!Path || !Hash)
      return false;
    Out.emplace_back(Path->str(), Hash->str());
  }
  return true;
}

/// {"file", "line", "column", "endLine", "endColumn"} objects into spans;
/// false when one lacks its file or a number.
static bool readSpans(const llvm::json::Array &List,
                      std::vector<CodeSpan> &Out) {
  for (const llvm::json::Value &G : List) {
    const llvm::json::Object *Place = G.getAsObject();
    std::optional<llvm::StringRef> File =
        Place ? Place->getString("file") : std::nullopt;
    CodeSpan Span;
    bool Numbers = Place != nullptr;
    for (auto [Name, Into] :
         {std::pair<const char *, unsigned *>{"line", &Span.Line},
          {"column", &Span.Column},
          {"endLine", &Span.EndLine},
          {"endColumn", &Span.EndColumn}}) {
      std::optional<int64_t> N = Place ? Place->getInteger(Name) : std::nullopt;
      if (!N || *N <= 0)
        Numbers = false;
      else
        *Into = static_cast<unsigned>(*N);
    }
    if (!File || !Numbers)
      return false;
    Span.File = File->str();
    Out.push_back(std::move(Span));
  }
  return true;
}

llvm::Expected<ParameterFill>
parameterFillFromJson(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  std::optional<llvm::StringRef> Function =
      O ? O->getString("function") : std::nullopt;
  std::optional<int64_t> Index = O ? O->getInteger("index") : std::nullopt;
  std::optional<bool> Fills = O ? O->getBoolean("fills") : std::nullopt;
  std::optional<bool> Returns = O ? O->getBoolean("returns") : std::nullopt;
  const llvm::json::Array *Growth = O ? O->getArray("growth") : nullptr;
  if (!Function || Function->empty() || !Index || *Index < 0 || !Fills ||
      !Returns || !Growth)
    return malformed("a parameter without its function, index, fills, "
                     "returns or growth");
  ParameterFill P;
  P.Function = Function->str();
  P.Index = static_cast<unsigned>(*Index);
  P.Fills = *Fills;
  P.ReturnsIt = *Returns;
  if (!readSpans(*Growth, P.Growth))
    return malformed("a parameter's growth without its file and range");
  return P;
}

llvm::Expected<ViewArgumentRecord>
viewArgumentFromJson(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  std::optional<llvm::StringRef> Function =
      O ? O->getString("function") : std::nullopt;
  std::optional<int64_t> Index = O ? O->getInteger("index") : std::nullopt;
  std::optional<bool> Fits = O ? O->getBoolean("fits") : std::nullopt;
  ViewArgumentRecord Record;
  if (!Function || Function->empty() || !Index || *Index < 0 || !Fits ||
      !readStrings(*O, "files", Record.DeclarationFiles))
    return malformed("a view argument without its function, index, fits or "
                     "files");
  Record.Function = Function->str();
  Record.Index = static_cast<unsigned>(*Index);
  Record.Fits = *Fits;
  // Records written before the calls' arguments were: none.
  if (const llvm::json::Array *Building = O->getArray("building");
      Building && !readSpans(*Building, Record.Building))
    return malformed("a view argument's call without its file and range");
  Record.BuildingInLoop = O->getBoolean("building-in-loop").value_or(false);
  return Record;
}

llvm::Expected<ConstantTableRecord>
constantTableFromJson(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  std::optional<llvm::StringRef> Table =
      O ? O->getString("table") : std::nullopt;
  std::optional<llvm::StringRef> Function =
      O ? O->getString("function") : std::nullopt;
  std::optional<bool> Defines = O ? O->getBoolean("defines") : std::nullopt;
  std::optional<bool> Reported = O ? O->getBoolean("reported") : std::nullopt;
  std::optional<bool> Fits = O ? O->getBoolean("fits") : std::nullopt;
  if (!Table || Table->empty() || !Function || !Defines || !Reported || !Fits)
    return malformed("a constant table without its name, function, "
                     "definition, report or fit");
  ConstantTableRecord Record;
  Record.Table = Table->str();
  Record.Function = Function->str();
  Record.Why = O->getString("why").value_or("").str();
  Record.Defines = *Defines;
  Record.Reported = *Reported;
  Record.Fits = *Fits;
  if (const llvm::json::Array *Edits = O->getArray("edits"))
    for (const llvm::json::Value &E : *Edits) {
      const llvm::json::Object *Edit = E.getAsObject();
      std::optional<llvm::StringRef> File =
          Edit ? Edit->getString("file") : std::nullopt;
      std::optional<int64_t> Offset =
          Edit ? Edit->getInteger("offset") : std::nullopt;
      std::optional<int64_t> Length =
          Edit ? Edit->getInteger("length") : std::nullopt;
      std::optional<llvm::StringRef> Text =
          Edit ? Edit->getString("text") : std::nullopt;
      if (!File || File->empty() || !Offset || *Offset < 0 || !Length ||
          *Length < 0 || !Text)
        return malformed("a constant table's edit without its file, offset, "
                         "length or text");
      Record.Edits.push_back({File->str(), static_cast<unsigned>(*Offset),
                              static_cast<unsigned>(*Length), Text->str()});
    }
  return Record;
}

/// One line of a facts file, whatever its kind.
static llvm::Error readFactsLine(const llvm::json::Value &V,
                                 FactsStream &Into) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O)
    return malformed("not an object");
  if (llvm::Error E = checkVersion(*O))
    return E;
  std::optional<llvm::StringRef> Kind = O->getString("kind");
  if (Kind == "member") {
    llvm::Expected<MemberFacts> F = memberFactsFromJson(V);
    if (!F)
      return F.takeError();
    Into.Members.push_back(std::move(*F));
    return llvm::Error::success();
  }
  if (Kind == "unit") {
    UnitIdentity Unit;
    std::optional<llvm::StringRef> Path = O->getString("unit");
    std::optional<bool> Complete = O->getBoolean("complete");
    if (!Path || !Complete || !readHashes(O->getArray("files"), Unit.Files))
      return malformed("a unit without its file, state or files");
    Unit.Unit = Path->str();
    Unit.Complete = *Complete;
    // Facts written before the standard was recorded: assume the oldest.
    Unit.Cxx17 = O->getBoolean("cxx17").value_or(false);
    Into.Units.push_back(std::move(Unit));
    return llvm::Error::success();
  }
  if (Kind == "parameter") {
    llvm::Expected<ParameterFill> P = parameterFillFromJson(V);
    if (!P)
      return P.takeError();
    Into.Parameters.push_back(std::move(*P));
    return llvm::Error::success();
  }
  if (Kind == "view-argument") {
    llvm::Expected<ViewArgumentRecord> R = viewArgumentFromJson(V);
    if (!R)
      return R.takeError();
    Into.ViewArguments.push_back(std::move(*R));
    return llvm::Error::success();
  }
  if (Kind == "constant-table") {
    llvm::Expected<ConstantTableRecord> R = constantTableFromJson(V);
    if (!R)
      return R.takeError();
    Into.ConstantTables.push_back(std::move(*R));
    return llvm::Error::success();
  }
  if (Kind == "wanted-parameter") {
    std::optional<llvm::StringRef> Unit = O->getString("unit");
    std::optional<llvm::StringRef> Function = O->getString("function");
    if (!Unit || !Function)
      return malformed("a wanted parameter without its unit or function");
    Into.Wanted.emplace_back(Unit->str(), Function->str());
    return llvm::Error::success();
  }
  if (Kind == "database") {
    DatabaseIdentity Database;
    std::optional<llvm::StringRef> Path = O->getString("path");
    std::optional<llvm::StringRef> Hash = O->getString("sha256");
    if (!Path || !Hash || !readStrings(*O, "units", Database.Units))
      return malformed("a compile database without its path, hash or units");
    Database.Path = Path->str();
    Database.Sha256 = Hash->str();
    Into.Databases.push_back(std::move(Database));
    return llvm::Error::success();
  }
  return malformed("unknown kind '" + Kind.value_or("").str() + "'");
}

llvm::Error readFactsLines(llvm::StringRef Path, FactsStream &Into) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(),
                                   "cannot read '" + Path +
                                       "': " + Buffer.getError().message());
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  unsigned LineNo = 0;
  for (llvm::StringRef Line : Lines) {
    ++LineNo;
    if (Line.trim().empty())
      continue;
    auto Where = [&] {
      return (Path + ":" + llvm::Twine(LineNo) + ": ").str();
    };
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Line);
    if (!V)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     Where() + llvm::toString(V.takeError()));
    if (llvm::Error E = readFactsLine(*V, Into))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     Where() + llvm::toString(std::move(E)));
  }
  return llvm::Error::success();
}

llvm::Error appendFactsLine(llvm::StringRef Path,
                            const llvm::json::Value &Value) {
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  OS << Value << "\n";
  OS.flush();
  int FD = ::open(Path.str().c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
                  0644);
  if (FD < 0)
    return llvm::errorCodeToError(
        std::error_code(errno, std::generic_category()));
  ssize_t Written = ::write(FD, Line.data(), Line.size());
  int WriteErrno = errno;
  ::close(FD);
  if (Written != static_cast<ssize_t>(Line.size()))
    return llvm::errorCodeToError(std::error_code(
        Written < 0 ? WriteErrno : ENOSPC, std::generic_category()));
  return llvm::Error::success();
}

// --- the decisions -----------------------------------------------------------

llvm::Expected<MergedDecisions> readMemberDecisions(llvm::StringRef Path) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot use the member facts file '" + Path +
                                       "': " + Why);
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return Fail(Buffer.getError().message());
  llvm::Expected<llvm::json::Value> Root =
      llvm::json::parse((*Buffer)->getBuffer());
  if (!Root)
    return Fail(llvm::toString(Root.takeError()));
  const llvm::json::Object *O = Root->getAsObject();
  if (!O)
    return Fail("not a JSON object");
  if (O->getInteger("version") != MemberFactsVersion)
    return Fail("it is not version " + std::to_string(MemberFactsVersion) +
                " (written by another alloc-tidy; run alloc-run again)");
  const llvm::json::Array *Members = O->getArray("members");
  if (!Members)
    return Fail("no 'members' list");
  MergedDecisions Merged;
  const llvm::json::Object *Database = O->getObject("database");
  std::optional<llvm::StringRef> DatabasePath =
      Database ? Database->getString("path") : std::nullopt;
  std::optional<llvm::StringRef> DatabaseHash =
      Database ? Database->getString("sha256") : std::nullopt;
  if (!DatabasePath || !DatabaseHash ||
      !readHashes(O->getArray("files"), Merged.Files))
    return Fail("no compile database or files that the decisions rest on");
  Merged.DatabasePath = DatabasePath->str();
  Merged.DatabaseSha256 = DatabaseHash->str();
  for (const llvm::json::Value &V : *Members) {
    const llvm::json::Object *M = V.getAsObject();
    std::optional<llvm::StringRef> Key = M ? M->getString("key") : std::nullopt;
    std::optional<llvm::StringRef> Action =
        M ? M->getString("action") : std::nullopt;
    std::optional<MemberAction> Parsed =
        Action ? memberActionNamed(*Action) : std::nullopt;
    if (!Key || !Parsed)
      return Fail("a member without a key or a known action");
    MemberDecision D;
    D.Action = *Parsed;
    if (std::optional<llvm::StringRef> Why = M->getString("why"))
      D.Why = Why->str();
    if (std::optional<int64_t> Units = M->getInteger("units"))
      D.Units = *Units;
    if (std::optional<int64_t> Bound = M->getInteger("bound");
        Bound && *Bound > 0)
      D.Bound = *Bound;
    if (const llvm::json::Array *Notes = M->getArray("notes"))
      for (const llvm::json::Value &Note : *Notes)
        if (std::optional<llvm::StringRef> Text = Note.getAsString())
          D.Notes.push_back(Text->str());
    Merged.Members[*Key] = std::move(D);
  }
  // Decisions written before parameters were recorded have none.
  if (const llvm::json::Array *Parameters = O->getArray("parameters"))
    for (const llvm::json::Value &V : *Parameters) {
      llvm::Expected<ParameterFill> P = parameterFillFromJson(V);
      if (!P)
        return Fail(llvm::toString(P.takeError()));
      std::string Key = P->Function + "#" + std::to_string(P->Index);
      Merged.Parameters[Key] = std::move(*P);
    }
  if (const llvm::json::Array *Views = O->getArray("view-arguments"))
    for (const llvm::json::Value &V : *Views) {
      llvm::Expected<ViewArgumentRecord> R = viewArgumentFromJson(V);
      if (!R)
        return Fail(llvm::toString(R.takeError()));
      std::string Key = R->Function + "#" + std::to_string(R->Index);
      Merged.ViewArguments[Key] = std::move(*R);
    }
  if (const llvm::json::Array *Tables = O->getArray("constant-tables"))
    for (const llvm::json::Value &V : *Tables) {
      llvm::Expected<ConstantTableRecord> R = constantTableFromJson(V);
      if (!R)
        return Fail(llvm::toString(R.takeError()));
      std::string Key = R->Table;
      Merged.ConstantTables[Key] = std::move(*R);
    }
  Merged.EveryUnitCxx17 = O->getBoolean("every-unit-cxx17").value_or(false);
  return Merged;
}

/// The SHA-256 of \p Path now, computed again only when its size or time
/// stamp changed since the last time this process asked.
static std::optional<std::string> currentHash(const std::string &Path) {
  struct Known {
    uint64_t Size;
    llvm::sys::TimePoint<> Modified;
    std::optional<std::string> Hash;
  };
  static std::mutex Lock;
  static std::map<std::string, Known> Cache;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status) || !llvm::sys::fs::exists(Status))
    return std::nullopt;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Path);
  if (It != Cache.end() && It->second.Size == Status.getSize() &&
      It->second.Modified == Status.getLastModificationTime())
    return It->second.Hash;
  Known Now{Status.getSize(), Status.getLastModificationTime(),
            sha256OfFile(Path)};
  Cache[Path] = Now;
  return Now.Hash;
}

std::vector<std::string> changedFiles(const MergedDecisions &Decisions) {
  std::vector<std::string> Changed;
  if (currentHash(Decisions.DatabasePath) != Decisions.DatabaseSha256)
    Changed.push_back(Decisions.DatabasePath);
  for (const auto &[Path, Hash] : Decisions.Files)
    if (currentHash(Path) != Hash)
      Changed.push_back(Path);
  return Changed;
}

} // namespace alloc_tidy
