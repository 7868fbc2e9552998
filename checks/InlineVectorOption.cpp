//===--- InlineVectorOption.cpp - option SmallVectorClass -----------------===//

#include "checks/InlineVectorOption.h"
#include "checks/TypeSpelling.h"
#include "clang/Lex/Preprocessor.h"

using namespace alloc_tidy;

namespace clang::tidy::alloc {

InlineVectorOption::InlineVectorOption(ClangTidyCheck &Check,
                                       ClangTidyCheck::OptionsView &Options,
                                       StringRef CheckName)
    : CheckName(CheckName),
      ClassName(Options.get("SmallVectorClass", "auto").str()),
      Header(Options.get("SmallVectorHeader", "").str()) {
  std::string Error;
  Auto = StringRef(ClassName).trim() == "auto";
  Usable = resolveInlineVectorClass(
      Auto ? StringRef("boost::container::small_vector") : StringRef(ClassName),
      Header, Configured, Error);
  if (!Usable) {
    Check.configurationDiag("invalid value '%0' for %1.SmallVectorClass: %2; "
                            "fix-its are disabled",
                            DiagnosticIDs::Error)
        << ClassName << CheckName << Error;
    Configured = inlineVectorPresets().front();
  }
}

void InlineVectorOption::store(ClangTidyCheck::OptionsView &Options,
                               ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "SmallVectorClass", ClassName);
  Options.store(Opts, "SmallVectorHeader", Header);
}

std::optional<InlineVectorClass> InlineVectorOption::classAt(SourceLocation Loc,
                                                             ASTContext &Ctx) {
  if (!Auto || !Usable)
    return Configured;
  if (!ClassesInUnit)
    ClassesInUnit = findInlineVectorClasses(Ctx);
  return ClassesInUnit->preferredAt(Loc, Ctx.getSourceManager());
}

std::string InlineVectorOption::whyNoClass(StringRef Example, StringRef Element,
                                           uint64_t StackElements) const {
  std::string Why =
      "this code uses no small-vector class (its own, or Boost's, LLVM's, "
      "Abseil's or folly's) nor their libraries, and a fix-it does not "
      "add a dependency; set " +
      CheckName + ".SmallVectorClass to the class to use, e.g. " +
      Example.str();
  if (StackElements == 0)
    return Why;
  // The standard library's own way, for a vector that stays in its
  // function: reserved once in a buffer on the stack, it never allocates.
  std::string N = std::to_string(StackElements);
  return Why + "; or, with the standard library alone, a std::pmr::vector<" +
         Element.str() + "> on a std::pmr::monotonic_buffer_resource over " +
         "a stack buffer of " + N + " elements, reserved to " + N;
}

bool headerFound(Preprocessor *PP, StringRef Header, SourceLocation Where,
                 const SourceManager &SM) {
  if (!PP)
    return true;
  bool Angled = Header.starts_with("<");
  StringRef Name = Header.drop_front().drop_back();
  OptionalFileEntryRef From =
      SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Where)));
  return PP
      ->LookupFile(Where, Name, Angled, nullptr,
                   From ? &From->getFileEntry() : nullptr, nullptr, nullptr,
                   nullptr, nullptr, nullptr, nullptr)
      .has_value();
}

StringRef includeSpelling(StringRef Header) {
  if (Header.size() >= 2 && Header.front() == '"' && Header.back() == '"')
    return Header.drop_front().drop_back();
  return Header;
}

// Not without a profile: the rewrite costs stack and code, worth it where a
// run shows the allocations.
std::optional<alloc_tidy::PmrLocalPlan>
planStackVector(const VarDecl &Var, TypeLoc Spelled,
                llvm::ArrayRef<alloc_tidy::ContainerUse> Uses,
                StringRef Element, QualType ElementType, uint64_t Capacity,
                uint64_t MaxBytes, Preprocessor *PP, ASTContext &Ctx) {
  std::optional<CharSourceRange> Type = templateTypeRange(Spelled);
  if (!Ctx.getLangOpts().CPlusPlus17 || !Type)
    return std::nullopt;
  alloc_tidy::PmrLocalPlan Plan = alloc_tidy::planPmrLocal(
      Var, Uses, *Type, Element,
      Ctx.getTypeSizeInChars(ElementType).getQuantity(), Capacity, MaxBytes,
      Ctx);
  if (Plan.Why.empty() &&
      !headerFound(PP, "<memory_resource>", Var.getLocation(),
                   Ctx.getSourceManager()))
    Plan.Why = "<memory_resource> is not found on this unit's include paths";
  return Plan;
}

} // namespace clang::tidy::alloc
