//===--- ConstantTablePlan.cpp - a constant table as a sorted array ------===//

#include "lib/analysis/decisions/ConstantTablePlan.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Type.h"

using namespace clang;

namespace alloc_tidy {

namespace {

/// The template arguments of \p Var's type as its declaration spells them
/// (uint32_t, not unsigned int), else the specialization's.
llvm::SmallVector<QualType, 2> spelledArguments(const VarDecl &Var) {
  llvm::SmallVector<QualType, 2> Args;
  QualType Written = Var.getTypeSourceInfo()
                         ? Var.getTypeSourceInfo()->getType()
                         : Var.getType();
  if (const auto *Spec =
          Written.getUnqualifiedType()->getAs<TemplateSpecializationType>())
    for (const TemplateArgument &Arg : Spec->template_arguments()) {
      if (Arg.getKind() != TemplateArgument::Type)
        break;
      Args.push_back(Arg.getAsType());
    }
  return Args;
}

std::string elementSpelling(QualType T, const ASTContext &Ctx) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (Spec && Spec->isInStdNamespace() && Spec->getName() == "basic_string" &&
      Spec->getTemplateArgs()[0].getAsType()->isCharType())
    return Ctx.getLangOpts().CPlusPlus17 ? "std::string_view" : "const char *";
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  return T.getUnqualifiedType().getAsString(Policy);
}

} // namespace

ConstantTablePlan planConstantTable(const ConstantTable &Table,
                                    const ASTContext &Ctx) {
  ConstantTablePlan Plan;
  Plan.Container = "std::" + Table.Template;
  llvm::SmallVector<QualType, 2> Spelled = spelledArguments(*Table.Var);
  QualType Key = !Spelled.empty() ? Spelled[0] : Table.Key;
  std::string KeyText = elementSpelling(Key, Ctx);
  if (Table.Keyed) {
    QualType Mapped = Spelled.size() > 1 ? Spelled[1] : Table.Mapped;
    Plan.Element =
        "std::pair<" + KeyText + ", " + elementSpelling(Mapped, Ctx) + ">";
  } else {
    Plan.Element = KeyText;
  }
  bool Multi = StringRef(Table.Template).contains("multi");
  Plan.Search = Multi ? "std::equal_range" : "std::lower_bound";
  Plan.Constexpr = Ctx.getLangOpts().CPlusPlus14;
  return Plan;
}

std::string arrayDeclaration(const ConstantTablePlan &Plan,
                             llvm::StringRef Name) {
  std::string Array = (Name + "[]").str();
  if (Plan.Constexpr)
    return "static constexpr " + Plan.Element + " " + Array;
  // 'const char *' points to constants; the array must be one too.
  if (StringRef(Plan.Element).ends_with("*"))
    return "static " + Plan.Element + "const " + Array;
  return "static const " + Plan.Element + " " + Array;
}

} // namespace alloc_tidy
