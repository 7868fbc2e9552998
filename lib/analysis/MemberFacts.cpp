//===--- MemberFacts.cpp --------------------------------------------------===//

#include "lib/analysis/MemberFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <algorithm>
#include <fcntl.h>
#include <unistd.h>

using namespace clang;

namespace alloc_tidy {

llvm::StringRef memberActionName(MemberAction Action) {
  switch (Action) {
  case MemberAction::Fix:
    return "fix";
  case MemberAction::Warn:
    return "warn";
  case MemberAction::Silent:
    return "silent";
  }
  return "silent";
}

static std::optional<MemberAction> memberActionNamed(llvm::StringRef Name) {
  if (Name == "fix")
    return MemberAction::Fix;
  if (Name == "warn")
    return MemberAction::Warn;
  if (Name == "silent")
    return MemberAction::Silent;
  return std::nullopt;
}

// --- facts from the AST ------------------------------------------------------

static std::string functionName(const FunctionDecl &F) {
  return F.getQualifiedNameAsString() + "(" + F.getType().getAsString() + ")";
}

static bool isDefinedHere(const FunctionDecl &F) {
  return F.isDefined() || F.isDeleted() || F.isDefaulted() || F.isPureVirtual();
}

/// A private copy or move constructor or assignment declared and never
/// defined: the C++03 way to delete it (no code can call it, so none runs).
static bool isDeletedByOmission(const CXXMethodDecl &Method) {
  if (Method.getAccess() != AS_private || isDefinedHere(Method))
    return false;
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Method))
    return Ctor->isCopyOrMoveConstructor();
  return Method.isCopyAssignmentOperator() || Method.isMoveAssignmentOperator();
}

static void collectClassCode(const CXXRecordDecl &Record, ClassCode &Code) {
  auto Add = [&](const FunctionDecl &F) {
    Code.Declared.push_back(functionName(F));
    if (isDefinedHere(F))
      Code.Defined.push_back(functionName(F));
  };
  for (const Decl *D : Record.decls()) {
    if (const auto *Method = dyn_cast<CXXMethodDecl>(D)) {
      if (!Method->isImplicit() && !isDeletedByOmission(*Method))
        Add(*Method);
    } else if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D)) {
      Add(*Template->getTemplatedDecl());
    } else if (const auto *Nested = dyn_cast<CXXRecordDecl>(D)) {
      if (Nested->isThisDeclarationADefinition())
        collectClassCode(*Nested, Code);
    } else if (const auto *Friend = dyn_cast<FriendDecl>(D)) {
      const NamedDecl *Named = Friend->getFriendDecl();
      if (!Named) {
        Code.HasFriendClasses = true;
        continue;
      }
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(Named))
        Named = FT->getTemplatedDecl();
      if (const auto *F = dyn_cast<FunctionDecl>(Named))
        Add(*F);
    }
  }
}

ClassCode classCodeIn(const CXXRecordDecl &Record) {
  ClassCode Code;
  collectClassCode(Record, Code);
  return Code;
}

static bool isHeaderName(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext.empty() || Ext == ".h" || Ext == ".hh" || Ext == ".hpp" ||
         Ext == ".hxx" || Ext == ".h++" || Ext == ".inc" || Ext == ".inl" ||
         Ext == ".ipp" || Ext == ".tcc";
}

static std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

/// Name and place of \p D, and whether its main file is a header.
static MemberFacts placeOf(const NamedDecl &D, ASTContext &Ctx,
                           bool &MainFileIsHeader) {
  const SourceManager &SM = Ctx.getSourceManager();
  MemberFacts Facts;
  Facts.Member = D.getQualifiedNameAsString();
  SourceLocation Loc = SM.getExpansionLoc(D.getLocation());
  Facts.File = realPath(SM.getFilename(Loc));
  Facts.Offset = SM.getFileOffset(Loc);
  Facts.Line = SM.getExpansionLineNumber(Loc);
  MainFileIsHeader = Ctx.getLangOpts().IsHeaderFile;
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    MainFileIsHeader |= isHeaderName(Main->getName());
  return Facts;
}

MemberFacts memberFactsFor(const NamedDecl &Member, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool MainFileIsHeader = false;
  MemberFacts Facts = placeOf(Member, Ctx, MainFileIsHeader);
  const auto *Record = dyn_cast<CXXRecordDecl>(Member.getDeclContext());
  Facts.ClassInHeader =
      !Record || MainFileIsHeader ||
      !SM.isInMainFile(SM.getExpansionLoc(Record->getLocation()));
  AccessSpecifier Access = Member.getAccess();
  if (Record) {
    Facts.Code = classCodeIn(*Record);
    Facts.OnlyClassCodeNamesIt =
        !Facts.Code.HasFriendClasses &&
        (Access == AS_private ||
         (Access == AS_protected && Record->hasAttr<FinalAttr>()));
  }
  return Facts;
}

