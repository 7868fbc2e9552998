//===--- RecordAbi.cpp - is a record's layout shared beyond this code? ----===//

#include "lib/analysis/facts/RecordAbi.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/NestedNameSpecifier.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace alloc_tidy {

/// Why \p RD may be part of a shared library's interface, whose binary
/// layout a reorder would break: a dllexport, dllimport or
/// default-visibility attribute, or a macro between the class key and the
/// name ('class LEVELDB_EXPORT Options'), which exports it in a shared build
/// even where this build defines it empty. Empty when nothing says so.
/// The identifier right before \p Loc in its file (spaces and line breaks
/// skipped), or empty.
static StringRef identifierBefore(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid() || Loc.isMacroID())
    return "";
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Text.size())
    return "";
  StringRef Before = Text.take_front(Offset).rtrim();
  size_t Start = Before.size();
  while (Start > 0 && isAsciiIdentifierContinue(Before[Start - 1]))
    --Start;
  StringRef Word = Before.drop_front(Start);
  return !Word.empty() && isAsciiIdentifierStart(Word[0]) ? Word : "";
}

std::string libraryFunctionReason(const FunctionDecl &F,
                                  const ASTContext &Ctx) {
  const char *Interface = "its signature is part of that library's binary "
                          "interface";
  // A member of an exported class is exported with it; a private one can
  // be called only by the class and its friends, inside the library.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&F);
      Method && Method->getAccess() != AS_private)
    if (std::string Class = libraryInterfaceReason(*Method->getParent(), Ctx);
        !Class.empty())
      return "it is a member of '" + Method->getParent()->getNameAsString() +
             "', which a shared library may export, so its signature is "
             "part of that library's binary interface";
  for (const FunctionDecl *D : F.redecls()) {
    if (D->hasAttr<DLLExportAttr>() || D->hasAttr<DLLImportAttr>())
      return std::string("it is exported from a DLL, so ") + Interface;
    if (const auto *Visibility = D->getAttr<VisibilityAttr>();
        Visibility && Visibility->getVisibility() == VisibilityAttr::Default)
      return std::string("its default visibility exports it from a shared "
                         "library, so ") +
             Interface;
    StringRef Macro =
        identifierBefore(D->getOuterLocStart(), Ctx.getSourceManager());
    auto Known = Macro.empty() ? Ctx.Idents.end() : Ctx.Idents.find(Macro);
    if (Known != Ctx.Idents.end() && Known->getValue()->hadMacroDefinition())
      return "the macro '" + Macro.str() +
             "' before its declaration may export it from a shared library, "
             "and then " +
             Interface;
  }
  return "";
}

std::string libraryInterfaceReason(const RecordDecl &RD,
                                   const ASTContext &Ctx) {
  const char *Interface = "part of that library's binary interface";
  if (RD.hasAttr<DLLExportAttr>() || RD.hasAttr<DLLImportAttr>())
    return std::string("it is exported from a DLL, so its layout is ") +
           Interface;
  if (const auto *Visibility = RD.getAttr<VisibilityAttr>();
      Visibility && Visibility->getVisibility() == VisibilityAttr::Default)
    return std::string("its default visibility exports it from a shared "
                       "library, so its layout is ") +
           Interface;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Key = RD.getInnerLocStart(), Name = RD.getLocation();
  if (Key.isMacroID() || Name.isMacroID() ||
      SM.getFileID(Key) != SM.getFileID(Name))
    return "";
  // Between the key and the name there are attributes, macros and, for an
  // out-of-line definition of a nested class ('class NS::Outer::Private'),
  // the nested-name qualifier. Attribute arguments ('aligned',
  // 'visibility') and the qualifier are skipped: only a macro remains.
  const SourceRange Qualifier = RD.getQualifierLoc().getSourceRange();
  auto InQualifier = [&](SourceLocation L) {
    return Qualifier.isValid() &&
           !SM.isBeforeInTranslationUnit(L, Qualifier.getBegin()) &&
           !SM.isBeforeInTranslationUnit(Qualifier.getEnd(), L);
  };
  Token Tok;
  SourceLocation Loc =
      Lexer::getLocForEndOfToken(Key, 0, SM, Ctx.getLangOpts());
  unsigned Depth = 0;
  while (Loc.isValid() && SM.isBeforeInTranslationUnit(Loc, Name)) {
    if (Lexer::getRawToken(Loc, Tok, SM, Ctx.getLangOpts(),
                           /*IgnoreWhiteSpace=*/true))
      return "";
    if (!SM.isBeforeInTranslationUnit(Tok.getLocation(), Name))
      break;
    if (Tok.isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (Tok.isOneOf(tok::r_paren, tok::r_square) && Depth > 0)
      --Depth;
    else if (Tok.is(tok::raw_identifier) && Depth == 0 &&
             !InQualifier(Tok.getLocation())) {
      StringRef Word = Tok.getRawIdentifier();
      if (Word != "__attribute__" && Word != "__declspec" &&
          Word != "alignas" && Word != "_Alignas")
        return "'" + Word.str() +
               "' in its declaration may export it from a library, and "
               "then its layout is " +
               Interface;
    }
    Loc = Tok.getEndLoc();
  }
  return "";
}

StringRef publicHeaderOf(SourceLocation Loc, const SourceManager &SM) {
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid() || SM.isInSystemHeader(Loc) || SM.isInMainFile(Loc))
    return "";
  OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(Loc));
  if (!File)
    return "";
  StringRef Directory = llvm::sys::path::parent_path(File->getName());
  for (auto It = llvm::sys::path::begin(Directory),
            End = llvm::sys::path::end(Directory);
       It != End; ++It)
    if (*It == "include")
      return File->getName();
  return "";
}

std::string publicInterfaceReason(const RecordDecl &RD, const ASTContext &Ctx) {
  std::string Export = libraryInterfaceReason(RD, Ctx);
  if (Export.empty() ||
      publicHeaderOf(RD.getLocation(), Ctx.getSourceManager()).empty())
    return "";
  return "it is declared in a public header (under 'include/'), and " + Export;
}

std::string publicFunctionReason(const FunctionDecl &F, const ASTContext &Ctx) {
  // A private member is called only by its class and the class's friends.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&F);
      Method && Method->getAccess() == AS_private)
    return "";
  for (const FunctionDecl *D : F.redecls())
    if (StringRef Header =
            publicHeaderOf(D->getLocation(), Ctx.getSourceManager());
        !Header.empty())
      return "it is declared in '" + Header.str() +
             "', a public header (under 'include/'): code outside this "
             "project may call it with what a view does not take";
  return "";
}

bool isSharedWithC(const RecordDecl &RD, const ASTContext &Ctx) {
  if (RD.getDeclContext()->isExternCContext())
    return true;
  if (Ctx.getLangOpts().CPlusPlus)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  return !SM.isInMainFile(SM.getExpansionLoc(RD.getLocation()));
}

} // namespace alloc_tidy
