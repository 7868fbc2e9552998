//===--- WrittenType.cpp --------------------------------------------------===//

#include "lib/analysis/facts/WrittenType.h"
#include "lib/analysis/facts/IncludeGraph.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace alloc_tidy {
namespace {

/// The names the function's body declares (which its code finds before any
/// the class sees), and whether it has a using-directive.
struct FunctionScope {
  llvm::StringSet<> Names;
  bool UsingDirective = false;
};

FunctionScope scopeOf(const FunctionDecl &Function) {
  class Collector : public RecursiveASTVisitor<Collector> {
  public:
    explicit Collector(FunctionScope &Scope) : Scope(Scope) {}
    bool VisitNamedDecl(NamedDecl *D) {
      if (D->getIdentifier())
        Scope.Names.insert(D->getName());
      return true;
    }
    bool VisitUsingDirectiveDecl(UsingDirectiveDecl *) {
      Scope.UsingDirective = true;
      return true;
    }
    FunctionScope &Scope;
  };
  FunctionScope Scope;
  for (const ParmVarDecl *Param : Function.parameters())
    if (Param->getIdentifier())
      Scope.Names.insert(Param->getName());
  Collector C(Scope);
  if (Function.getBody())
    C.TraverseStmt(Function.getBody());
  return Scope;
}

/// Class-scope lookup of \p Name in \p Record: its own members, else its
/// bases' (false when a base is dependent).
bool lookUpInRecord(const CXXRecordDecl &Record, DeclarationName Name,
                    llvm::SmallVectorImpl<const NamedDecl *> &Found,
                    unsigned Depth = 0) {
  for (const NamedDecl *D : Record.lookup(Name))
    Found.push_back(D);
  if (!Found.empty())
    return true;
  if (Depth > 16)
    return false;
  for (const CXXBaseSpecifier &Base : Record.bases()) {
    const CXXRecordDecl *BaseRecord = Base.getType()->getAsCXXRecordDecl();
    if (!BaseRecord || !BaseRecord->hasDefinition())
      return false;
    if (!lookUpInRecord(*BaseRecord->getDefinition(), Name, Found, Depth + 1))
      return false;
  }
  return true;
}

/// The kinds of entity a type's spelling may start a name with.
bool namesTypeOrScope(const NamedDecl &D) {
  if (isa<FunctionTemplateDecl, VarTemplateDecl>(D))
    return false;
  return isa<TypeDecl, TemplateDecl, NamespaceDecl, NamespaceAliasDecl>(D);
}

/// Whether an unqualified \p Name written in \p Class's function finds, at
/// \p Class's closing brace, the same type, template or namespace: the
/// first scope out from the class that declares the name declares one
/// entity with it, and a declaration of it (or the using-declaration that
/// brings it) is seen there, in every unit that includes the class.
bool findsSameEntity(StringRef Name, const CXXRecordDecl &Class,
                     SourceLocation ClassEnd, const IncludeGraph &Includes,
                     ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  DeclarationName Key(&Ctx.Idents.get(Name));
  llvm::SmallVector<const NamedDecl *, 4> Found;
  for (const DeclContext *DC = &Class; DC; DC = DC->getParent()) {
    if (DC->isTransparentContext())
      continue;
    if (DC->isFunctionOrMethod())
      return false; // a local class: the function's names are not its own
    Found.clear();
    if (const auto *Record = dyn_cast<CXXRecordDecl>(DC)) {
      if (!lookUpInRecord(*Record, Key, Found))
        return false;
    } else {
      // A using-declaration is found beside the shadows that name what it
      // brings in; those are the entities.
      for (const NamedDecl *D : DC->lookup(Key))
        if (!isa<BaseUsingDecl>(D))
          Found.push_back(D);
    }
    if (Found.empty())
      continue;
    const Decl *Entity = Found.front()->getUnderlyingDecl()->getCanonicalDecl();
    bool Seen = false;
    for (const NamedDecl *D : Found) {
      const NamedDecl *Target = D->getUnderlyingDecl();
      if (Target->getCanonicalDecl() != Entity || !namesTypeOrScope(*Target))
        return false;
      for (const Decl *Redecl : D->redecls())
        Seen = Seen || headerSees(*Redecl, ClassEnd, Includes, SM);
    }
    return Seen;
  }
  return false; // only a using-directive makes it visible
}

} // namespace

