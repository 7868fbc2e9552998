//===--- Finding.cpp ------------------------------------------------------===//

#include "checks/Finding.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"

namespace clang::tidy::alloc {

void report(ClangTidyCheck &Check, const Finding &F) {
  {
    DiagnosticBuilder Diag = Check.diag(F.Warning.Loc, "%0") << F.Warning.Text;
    for (const FixItHint &Fix : F.Warning.Fixes)
      Diag << Fix;
  }
  for (const FindingMessage &Note : F.Notes) {
    DiagnosticBuilder Diag = Check.diag(Note.Loc, "%0", DiagnosticIDs::Note)
                             << Note.Text;
    for (const FixItHint &Fix : Note.Fixes)
      Diag << Fix;
  }
}

/// The file's absolute path, as alloc-run and the fix appliers expect it.
static std::string absolutePath(SourceLocation Loc, const SourceManager &SM) {
  llvm::SmallString<256> Path(SM.getFilename(Loc));
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  return std::string(Path);
}

std::optional<alloc_tidy::FileEdit> fileEditOf(const FixItHint &Fix,
                                               const SourceManager &SM) {
  CharSourceRange Range = Fix.RemoveRange;
  if (Range.isTokenRange())
    Range = CharSourceRange::getCharRange(
        Range.getBegin(),
        Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOptions()));
  SourceLocation Begin = SM.getFileLoc(Range.getBegin());
  SourceLocation End =
      Range.getEnd().isValid() ? SM.getFileLoc(Range.getEnd()) : Begin;
  if (Begin.isInvalid())
    return std::nullopt;
  return alloc_tidy::FileEdit{absolutePath(Begin, SM), SM.getFileOffset(Begin),
                              SM.getFileOffset(End) - SM.getFileOffset(Begin),
                              Fix.CodeToInsert};
}

std::optional<FixItHint> fixItOf(const alloc_tidy::FileEdit &Edit,
                                 SourceManager &SM) {
  llvm::Expected<FileEntryRef> File = SM.getFileManager().getFileRef(Edit.File);
  if (!File) {
    llvm::consumeError(File.takeError());
    return std::nullopt;
  }
  FileID ID = SM.translateFile(*File);
  if (ID.isInvalid())
    ID = SM.createFileID(*File, SourceLocation(), SrcMgr::C_User);
  std::optional<llvm::MemoryBufferRef> Buffer = SM.getBufferOrNone(ID);
  if (!Buffer || Edit.Offset + Edit.Length > Buffer->getBufferSize())
    return std::nullopt;
  SourceLocation Begin = SM.getComposedLoc(ID, Edit.Offset);
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(Edit.Length)),
      Edit.Text);
}

static llvm::json::Object messageToJson(const FindingMessage &M,
                                        const SourceManager &SM) {
  SourceLocation Loc = SM.getFileLoc(M.Loc);
  llvm::json::Array Replacements;
  for (const FixItHint &Fix : M.Fixes)
    if (std::optional<alloc_tidy::FileEdit> Edit = fileEditOf(Fix, SM))
      Replacements.push_back(llvm::json::Object{
          {"FilePath", Edit->File},
          {"Offset", Edit->Offset},
          {"Length", Edit->Length},
          {"ReplacementText", Edit->Text},
      });
  return llvm::json::Object{
      {"Message", M.Text},
      {"FilePath", Loc.isValid() ? absolutePath(Loc, SM) : ""},
      {"FileOffset", Loc.isValid() ? SM.getFileOffset(Loc) : 0},
      {"Replacements", std::move(Replacements)},
  };
}

llvm::json::Value findingToJson(llvm::StringRef CheckName, const Finding &F,
                                const SourceManager &SM) {
  llvm::json::Array Notes;
  for (const FindingMessage &Note : F.Notes)
    Notes.push_back(messageToJson(Note, SM));
  return llvm::json::Object{
      {"DiagnosticName", CheckName},
      {"DiagnosticMessage", messageToJson(F.Warning, SM)},
      {"Notes", std::move(Notes)},
      {"Level", "Warning"},
  };
}

} // namespace clang::tidy::alloc
