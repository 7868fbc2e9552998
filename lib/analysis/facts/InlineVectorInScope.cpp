//===--- InlineVectorInScope.cpp - small vectors a unit already has -------===//

#include "lib/analysis/facts/InlineVectorInScope.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace alloc_tidy {

bool isInlineVectorName(llvm::StringRef Name) {
  // Asked of every class template of a unit: folded without a heap copy,
  // and given up once longer than the longest name it could be.
  llvm::SmallString<16> Folded;
  for (char C : Name) {
    if (C == '_')
      continue;
    if (Folded.size() == 13)
      return false;
    Folded.push_back(llvm::toLower(C));
  }
  return Folded == "smallvector" || Folded == "smallvec" ||
         Folded == "inlinedvector" || Folded == "inlinevector";
}

bool isVisibleAt(const Decl &D, SourceLocation Loc, const SourceManager &SM) {
  SourceLocation Use = SM.getExpansionLoc(Loc);
  SourceLocation Point = SM.getExpansionLoc(D.getLocation());
  if (Use.isInvalid() || Point.isInvalid())
    return false;
  FileID UseFile = SM.getFileID(Use);
  // Up the include stack of the declaration until the user's file: the
  // declaration, or the #include that brings it in, must come first there.
  for (FileID File = SM.getFileID(Point); File.isValid();) {
    if (File == UseFile)
      return SM.isBeforeInTranslationUnit(Point, Use);
    SourceLocation Include = SM.getIncludeLoc(File);
    if (Include.isInvalid())
      return false;
    Point = SM.getExpansionLoc(Include);
    File = SM.getFileID(Point);
  }
  return false;
}

namespace {

/// template <typename T, <integer> N, <defaulted>...>
bool hasVectorParameters(const TemplateParameterList &Params) {
  if (Params.size() < 2)
    return false;
  const auto *Element = dyn_cast<TemplateTypeParmDecl>(Params.getParam(0));
  const auto *Count = dyn_cast<NonTypeTemplateParmDecl>(Params.getParam(1));
  if (!Element || !Count || Element->isParameterPack() ||
      Count->isParameterPack() ||
      !Count->getType()->isIntegralType(Count->getASTContext()))
    return false;
  for (unsigned I = 2; I < Params.size(); ++I) {
    const NamedDecl *Param = Params.getParam(I);
    bool Defaulted = false;
    if (const auto *Type = dyn_cast<TemplateTypeParmDecl>(Param))
      Defaulted = Type->hasDefaultArgument();
    else if (const auto *Value = dyn_cast<NonTypeTemplateParmDecl>(Param))
      Defaulted = Value->hasDefaultArgument();
    else if (const auto *Template = dyn_cast<TemplateTemplateParmDecl>(Param))
      Defaulted = Template->hasDefaultArgument();
    if (!Defaulted)
      return false;
  }
  return true;
}

class Collector {
public:
  Collector(ASTContext &Ctx, InlineVectorClassesInUnit &Out)
      : SM(Ctx.getSourceManager()), Out(Out) {}

  void visit(const DeclContext &Context) {
    for (const Decl *D : Context.decls()) {
      if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
        if (NS->getParent()->isTranslationUnit())
          noteLibrary(*NS);
        visit(*NS);
      } else if (isa<LinkageSpecDecl, ExportDecl>(D)) {
        visit(*cast<DeclContext>(D));
      } else if (const auto *Template = dyn_cast<ClassTemplateDecl>(D)) {
        consider(*Template, Template->getTemplateParameters(),
                 Template->getTemplatedDecl()->hasDefinition());
      } else if (const auto *Alias = dyn_cast<TypeAliasTemplateDecl>(D)) {
        consider(*Alias, Alias->getTemplateParameters(), true);
      }
    }
  }

private:
  /// namespace boost { ... } at file scope: the unit uses Boost.
  void noteLibrary(const NamespaceDecl &NS) {
    if (!NS.getIdentifier())
      return;
    for (const InlineVectorClass &Preset : inlineVectorPresets())
      if (Preset.Name.split("::").first == NS.getName() &&
          !llvm::is_contained(Out.Libraries, &Preset))
        Out.Libraries.push_back(&Preset);
  }

  void consider(const NamedDecl &D, const TemplateParameterList *Params,
                bool Defined) {
    if (!D.getIdentifier())
      return;
    // Most class templates of a unit are the standard library's: their
    // qualified names are only built when the last part could match.
    llvm::StringRef Leaf = D.getName();
    if (!isInlineVectorName(Leaf) &&
        llvm::none_of(inlineVectorPresets(), [&](const InlineVectorClass &P) {
          return llvm::StringRef(P.Name).rsplit("::").second == Leaf;
        }))
      return;
    std::string Name = D.getQualifiedNameAsString();
    if (const InlineVectorClass *Preset = findInlineVectorPreset(Name)) {
      if (!llvm::is_contained(Out.Presets, Preset))
        Out.Presets.push_back(Preset);
      return;
    }
    if (!Defined || !Params || !isInlineVectorName(D.getName()) ||
        !hasVectorParameters(*Params) || D.isInAnonymousNamespace() ||
        SM.isInSystemHeader(SM.getExpansionLoc(D.getLocation())))
      return;
    for (const auto &Known : Out.Project)
      if (Known.Name == Name)
        return; // a redeclaration
    auto &Project = Out.Project.emplace_back();
    Project.Name = std::move(Name);
    Project.Decl = &D;
    Project.Class = projectInlineVectorClass(Project.Name);
    // Its constructors may differ between configurations (a project's
    // SmallVector is often Boost's under one #ifdef and a std::vector
    // wrapper under the other): only default construction is assumed.
    Project.Class.Constructions =
        1u << static_cast<unsigned>(VectorConstruction::Default);
  }

  const SourceManager &SM;
  InlineVectorClassesInUnit &Out;
};

} // namespace

std::optional<InlineVectorClass>
InlineVectorClassesInUnit::preferredAt(SourceLocation Loc,
                                       const SourceManager &SM) const {
  for (const ProjectClass &Own : Project)
    if (isVisibleAt(*Own.Decl, Loc, SM))
      return Own.Class;
  llvm::ArrayRef<InlineVectorClass> All = inlineVectorPresets();
  for (const InlineVectorClass &Preset : All)
    if (llvm::is_contained(Presets, &Preset))
      return Preset;
  for (const InlineVectorClass &Preset : All)
    if (llvm::is_contained(Libraries, &Preset))
      return Preset;
  return std::nullopt;
}

InlineVectorClassesInUnit findInlineVectorClasses(ASTContext &Ctx) {
  InlineVectorClassesInUnit Found;
  Collector(Ctx, Found).visit(*Ctx.getTranslationUnitDecl());
  return Found;
}

} // namespace alloc_tidy
