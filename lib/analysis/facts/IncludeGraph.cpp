//===--- IncludeGraph.cpp -------------------------------------------------===//

#include "lib/analysis/facts/IncludeGraph.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloc_tidy {

void IncludeGraph::addInclusion(FileKey Includer, FileKey Included) {
  Edges[Includer].insert(Included);
}

bool IncludeGraph::reaches(FileKey From, FileKey To) const {
  std::set<FileKey> Seen = {From};
  std::vector<FileKey> Work = {From};
  while (!Work.empty()) {
    FileKey File = Work.back();
    Work.pop_back();
    if (File == To)
      return true;
    auto It = Edges.find(File);
    if (It == Edges.end())
      continue;
    for (const FileKey &Next : It->second)
      if (Seen.insert(Next).second)
        Work.push_back(Next);
  }
  return false;
}

bool headerSees(const Decl &D, SourceLocation Where, const IncludeGraph &Graph,
                const SourceManager &SM) {
  SourceLocation Loc = SM.getExpansionLoc(D.getLocation());
  Where = SM.getExpansionLoc(Where);
  // A class of the main file sees what this unit declares before it.
  if (SM.isInMainFile(Where))
    return SM.isBeforeInTranslationUnit(Loc, Where);
  OptionalFileEntryRef Header = SM.getFileEntryRefForID(SM.getFileID(Where));
  OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(Loc));
  if (!Header || !File)
    return false;
  if (File->getUniqueID() == Header->getUniqueID())
    return SM.isBeforeInTranslationUnit(Loc, Where);
  return Graph.reaches(Header->getUniqueID(), File->getUniqueID());
}

namespace {

class Recorder : public PPCallbacks {
public:
  Recorder(IncludeGraph &Graph, const SourceManager &SM)
      : Graph(Graph), SM(SM) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool, CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!File)
      return;
    OptionalFileEntryRef Includer =
        SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(HashLoc)));
    if (Includer)
      Graph.addInclusion(Includer->getUniqueID(), File->getUniqueID());
  }

private:
  IncludeGraph &Graph;
  const SourceManager &SM;
};

/// The standard header that declares \p D, when a fix-it that names it adds
/// that header itself: the containers and strings, and the traits and
/// allocators their default arguments name.
std::optional<std::string> providingStandardHeader(const NamedDecl &D) {
  if (!D.isInStdNamespace() || !D.getIdentifier())
    return std::nullopt;
  StringRef Name = D.getName();
  if (Name == "vector")
    return "<vector>";
  if (Name == "basic_string" || Name == "string" || Name == "wstring" ||
      Name == "u8string" || Name == "u16string" || Name == "u32string")
    return "<string>";
  // Named by the default arguments of those two: they come with them.
  if (Name == "char_traits" || Name == "allocator")
    return "";
  return std::nullopt;
}

class TypeWalk : public RecursiveASTVisitor<TypeWalk> {
public:
  TypeWalk(SourceLocation Where, const IncludeGraph &Graph,
           const ASTContext &Ctx, HeaderNeeds &Needs)
      : Where(Where), Graph(Graph), SM(Ctx.getSourceManager()), Needs(Needs) {}

  // The names the type is spelled with (the member is declared with the
  // local's type as written).
  bool VisitTypedefType(TypedefType *T) {
    require(T->getDecl(), /*Definition=*/false);
    return true;
  }
  bool VisitTagType(TagType *T) {
    require(T->getDecl(), /*Definition=*/false);
    return true;
  }
  bool VisitTemplateSpecializationType(TemplateSpecializationType *T) {
    if (const TemplateDecl *Template = T->getTemplateName().getAsTemplateDecl())
      require(Template, /*Definition=*/false);
    return true;
  }

  /// Every class the type holds by value must be complete wherever the
  /// header's class is destroyed or copied; the canonical type shows them
  /// whatever alias spelled them.
  void requireDefinitions(QualType T, unsigned Depth = 0) {
    if (T.isNull() || Depth > 8 || Needs.Unseen)
      return;
    T = T.getCanonicalType();
    if (T->isPointerType() || T->isReferenceType())
      return; // a declaration is enough, and the spelled walk saw it
    while (const ArrayType *Array = T->getAsArrayTypeUnsafe())
      T = Array->getElementType().getCanonicalType();
    const TagDecl *Tag = T->getAsTagDecl();
    if (!Tag)
      return;
    require(Tag, /*Definition=*/true);
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(Tag))
      for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
        if (Arg.getKind() == TemplateArgument::Type)
          requireDefinitions(Arg.getAsType(), Depth + 1);
  }

private:
  void require(const NamedDecl *D, bool Definition) {
    if (!D || Needs.Unseen)
      return;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D))
      D = Spec->getSpecializedTemplate();
    if (std::optional<std::string> Header = providingStandardHeader(*D)) {
      if (!Header->empty())
        Needs.StandardHeaders.insert(*Header);
      return;
    }
    const Decl *Target = D;
    if (Definition)
      if (const auto *Tag = dyn_cast<TagDecl>(D))
        Target = Tag->getDefinition();
    if (Target && seen(*Target))
      return;
    // A declaration the header sees is enough to name it.
    if (!Definition)
      for (const Decl *Redecl : D->redecls())
        if (seen(*Redecl))
          return;
    Needs.Unseen = D;
  }

  bool seen(const Decl &D) const { return headerSees(D, Where, Graph, SM); }

  SourceLocation Where;
  const IncludeGraph &Graph;
  const SourceManager &SM;
  HeaderNeeds &Needs;
};

} // namespace

std::unique_ptr<PPCallbacks> IncludeGraph::recorder(const SourceManager &SM) {
  return std::make_unique<Recorder>(*this, SM);
}

HeaderNeeds headerNeedsFor(QualType Type, SourceLocation Where,
                           const IncludeGraph &Graph, const ASTContext &Ctx) {
  HeaderNeeds Needs;
  TypeWalk Walk(Where, Graph, Ctx, Needs);
  Walk.TraverseType(Type);
  Walk.requireDefinitions(Type);
  return Needs;
}

} // namespace alloc_tidy