std::optional<std::string> writtenTypeForMember(const VarDecl &Var,
                                                const FunctionDecl &Function,
                                                const CXXRecordDecl &Class,
                                                const IncludeGraph &Includes,
                                                ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  const TypeSourceInfo *Written = Var.getTypeSourceInfo();
  SourceLocation ClassEnd = Class.getBraceRange().getEnd();
  if (!Written || Var.getType().hasQualifiers() ||
      Var.getType()->getContainedDeducedType() || Class.isDependentContext() ||
      ClassEnd.isInvalid())
    return std::nullopt;
  SourceRange Range = Written->getTypeLoc().getSourceRange();
  if (Range.isInvalid() || !Range.getBegin().isFileID() ||
      !Range.getEnd().isFileID() ||
      SM.getFileID(Range.getBegin()) != SM.getFileID(Range.getEnd()))
    return std::nullopt;
  SourceLocation End =
      Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOpts);
  if (End.isInvalid())
    return std::nullopt;
  StringRef Text = Lexer::getSourceText(
      CharSourceRange::getCharRange(Range.getBegin(), End), SM, LangOpts);
  if (Text.empty() || Text.contains("//") || Text.contains("/*") ||
      Text.contains('\\'))
    return std::nullopt;

  // Each name the text starts a lookup with (not after "::").
  std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(Range.getBegin());
  StringRef Buffer = SM.getBufferData(Begin.first);
  Lexer Lex(SM.getLocForStartOfFile(Begin.first), LangOpts, Buffer.begin(),
            Buffer.begin() + Begin.second, Buffer.end());
  unsigned EndOffset = SM.getFileOffset(End);
  FunctionScope Scope = scopeOf(Function);
  if (Scope.UsingDirective)
    return std::nullopt;
  bool AfterScopeOperator = false;
  Token Tok;
  for (;;) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || SM.getFileOffset(Tok.getLocation()) >= EndOffset)
      break;
    if (!Tok.is(tok::raw_identifier)) {
      AfterScopeOperator = Tok.is(tok::coloncolon);
      continue;
    }
    IdentifierInfo &Identifier = Ctx.Idents.get(Tok.getRawIdentifier());
    if (Identifier.hadMacroDefinition())
      return std::nullopt;
    if (Identifier.isKeyword(LangOpts)) {
      tok::TokenKind Kind = Identifier.getTokenID();
      // Expressions in the type could name the function's locals.
      if (Kind == tok::kw_decltype || Kind == tok::kw_sizeof ||
          Kind == tok::kw_alignof || Kind == tok::kw_typeof ||
          Kind == tok::kw_noexcept || Kind == tok::kw_this ||
          Kind == tok::kw_auto)
        return std::nullopt;
      if (Kind != tok::kw_template)
        AfterScopeOperator = false;
      continue;
    }
    if (!AfterScopeOperator && (Scope.Names.contains(Identifier.getName()) ||
                                !findsSameEntity(Identifier.getName(), Class,
                                                 ClassEnd, Includes, Ctx)))
      return std::nullopt;
    AfterScopeOperator = false;
  }

  // One line: the type as the user wrote it, a line break made one space
  // (none just inside the brackets of a template argument list).
  std::string Line;
  for (char C : Text) {
    bool Space = C == '\n' || C == '\r' || C == '\t' || C == ' ';
    if (Space && (Line.empty() || Line.back() == ' ' || Line.back() == '<'))
      continue;
    // "> >" stays: it is how C++03 code closes two lists.
    if (C == '>' && Line.size() >= 2 && Line.back() == ' ' &&
        Line[Line.size() - 2] != '>')
      Line.pop_back();
    Line += Space ? ' ' : C;
  }
  while (!Line.empty() && Line.back() == ' ')
    Line.pop_back();
  return Line;
}

} // namespace alloc_tidy
