//===--- StlOption.cpp - option TargetSTL ---------------------------------===//

#include "checks/StlOption.h"

namespace clang::tidy::alloc {

StlOption::StlOption(ClangTidyCheck &Check,
                     ClangTidyCheck::OptionsView &Options, StringRef CheckName)
    : Value(Options.get("TargetSTL", "auto").str()) {
  if (Value == "auto")
    return;
  Flavor = alloc_tidy::parseStlFlavor(Value);
  if (!Flavor)
    Check.configurationDiag("invalid value '%0' for %1.TargetSTL; expected "
                            "'auto', 'libstdc++', 'libc++' or 'msvc'",
                            DiagnosticIDs::Error)
        << Value << CheckName;
}

void StlOption::store(ClangTidyCheck::OptionsView &Options,
                      ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "TargetSTL", Value);
}

alloc_tidy::StlFlavor StlOption::resolve(Preprocessor *PP) const {
  if (Flavor)
    return *Flavor;
  return PP ? alloc_tidy::detectStl(*PP) : alloc_tidy::StlFlavor::Unknown;
}

} // namespace clang::tidy::alloc