MemberFacts recordFactsFor(const RecordDecl &Record, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool MainFileIsHeader = false;
  MemberFacts Facts = placeOf(Record, Ctx, MainFileIsHeader);
  Facts.ClassInHeader =
      MainFileIsHeader ||
      !SM.isInMainFile(SM.getExpansionLoc(Record.getLocation()));
  return Facts;
}

std::string MemberFacts::key() const {
  return Check + "|" + Member + "|" + File + ":" + std::to_string(Offset);
}

// --- decisions ---------------------------------------------------------------

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

std::string unseenCode(const MemberFacts &Facts) {
  if (Facts.ClassInHeader && !Facts.OnlyClassCodeNamesIt)
    return "the class is in a header and code outside it can name the member";
  llvm::StringSet<> Defined;
  for (const std::string &F : Facts.Code.Defined)
    Defined.insert(F);
  std::vector<std::string> Missing = undefined(Facts.Code.Declared, Defined);
  if (!Missing.empty())
    return shortName(Missing.front()) +
           " is not defined in this translation unit";
  return "";
}

bool seesAllCodeUsingMember(const NamedDecl *Member, ASTContext &Ctx) {
  if (!isa<CXXRecordDecl>(Member->getDeclContext()))
    return false;
  return unseenCode(memberFactsFor(*Member, Ctx)).empty();
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
  llvm::json::Object NoFix{{"Message", ("no fix-it: " + Why).str()},
                           {"Replacements", llvm::json::Array()}};
  if (Message) {
    if (const llvm::json::Value *Path = Message->get("FilePath"))
      NoFix["FilePath"] = *Path;
    if (const llvm::json::Value *Offset = Message->get("FileOffset"))
      NoFix["FileOffset"] = *Offset;
  }
  Notes.push_back(std::move(NoFix));
  return Copy;
}

MemberDecision decideAcrossUnits(llvm::ArrayRef<MemberFacts> Facts) {
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
  for (const MemberFacts &F : Facts)
    if (F.Local == MemberAction::Warn && D.Action == MemberAction::Fix) {
      D.Action = MemberAction::Warn;
      D.Why = F.Why;
    }
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
  if (const MemberFacts *Source = FindingOf(D.Action))
    D.Finding = Source->Finding;
  else if (D.Action == MemberAction::Warn)
    // The units that allow only a warning report nothing themselves (a
    // record initialised by position where none of it is kept): the
    // finding of one that would fix it, without its fix-its.
    if (const MemberFacts *Fixing = FindingOf(MemberAction::Fix))
      D.Finding = withoutFixes(Fixing->Finding, D.Why);
  return D;
}

MemberDecision decideWithMerged(const MemberFacts &Facts,
                                const MemberDecisions *Merged) {
  MemberDecision Own = decideInOneUnit(Facts);
  if (!Merged || Facts.Local == MemberAction::Silent)
    return Own;
  auto It = Merged->find(Facts.key());
  if (It == Merged->end())
    return Own;
  if (Facts.Local == MemberAction::Warn &&
      It->second.Action == MemberAction::Fix)
    return decision(MemberAction::Warn, Facts.Why, It->second.Units);
  MemberDecision D =
      decision(It->second.Action, It->second.Why, It->second.Units);
  D.Bound = std::max(Facts.Bound, It->second.Bound);
  if (D.Action != MemberAction::Silent)
    D.Finding = Facts.Finding;
  return D;
}

// --- serialisation -----------------------------------------------------------

static llvm::json::Array strings(llvm::ArrayRef<std::string> List) {
  llvm::json::Array A;
  for (const std::string &S : List)
    A.push_back(S);
  return A;
}

llvm::json::Value toJson(const MemberFacts &F) {
  llvm::json::Object O{
      {"version", MemberFactsVersion},
      {"check", F.Check},
      {"member", F.Member},
      {"file", F.File},
      {"offset", F.Offset},
      {"line", F.Line},
      {"local", memberActionName(F.Local)},
      {"why", F.Why},
      {"classInHeader", F.ClassInHeader},
      {"onlyClassCodeNamesIt", F.OnlyClassCodeNamesIt},
      {"declared", strings(F.Code.Declared)},
      {"defined", strings(F.Code.Defined)},
      {"friendClasses", F.Code.HasFriendClasses},
      {"finding", F.Finding},
  };
  // Only the checks that have a bound write one.
  if (F.Bound)
    O["bound"] = F.Bound;
  return O;
}

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

