//===--- ParameterFills.cpp -----------------------------------------------===//

#include "lib/analysis/facts/ParameterFills.h"
#include "lib/analysis/ast/AstWalk.h"
#include "lib/analysis/facts/CalleeFills.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace alloc_tidy {

std::string functionKey(const FunctionDecl &F) {
  if (!F.isExternallyVisible() || F.isDependentContext() ||
      F.getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      F.isTemplateInstantiation() || !F.getDeclName().isIdentifier() ||
      F.getQualifiedNameAsString().empty())
    return "";
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&F);
      Method && Method->getParent()->isLocalClass())
    return "";
  return F.getQualifiedNameAsString() + " " +
         F.getType().getCanonicalType().getAsString();
}

std::string parameterKey(const FunctionDecl &F) {
  return F.isInlined() ? "" : functionKey(F);
}

/// A container the judgement of CalleeFills understands: a standard
/// library class taken by non-const lvalue reference or by pointer to
/// non-const.
static bool isFillableParameter(const ParmVarDecl &Param) {
  QualType T = Param.getType();
  if (!T->isLValueReferenceType() && !T->isPointerType())
    return false;
  QualType Pointee = T->getPointeeType();
  if (Pointee.isConstQualified() || Pointee.isVolatileQualified())
    return false;
  const CXXRecordDecl *Record = Pointee->getAsCXXRecordDecl();
  return Record && isWithinStd(Record);
}

std::optional<CodeSpan> codeSpanOf(SourceRange Range, const SourceManager &SM) {
  SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  SourceLocation End = SM.getExpansionLoc(Range.getEnd());
  if (Begin.isInvalid() || End.isInvalid() ||
      SM.getFileID(Begin) != SM.getFileID(End))
    return std::nullopt;
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(SM.getFileID(Begin));
  if (!Entry)
    return std::nullopt;
  llvm::SmallString<256> Path(Entry->getFileEntry().tryGetRealPathName());
  if (Path.empty()) {
    Path = Entry->getName();
    if (llvm::sys::fs::make_absolute(Path))
      return std::nullopt;
  }
  CodeSpan Span;
  Span.File = std::string(Path);
  Span.Line = SM.getExpansionLineNumber(Begin);
  Span.Column = SM.getExpansionColumnNumber(Begin);
  Span.EndLine = SM.getExpansionLineNumber(End);
  Span.EndColumn = SM.getExpansionColumnNumber(End);
  return Span;
}

SourceRange rangeOf(const CodeSpan &Span, SourceManager &SM) {
  if (Span.Line == 0 || Span.Column == 0 || Span.EndLine < Span.Line)
    return SourceRange();
  llvm::Expected<FileEntryRef> Entry =
      SM.getFileManager().getFileRef(Span.File);
  if (!Entry) {
    llvm::consumeError(Entry.takeError());
    return SourceRange();
  }
  FileID File = SM.translateFile(*Entry);
  if (File.isInvalid())
    File = SM.createFileID(*Entry, SourceLocation(), SrcMgr::C_User);
  if (File.isInvalid())
    return SourceRange();
  SourceLocation Begin = SM.translateLineCol(File, Span.Line, Span.Column);
  SourceLocation End = SM.translateLineCol(File, Span.EndLine, Span.EndColumn);
  // A line past the file's end comes back as the end: the file changed.
  if (Begin.isInvalid() || End.isInvalid() ||
      SM.getSpellingLineNumber(Begin) != Span.Line ||
      SM.getSpellingLineNumber(End) != Span.EndLine)
    return SourceRange();
  return SourceRange(Begin, End);
}

std::vector<ParameterFill> parameterFillFacts(const FunctionDecl &Definition,
                                              ASTContext &Ctx) {
  std::vector<ParameterFill> Facts;
  std::string Key = parameterKey(Definition);
  if (Key.empty() || !Definition.doesThisDeclarationHaveABody())
    return Facts;
  for (unsigned Index = 0; Index < Definition.getNumParams(); ++Index) {
    if (!isFillableParameter(*Definition.getParamDecl(Index)))
      continue;
    std::string Why;
    std::optional<CalleeUse> Use =
        containerUseByCallee(&Definition, Index, Ctx, Why);
    if (!Use)
      continue;
    ParameterFill Fact;
    Fact.Function = Key;
    Fact.Index = Index;
    Fact.Fills = Use->Fills;
    Fact.ReturnsIt = Use->ReturnsIt;
    bool Placed = true;
    for (const Expr *Growth : Use->Growth) {
      std::optional<CodeSpan> Span =
          codeSpanOf(Growth->getSourceRange(), Ctx.getSourceManager());
      if (!Span) {
        Placed = false;
        break;
      }
      Fact.Growth.push_back(std::move(*Span));
    }
    // Growth the profile could not be matched to would be left out of
    // every measurement: no record rather than a partial one.
    if (Placed)
      Facts.push_back(std::move(Fact));
  }
  return Facts;
}

} // namespace alloc_tidy
