//===--- MemberFacts.cpp --------------------------------------------------===//

#include "lib/analysis/facts/MemberFacts.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>
#include <utility>

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

std::optional<MemberAction> memberActionNamed(llvm::StringRef Name) {
  if (Name == "fix")
    return MemberAction::Fix;
  if (Name == "warn")
    return MemberAction::Warn;
  if (Name == "silent")
    return MemberAction::Silent;
  return std::nullopt;
}

llvm::StringRef memberAccessName(MemberAccess Access) {
  switch (Access) {
  case MemberAccess::Private:
    return "private";
  case MemberAccess::Protected:
    return "protected";
  case MemberAccess::Public:
    return "public";
  }
  return "public";
}

std::optional<MemberAccess> memberAccessNamed(llvm::StringRef Name) {
  if (Name == "private")
    return MemberAccess::Private;
  if (Name == "protected")
    return MemberAccess::Protected;
  if (Name == "public")
    return MemberAccess::Public;
  return std::nullopt;
}

std::string CodePlace::text() const {
  std::string Text = File + ":" + std::to_string(Line);
  if (!Function.empty())
    Text += " ('" + Function + "')";
  return Text;
}

CodePlace codePlaceOf(SourceLocation Loc, const FunctionDecl *Function,
                      const SourceManager &SM) {
  CodePlace Place;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isValid()) {
    Place.File = llvm::sys::path::filename(P.getFilename()).str();
    Place.Line = P.getLine();
  }
  if (Function)
    Place.Function = Function->getQualifiedNameAsString();
  return Place;
}

std::string MemberEscape::text() const {
  std::string Subject =
      Where.Function.empty() ? "code" : "'" + Where.Function + "'";
  return Subject + " " + What + " (" + Where.File + ":" +
         std::to_string(Where.Line) + ")";
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

std::string realPathOf(llvm::StringRef Path) {
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
  Facts.File = realPathOf(SM.getFilename(Loc));
  Facts.Offset = SM.getFileOffset(Loc);
  Facts.Line = SM.getExpansionLineNumber(Loc);
  MainFileIsHeader = Ctx.getLangOpts().IsHeaderFile;
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
    MainFileIsHeader |= isHeaderName(Main->getName());
    Facts.Unit = realPathOf(Main->getName());
  }
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
    // A final class has no derived classes to name its protected members.
    if (Access == AS_private ||
        (Access == AS_protected && Record->hasAttr<FinalAttr>()))
      Facts.Access = MemberAccess::Private;
    else if (Access == AS_protected)
      Facts.Access = MemberAccess::Protected;
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

void MemberFacts::setVerdict(llvm::StringRef Silence, llvm::StringRef NoFix) {
  Local = !Silence.empty() ? MemberAction::Silent
          : !NoFix.empty() ? MemberAction::Warn
                           : MemberAction::Fix;
  Why = (!Silence.empty() ? Silence : NoFix).str();
}

std::string unseenCode(const MemberFacts &Facts) {
  if (Facts.ClassInHeader && !Facts.onlyClassCodeNamesIt())
    return "the class is in a header and code outside it can name the member";
  llvm::StringSet<> Defined;
  for (const std::string &F : Facts.Code.Defined)
    Defined.insert(F);
  for (const std::string &F : Facts.Code.Declared)
    if (!Defined.contains(F))
      return "'" +
             llvm::StringRef(F)
                 .take_until([](char C) { return C == '('; })
                 .str() +
             "' is not defined in this translation unit";
  return "";
}

bool seesAllCodeUsingMember(const NamedDecl *Member, ASTContext &Ctx) {
  if (!isa<CXXRecordDecl>(Member->getDeclContext()))
    return false;
  return unseenCode(memberFactsFor(*Member, Ctx)).empty();
}

// --- the identity of a unit
// ---------------------------------------------------

std::optional<std::string> sha256OfFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  llvm::StringRef Text = (*Buffer)->getBuffer();
  std::array<uint8_t, 32> Hash = llvm::SHA256::hash(llvm::ArrayRef(
      reinterpret_cast<const uint8_t *>(Text.data()), Text.size()));
  return llvm::toHex(Hash, /*LowerCase=*/true);
}

std::string placedForOtherUnits(const std::string &Why, SourceLocation Loc,
                                const SourceManager &SM) {
  if (Loc.isInvalid())
    return Why;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return Why;
  std::string Place = llvm::sys::path::filename(P.getFilename()).str() + ":" +
                      std::to_string(P.getLine());
  size_t Here = Why.find(" here");
  if (Here == std::string::npos)
    return Why + " (" + Place + ")";
  return Why.substr(0, Here) + " in " + Place + Why.substr(Here + 5);
}

UnitIdentity unitIdentityOf(const SourceManager &SM, bool Complete) {
  UnitIdentity Identity;
  Identity.Complete = Complete;
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    Identity.Unit = realPathOf(Main->getName());
  llvm::StringSet<> Seen;
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    const SrcMgr::FileInfo &File = Entry.getFile();
    if (SrcMgr::isSystem(File.getFileCharacteristic()))
      continue;
    OptionalFileEntryRef Ref = File.getContentCache().OrigEntry;
    if (!Ref)
      continue;
    std::string Path = realPathOf(Ref->getName());
    if (!Seen.insert(Path).second)
      continue;
    if (std::optional<std::string> Hash = sha256OfFile(Path))
      Identity.Files.emplace_back(std::move(Path), *Hash);
  }
  llvm::sort(Identity.Files);
  return Identity;
}

} // namespace alloc_tidy