llvm::Expected<MemberFacts> memberFactsFromJson(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  if (!O)
    return malformed("not an object");
  std::optional<int64_t> Version = O->getInteger("version");
  if (Version != MemberFactsVersion)
    return malformed("version " +
                     (Version ? std::to_string(*Version) : "missing") +
                     ", expected " + std::to_string(MemberFactsVersion));
  MemberFacts F;
  auto Str = [&](llvm::StringRef Name, std::string &Out) {
    std::optional<llvm::StringRef> S = O->getString(Name);
    if (S)
      Out = S->str();
    return S.has_value();
  };
  std::string Local;
  std::optional<int64_t> Offset = O->getInteger("offset");
  std::optional<int64_t> Line = O->getInteger("line");
  if (!Str("check", F.Check) || !Str("member", F.Member) ||
      !Str("file", F.File) || !Str("local", Local) || !Str("why", F.Why) ||
      !Offset || !Line || *Offset < 0 || *Line < 0)
    return malformed("a field is missing or has the wrong type");
  std::optional<MemberAction> Action = memberActionNamed(Local);
  if (!Action)
    return malformed("unknown action '" + Local + "'");
  F.Local = *Action;
  F.Offset = *Offset;
  F.Line = *Line;
  std::optional<bool> InHeader = O->getBoolean("classInHeader");
  std::optional<bool> OnlyClass = O->getBoolean("onlyClassCodeNamesIt");
  std::optional<bool> Friends = O->getBoolean("friendClasses");
  if (!InHeader || !OnlyClass || !Friends ||
      !readStrings(*O, "declared", F.Code.Declared) ||
      !readStrings(*O, "defined", F.Code.Defined))
    return malformed("a field is missing or has the wrong type");
  // Facts of checks without a bound may leave it out.
  if (const llvm::json::Value *Bound = O->get("bound")) {
    std::optional<int64_t> N = Bound->getAsInteger();
    if (!N || *N < 0)
      return malformed("'bound' is not a count");
    F.Bound = *N;
  }
  F.ClassInHeader = *InHeader;
  F.OnlyClassCodeNamesIt = *OnlyClass;
  F.Code.HasFriendClasses = *Friends;
  if (const llvm::json::Value *Finding = O->get("finding"))
    F.Finding = *Finding;
  return F;
}

llvm::json::Value decideAll(llvm::ArrayRef<MemberFacts> Facts) {
  llvm::StringMap<unsigned> Index;
  std::vector<std::pair<std::string, std::vector<MemberFacts>>> ByKey;
  for (const MemberFacts &F : Facts) {
    auto [It, New] = Index.try_emplace(F.key(), ByKey.size());
    if (New)
      ByKey.push_back({F.key(), {}});
    ByKey[It->second].second.push_back(F);
  }
  llvm::json::Array Members;
  for (auto &[Key, Units] : ByKey) {
    MemberDecision D = decideAcrossUnits(Units);
    const MemberFacts &First = Units.front();
    Members.push_back(llvm::json::Object{
        {"key", Key},
        {"check", First.Check},
        {"member", First.Member},
        {"file", First.File},
        {"offset", First.Offset},
        {"line", First.Line},
        {"action", memberActionName(D.Action)},
        {"why", D.Why},
        {"units", D.Units},
        {"finding", D.Finding},
    });
    if (D.Bound)
      Members.back().getAsObject()->try_emplace("bound", D.Bound);
  }
  return llvm::json::Object{{"version", MemberFactsVersion},
                            {"members", std::move(Members)}};
}

llvm::Expected<MemberDecisions> readMemberDecisions(llvm::StringRef Path) {
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
  MemberDecisions Decisions;
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
    Decisions[*Key] = std::move(D);
  }
  return Decisions;
}

llvm::Expected<std::vector<MemberFacts>>
readMemberFactsLines(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(),
                                   "cannot read '" + Path +
                                       "': " + Buffer.getError().message());
  std::vector<MemberFacts> Facts;
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
    llvm::Expected<MemberFacts> F = memberFactsFromJson(*V);
    if (!F)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     Where() + llvm::toString(F.takeError()));
    Facts.push_back(std::move(*F));
  }
  return Facts;
}

llvm::Error appendMemberFacts(llvm::StringRef Path, const MemberFacts &Facts) {
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  OS << toJson(Facts) << "\n";
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

} // namespace alloc_tidy
